// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { type Admission, type DoorList, type LocalCheckIn, SYNC_REFUSALS } from '@yaari/domain/door'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clearMemberData, unsyncedCheckIns, YaariDb } from '../../../lib/db'
import { readDoor, recordCheckIn, type SendCheckIns, saveDoorList, syncDoor } from './door-store'

const EVENT = 'midweek-wednesday-dinner'
const DATE = '2026-12-02'
const HOST = 'host-1'

let name: string
let db: YaariDb
let count = 0
beforeEach(() => {
  name = `door-${++count}`
  db = new YaariDb(name)
})
afterEach(() => db.close())

const list: DoorList = {
  eventId: EVENT,
  eventDate: DATE,
  expected: 3,
  guests: [],
  admissions: [],
  keys: { keys: {}, until: '2026-12-03T00:00:00.000Z' },
  readAt: '',
}
const op = (n: number, door = 'Front door', kind: 'in' | 'undo' = 'in'): LocalCheckIn => ({
  id: `checkin-${String(n).padStart(4, '0')}`,
  kind,
  orderId: `yaari_20261202_order${n}`,
  at: 1_800_000_000_000 + n,
  method: 'qr',
  door,
  ...(kind === 'undo' ? { of: `checkin-${String(n - 1).padStart(4, '0')}` } : {}),
})

/**
 * A server as syncCheckIns is: applies each check-in once by its id, refuses for good what `refuse`
 * names (or the whole request, for what `poison` names), and answers the date as it stands.
 */
function fakeServer({ refuse = new Set<string>(), poison = new Set<string>(), guests = list.guests } = {}) {
  const applied = new Map<string, LocalCheckIn>()
  const calls: { door: string; ids: string[] }[] = []
  const send: SendCheckIns = async (door, ops) => {
    calls.push({ door, ids: ops.map((o) => o.id) })
    if (ops.some((o) => poison.has(o.id)))
      throw Object.assign(new Error('ops: 1: at is not a time'), { code: 'functions/invalid-argument' })
    for (const o of ops) if (!applied.has(o.id) && !refuse.has(o.id)) applied.set(o.id, o)
    const admissions: Admission[] = [...applied.values()]
      .filter((o) => o.kind === 'in')
      .map((o) => ({
        orderId: o.orderId,
        checkInId: o.id,
        at: new Date(o.at).toISOString(),
        door,
        by: 'host',
        doubles: [],
      }))
    const refused = ops
      .filter((o) => refuse.has(o.id))
      .map((o) => ({ id: o.id, reason: 'undo-late' as const, message: SYNC_REFUSALS['undo-late'] }))
    return { ...list, guests, admissions, expected: 3, readAt: '2026-12-02T14:00:00.000Z', synced: ops.length, refused }
  }
  return { applied, calls, send }
}

/** The door list saved on the host's phone, and the check-ins `ops` made at the door since (none sent yet). */
async function doorWith(...ops: LocalCheckIn[]) {
  await saveDoorList(db, HOST, list, 1)
  for (const o of ops) await recordCheckIn(db, HOST, EVENT, DATE, o)
}
/** The date's door as the host's phone holds it (at `now`). */
const theDoor = (now?: number) => readDoor(db, HOST, EVENT, DATE, now)
/** The host's phone sends the date's check-ins through `send`: how many went. */
const sync = (send: SendCheckIns) => syncDoor(db, HOST, EVENT, DATE, send)

describe('the door outbox', () => {
  it('sends check-ins in the order made, marks them synced, and sends nothing twice', async () => {
    await doorWith(op(1), op(2), op(3))
    expect((await theDoor())?.unsynced).toBe(3)
    const server = fakeServer()
    expect(await sync(server.send)).toBe(3)
    expect(server.calls).toEqual([{ door: 'Front door', ids: ['checkin-0001', 'checkin-0002', 'checkin-0003'] }])
    const door = await theDoor()
    expect(door?.unsynced).toBe(0)
    expect(door?.list.admissions.map((a) => a.checkInId)).toEqual(['checkin-0001', 'checkin-0002', 'checkin-0003'])
    expect(door?.local.map((o) => o.id)).toEqual(['checkin-0001', 'checkin-0002', 'checkin-0003'])
    expect(await sync(server.send)).toBe(0)
    expect(server.calls).toHaveLength(1)
  })

  it('keeps a batch to one door name and the order across batches', async () => {
    await doorWith(op(1, 'Front door'), op(2, 'Back door'), op(3, 'Back door', 'undo'))
    const server = fakeServer()
    await sync(server.send)
    expect(server.calls).toEqual([
      { door: 'Front door', ids: ['checkin-0001'] },
      { door: 'Back door', ids: ['checkin-0002', 'checkin-0003'] },
    ])
  })

  it('a sync cut off (no answer, then the page reloads) leaves the check-ins to send again; the server applies each once', async () => {
    await doorWith(op(1), op(2))
    const server = fakeServer()
    // The server takes the batch, but the answer never arrives: the tab is closed mid-sync.
    void sync(async (door, ops) => {
      await server.send(door, ops)
      return new Promise(() => undefined)
    })
    await expect.poll(() => server.applied.size).toBe(2)
    db.close()
    db = new YaariDb(name) // the reloaded page
    expect((await theDoor())?.unsynced).toBe(2)
    await recordCheckIn(db, HOST, EVENT, DATE, op(3))
    expect(await sync(server.send)).toBe(3)
    expect(server.calls.at(-1)?.ids).toEqual(['checkin-0001', 'checkin-0002', 'checkin-0003'])
    expect(server.applied.size).toBe(3)
    expect((await theDoor())?.unsynced).toBe(0)
  })

  it('a failed send keeps everything unsynced; two syncs at once send once', async () => {
    await doorWith(op(1))
    await expect(
      sync(async () => {
        throw new Error('offline')
      }),
    ).rejects.toThrow('offline')
    expect((await theDoor())?.unsynced).toBe(1)
    const server = fakeServer()
    await Promise.all([sync(server.send), sync(server.send)])
    expect(server.calls).toHaveLength(1)
  })

  it('signing out removes the door list and what the server has, keeps what it does not', async () => {
    await doorWith(op(1))
    await sync(fakeServer().send)
    await recordCheckIn(db, HOST, EVENT, DATE, op(2))
    await clearMemberData(db, HOST)
    expect(await db.doorLists.count()).toBe(0)
    expect((await db.checkIns.toArray()).map((row) => row.op.id)).toEqual(['checkin-0002'])
  })

  it('an op the server refuses is set aside with its reason; the ops after it still go', async () => {
    await doorWith(op(1), op(2), op(3))
    const server = fakeServer({ refuse: new Set(['checkin-0002']) })
    expect(await sync(server.send)).toBe(2)
    const door = await theDoor()
    expect(door?.unsynced).toBe(0)
    expect(door?.setAside).toEqual([{ op: op(2), reason: SYNC_REFUSALS['undo-late'] }])
    expect([...server.applied.keys()]).toEqual(['checkin-0001', 'checkin-0003'])
    // Never sent again.
    expect(await sync(server.send)).toBe(0)
    expect(server.calls).toHaveLength(1)
  })

  it('a request the server refuses whole (a poison op) is sent one op at a time: only that op is set aside', async () => {
    await doorWith(op(1), op(2), op(3))
    const server = fakeServer({ poison: new Set(['checkin-0001']) })
    expect(await sync(server.send)).toBe(2)
    const door = await theDoor()
    expect(door?.setAside.map((entry) => [entry.op.id, entry.reason])).toEqual([
      ['checkin-0001', 'ops: 1: at is not a time'],
    ])
    expect([...server.applied.keys()]).toEqual(['checkin-0002', 'checkin-0003'])
  })

  it('each answer replaces the guests and keys: a seat refunded since the door was readied reads refunded', async () => {
    const asha = {
      orderId: 'yaari_20261202_asha',
      code: 'AAA-BBB',
      name: 'Asha Rao',
      tier: 'girls',
      state: 'paid' as const,
    }
    await saveDoorList(db, HOST, { ...list, guests: [asha] }, 1)
    await recordCheckIn(db, HOST, EVENT, DATE, op(1))
    const server = fakeServer({ guests: [{ ...asha, state: 'refunded' }] })
    await sync(server.send)
    const door = await theDoor()
    expect(door?.list.guests).toEqual([{ ...asha, state: 'refunded' }])
    expect(door?.list.readAt).toBe('2026-12-02T14:00:00.000Z')
  })

  it('the keys stop verifying after their end date', async () => {
    await saveDoorList(db, HOST, { ...list, keys: { keys: { k1: 'key' }, until: '2026-12-03T00:00:00.000Z' } }, 1)
    expect((await theDoor(Date.parse('2026-12-02T20:00:00Z')))?.keys).toEqual({ k1: 'key' })
    expect((await theDoor(Date.parse('2026-12-03T00:00:01Z')))?.keys).toEqual({})
  })

  it('check-ins left unsynced by a host who signed out are sent by the next host on this phone', async () => {
    await doorWith(op(1))
    await clearMemberData(db, HOST)
    await saveDoorList(db, 'host-2', list, 2)
    expect(await unsyncedCheckIns(db)).toEqual({ count: 1, date: `${EVENT}_${DATE}` })
    const server = fakeServer()
    expect(await syncDoor(db, 'host-2', EVENT, DATE, server.send)).toBe(1)
    expect(await unsyncedCheckIns(db)).toEqual({ count: 0 })
  })
})
