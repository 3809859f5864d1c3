import type { LocalCheckIn } from '@yaari/domain/door'
import { describe, expect, it } from 'vitest'
import { LOG_SIZE, recentChecks } from './door-log'

const op = (id: string, at: number, kind: 'in' | 'undo' = 'in'): LocalCheckIn => ({
  id,
  kind,
  orderId: `order-${id}`,
  at,
  method: 'qr',
  door: 'Front',
  ...(kind === 'undo' ? { of: 'a' } : {}),
})

describe("the door's last checks", () => {
  it('lists the check-ins the device holds and this session’s refusals, newest first, undos not as lines', () => {
    const log = recentChecks(
      [op('a', 1_000), op('u', 1_500, 'undo'), op('b', 3_000)],
      [{ at: 2_000, message: 'Refunded.' }],
    )
    expect(log).toEqual([
      { at: 3_000, checkIn: op('b', 3_000) },
      { at: 2_000, refused: 'Refunded.' },
      { at: 1_000, checkIn: op('a', 1_000) },
    ])
  })

  it(`keeps the last ${LOG_SIZE}`, () => {
    const local = Array.from({ length: LOG_SIZE + 5 }, (_, i) => op(`c${i}`, i))
    const log = recentChecks(local, [])
    expect(log).toHaveLength(LOG_SIZE)
    expect(log[0]).toEqual({ at: LOG_SIZE + 4, checkIn: op(`c${LOG_SIZE + 4}`, LOG_SIZE + 4) })
  })
})
