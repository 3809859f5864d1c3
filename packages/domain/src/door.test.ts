import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { syncCheckInsSchema } from './door'

const EVENT = 'midweek-wednesday-dinner' as const
const DATE = '2026-12-02'
const ASHA = 'yaari_20261202_asha0001'
const at = Date.parse('2026-12-02T14:00:00Z')

describe('what a door phone sends', () => {
  it('is bounded and checked: ids, kinds, an undo names its check-in', () => {
    const op = { id: 'checkin-asha-1', kind: 'in', orderId: ASHA, at, method: 'qr' }
    const request = { eventId: EVENT, eventDate: DATE, door: 'Front door', ops: [op] }
    expect(v.safeParse(syncCheckInsSchema, request).success).toBe(true)
    expect(v.safeParse(syncCheckInsSchema, { ...request, ops: [{ ...op, kind: 'undo' }] }).success).toBe(false)
    expect(v.safeParse(syncCheckInsSchema, { ...request, ops: Array(101).fill(op) }).success).toBe(false)
    expect(v.safeParse(syncCheckInsSchema, { ...request, door: ' ' }).success).toBe(false)
    expect(v.safeParse(syncCheckInsSchema, { ...request, ops: [{ ...op, id: 'x' }] }).success).toBe(false)
  })
})
