/**
 * The door on the phone: the saved door list and pass keys (doorLists), and the check-ins made
 * here (checkIns), written to the device first and taken to the server by syncDoor when there is a
 * connection. A check-in stays unsynced until the server has answered for it: a reload, a crash or
 * a lost answer mid-sync only means it is sent again, which the server applies once (by its id).
 */
import type { Admission, DoorList, LocalCheckIn } from '@yaari/domain/door'
import { SYNC_BATCH } from '@yaari/domain/door'
import type { YaariDb } from '../../../lib/db'

const dateKey = (eventId: string, date: string) => `${eventId}_${date}`
const listKey = (uid: string, eventId: string, date: string) => `${uid}/${dateKey(eventId, date)}`

export interface SavedDoor {
  list: DoorList
  keys: Record<string, string>
  savedAt: number
  syncedAt?: number
  /** Every check-in and undo made on this phone for the date, in order. */
  local: LocalCheckIn[]
  /** How many of them the server does not have yet. */
  unsynced: number
}

/** Saves the door list and keys ("Get ready for the door"); this phone's check-ins are kept. */
export async function saveDoorList(
  db: YaariDb,
  uid: string,
  list: DoorList,
  keys: Record<string, string>,
  now: number,
): Promise<void> {
  const key = listKey(uid, list.eventId, list.eventDate)
  const held = await db.doorLists.get(key)
  await db.doorLists.put({ key, uid, list, keys, savedAt: now, ...(held?.syncedAt ? { syncedAt: held.syncedAt } : {}) })
}

/** The door as this phone holds it, or undefined before it was readied. */
export async function readDoor(
  db: YaariDb,
  uid: string,
  eventId: string,
  date: string,
): Promise<SavedDoor | undefined> {
  const [row, checkIns] = await Promise.all([
    db.doorLists.get(listKey(uid, eventId, date)),
    db.checkIns
      .where('uid')
      .equals(uid)
      .and((r) => r.date === dateKey(eventId, date))
      .sortBy('seq'),
  ])
  if (!row) return undefined
  return {
    list: row.list as DoorList,
    keys: row.keys,
    savedAt: row.savedAt,
    ...(row.syncedAt ? { syncedAt: row.syncedAt } : {}),
    local: checkIns.map((r) => r.op as LocalCheckIn),
    unsynced: checkIns.filter((r) => r.synced === 0).length,
  }
}

/** Records a check-in (or an undo) on this phone, after everything made before it. */
export async function recordCheckIn(db: YaariDb, uid: string, eventId: string, date: string, op: LocalCheckIn) {
  await db.checkIns.add({ uid, date: dateKey(eventId, date), op, synced: 0 })
}

/** What the server says of the date after a sync (every door's admissions) replaces what the phone held. */
export async function saveAdmissions(
  db: YaariDb,
  uid: string,
  eventId: string,
  date: string,
  answer: { admissions: Admission[]; expected: number },
) {
  const key = listKey(uid, eventId, date)
  const held = await db.doorLists.get(key)
  if (!held) return
  const list = { ...(held.list as DoorList), admissions: answer.admissions, expected: answer.expected }
  await db.doorLists.put({ ...held, list, syncedAt: Date.now() })
}

/** Takes a batch of check-ins (all from one door name, in order) to the server. */
export type SendCheckIns = (door: string, ops: LocalCheckIn[]) => Promise<{ admissions: Admission[]; expected: number }>

/** The sync under way per database and date (a reloaded page starts afresh). */
const inFlight = new WeakMap<YaariDb, Map<string, Promise<number>>>()

/**
 * Sends this phone's unsynced check-ins of a date, oldest first, in batches of one door name;
 * each batch is marked synced only once the server answered for it. One sync at a time per date
 * (a second call joins the first). How many went.
 */
export function syncDoor(db: YaariDb, uid: string, eventId: string, date: string, send: SendCheckIns) {
  const key = listKey(uid, eventId, date)
  const syncs = inFlight.get(db) ?? new Map<string, Promise<number>>()
  inFlight.set(db, syncs)
  const running = syncs.get(key)
  if (running) return running
  const run = (async () => {
    let sent = 0
    for (;;) {
      const pending = await db.checkIns
        .where('[uid+date+synced]')
        .equals([uid, dateKey(eventId, date), 0])
        .sortBy('seq')
      if (pending.length === 0) break
      const door = (pending[0]?.op as LocalCheckIn | undefined)?.door
      const batch: typeof pending = []
      for (const row of pending) {
        if ((row.op as LocalCheckIn).door !== door || batch.length === SYNC_BATCH) break
        batch.push(row)
      }
      const answer = await send(
        door ?? '',
        batch.map((row) => row.op as LocalCheckIn),
      )
      await db.transaction('rw', db.checkIns, db.doorLists, async () => {
        await db.checkIns.bulkUpdate(batch.map((row) => ({ key: row.seq as number, changes: { synced: 1 as const } })))
        await saveAdmissions(db, uid, eventId, date, answer)
      })
      sent += batch.length
    }
    return sent
  })()
  syncs.set(key, run)
  return run.finally(() => syncs.delete(key))
}
