// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { SEED } from '@yaari/domain/catalogue-seed'
import { doorWindow, type LocalCheckIn } from '@yaari/domain/door'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { YaariDb } from '../../lib/db'
import { dropPastStaffData, forgetStaffData } from './staff-data'

const EVENT = 'midweek-wednesday-dinner'
/** A check-in as a door phone keeps it. */
const op = (id: string): LocalCheckIn => ({
  id,
  kind: 'in',
  orderId: 'yaari_20261202_order',
  at: 1,
  method: 'qr',
  door: 'Door A',
})
let db: YaariDb
let count = 0
beforeEach(() => {
  db = new YaariDb(`staff-${++count}`)
})
afterEach(() => db.close())

async function saveBoth(uid: string, date: string) {
  const key = `${uid}/${EVENT}_${date}`
  await db.hostLists.put({ key, uid, list: {}, at: 1 })
  await db.doorLists.put({ key, uid, list: {}, savedAt: 1 })
}

describe('staff data on a phone', () => {
  it('goes once the date’s night is over; a later date’s stays; unsynced check-ins stay', async () => {
    await saveBoth('host-1', '2026-12-02')
    await saveBoth('host-1', '2026-12-09')
    await db.checkIns.add({ uid: 'host-1', date: `${EVENT}_2026-12-02`, op: op('checkin-synced'), synced: 1 })
    await db.checkIns.add({ uid: 'host-1', date: `${EVENT}_2026-12-02`, op: op('checkin-waiting'), synced: 0 })
    const closes = doorWindow(SEED.eventById(EVENT)!, '2026-12-02').closes
    expect(await dropPastStaffData(db, SEED, closes)).toBe(0)
    expect(await dropPastStaffData(db, SEED, closes + 1)).toBe(2)
    expect(await db.hostLists.toCollection().primaryKeys()).toEqual([`host-1/${EVENT}_2026-12-09`])
    expect(await db.doorLists.toCollection().primaryKeys()).toEqual([`host-1/${EVENT}_2026-12-09`])
    expect((await db.checkIns.toArray()).map((row) => row.synced)).toEqual([0])
  })

  it('all of an account’s lists go when it is no longer a host; another host’s stay', async () => {
    await saveBoth('host-1', '2026-12-09')
    await saveBoth('host-2', '2026-12-09')
    await forgetStaffData(db, 'host-1')
    expect(await db.hostLists.toCollection().primaryKeys()).toEqual([`host-2/${EVENT}_2026-12-09`])
    expect(await db.doorLists.toCollection().primaryKeys()).toEqual([`host-2/${EVENT}_2026-12-09`])
  })
})
