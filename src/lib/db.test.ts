// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import Dexie from 'dexie'
import { afterEach, describe, expect, it } from 'vitest'
import { SYNC, YaariDb } from './db'

let count = 0
const opened: Dexie[] = []
afterEach(() => {
  for (const db of opened.splice(0)) db.close()
})

/** A device's database as an older release of the app left it: its own version and schema. */
async function installedBy(version: number, schema: Record<string, string>, rows: Record<string, object[]>) {
  const name = `installed-${++count}`
  const old = new Dexie(name)
  old.version(version).stores(schema)
  for (const [table, list] of Object.entries(rows)) await old.table(table).bulkAdd(list)
  old.close()
  return name
}

describe('YaariDb on a device an older release set up', () => {
  it('opens a version 1 database (a draft and the outbox) with what was saved, and every later table', async () => {
    const name = await installedBy(
      1,
      { drafts: 'uid', outbox: '++id, uid' },
      { drafts: [{ uid: 'm1', step: 3 }], outbox: [{ uid: 'm1', kind: 'profile' }] },
    )
    const db = new YaariDb(name)
    opened.push(db)
    expect(await db.drafts.get('m1')).toMatchObject({ step: 3 })
    expect(await db.outbox.where('uid').equals('m1').count()).toBe(1)
    await db.memberDrafts.put({ key: 'm1:feedback:o1', uid: 'm1', form: {}, updatedAt: 1 })
    await db.eventDrafts.put({ key: 'h1:new', uid: 'h1', form: {}, updatedAt: 1 })
    expect(await db.memberDrafts.where('uid').equals('m1').count()).toBe(1)
    await db.notices.put({ uid: 'm1', notices: [], unread: 0, off: [], savedAt: 1 })
    expect(await db.notices.get('m1')).toMatchObject({ unread: 0 })
  })

  it("keeps a door phone's unsent check-ins from version 7 and finds them by date alone (the index version 8 added)", async () => {
    const op = { id: 'c1', kind: 'in', orderId: 'o1', at: 1, method: 'qr', door: 'd1' }
    // Version 7's check-ins table (its other tables do not matter here): indexed by member and date only.
    const name = await installedBy(
      7,
      { checkIns: '++seq, uid, [uid+date+synced]' },
      { checkIns: [{ uid: 'h1', date: 'e_2026-12-02', op, synced: SYNC.waiting }] },
    )
    const db = new YaariDb(name)
    opened.push(db)
    const waiting = await db.checkIns.where('[date+synced]').equals(['e_2026-12-02', SYNC.waiting]).toArray()
    expect(waiting.map((row) => row.op)).toEqual([op])
  })
})
