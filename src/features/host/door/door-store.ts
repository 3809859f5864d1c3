/**
 * The door on the phone: the saved door list with the pass keys (doorLists), and the check-ins made
 * here (checkIns), written to the device first and taken to the server by syncDoor when there is a
 * connection. A check-in stays unsynced until the server has answered for it: a reload, a crash or
 * a lost answer mid-sync only means it is sent again, which the server applies once (by its id).
 * Each answer is the date as the server now has it (guests' states, admissions, keys), and replaces
 * what the phone held: a seat refunded after the door was readied is refused once the phone syncs.
 * An op the server refuses for good is set aside with its reason, and the rest still go.
 */
import { type DoorList, type DoorSyncAnswer, keysInForce, type LocalCheckIn, SYNC_BATCH } from '@yaari/domain/door'
import type { PassPublicKeys } from '@yaari/domain/pass'
import { type CheckInRow, SYNC, type YaariDb } from '../../../lib/db'

const dateKey = (eventId: string, date: string) => `${eventId}_${date}`
const listKey = (uid: string, eventId: string, date: string) => `${uid}/${dateKey(eventId, date)}`

export interface SavedDoor {
  list: DoorList
  /** The pass keys in force now (none once their end date has passed). */
  keys: PassPublicKeys
  savedAt: number
  syncedAt?: number
  /** Every check-in and undo made on this phone for the date, in order. */
  local: LocalCheckIn[]
  /** How many of them the server does not have yet. */
  unsynced: number
  /** Those the server refused for good, with why. */
  setAside: { op: LocalCheckIn; reason: string }[]
}

/** Saves the door list, with its keys ("Get ready for the door"); this phone's check-ins are kept. */
export async function saveDoorList(db: YaariDb, uid: string, list: DoorList, now: number): Promise<void> {
  const key = listKey(uid, list.eventId, list.eventDate)
  const held = await db.doorLists.get(key)
  await db.doorLists.put({ key, uid, list, savedAt: now, ...(held?.syncedAt ? { syncedAt: held.syncedAt } : {}) })
}

/** The door as this phone holds it for this host, or undefined before they readied it. */
export async function readDoor(
  db: YaariDb,
  uid: string,
  eventId: string,
  date: string,
  now = Date.now(),
): Promise<SavedDoor | undefined> {
  const [row, checkIns] = await Promise.all([
    db.doorLists.get(listKey(uid, eventId, date)),
    // This phone's check-ins of the date, whoever was signed in when they were made.
    db.checkIns
      .where('[date+synced]')
      .anyOf(Object.values(SYNC).map((synced) => [dateKey(eventId, date), synced]))
      .sortBy('seq'),
  ])
  if (!row) return undefined
  const list = row.list as DoorList
  return {
    list,
    // A list saved before lists carried their keys: the keys saved beside it.
    keys: list.keys ? keysInForce(list.keys, now) : (row.keys ?? {}),
    savedAt: row.savedAt,
    ...(row.syncedAt ? { syncedAt: row.syncedAt } : {}),
    local: checkIns.map((r) => r.op),
    unsynced: checkIns.filter((r) => r.synced === SYNC.waiting).length,
    setAside: checkIns
      .filter((r) => r.synced === SYNC.refused)
      .map((r) => ({ op: r.op, reason: r.refusal ?? 'Refused by the server.' })),
  }
}

/** Records a check-in (or an undo) on this phone, after everything made before it. */
export async function recordCheckIn(db: YaariDb, uid: string, eventId: string, date: string, op: LocalCheckIn) {
  await db.checkIns.add({ uid, date: dateKey(eventId, date), op, synced: SYNC.waiting })
}

/** What the server says of the date (every guest's state, every door's admissions, the keys) replaces what the phone held. */
async function applyDoorAnswer(
  db: YaariDb,
  uid: string,
  eventId: string,
  date: string,
  answer: DoorList,
  now = Date.now(),
) {
  const key = listKey(uid, eventId, date)
  const held = await db.doorLists.get(key)
  if (!held) return
  const list: DoorList = {
    eventId: answer.eventId,
    eventDate: answer.eventDate,
    expected: answer.expected,
    guests: answer.guests,
    admissions: answer.admissions,
    keys: answer.keys,
    readAt: answer.readAt,
  }
  await db.doorLists.put({ ...held, list, syncedAt: now })
}

/** Takes a batch of check-ins (all from one door name, in order) to the server. */
export type SendCheckIns = (door: string, ops: LocalCheckIn[]) => Promise<DoorSyncAnswer>

/** Whether the server refused the request itself (not the line): sending it again as it is would fail again. */
const refusedForGood = (error: unknown) => {
  const code = (error as { code?: unknown } | undefined)?.code
  return code === 'functions/invalid-argument' || code === 'functions/failed-precondition'
}

/** The sync under way per database and date (a reloaded page starts afresh). */
const inFlight = new WeakMap<YaariDb, Map<string, Promise<number>>>()

/**
 * Sends the unsynced check-ins of a date made on this phone (by whichever host was signed in:
 * one who signed out at the door loses nobody's entry), oldest first, in batches of one door name;
 * each batch is marked synced only once the server answered for it, and the answer is applied. An
 * op the server refuses is set aside with its reason; a batch the server refuses whole is sent one
 * op at a time, so one bad op never holds back the rest. One sync at a time per date (a second call
 * joins the first). How many went.
 */
export function syncDoor(db: YaariDb, uid: string, eventId: string, date: string, send: SendCheckIns) {
  const key = listKey(uid, eventId, date)
  const syncs = inFlight.get(db) ?? new Map<string, Promise<number>>()
  inFlight.set(db, syncs)
  const running = syncs.get(key)
  if (running) return running
  const run = (async () => {
    let sent = 0
    let oneAtATime = false
    for (;;) {
      const pending = await db.checkIns
        .where('[date+synced]')
        .equals([dateKey(eventId, date), SYNC.waiting])
        .sortBy('seq')
      if (pending.length === 0) break
      const door = pending[0]?.op.door ?? ''
      const batch: CheckInRow[] = []
      for (const row of pending) {
        if (row.op.door !== door || batch.length === (oneAtATime ? 1 : SYNC_BATCH)) break
        batch.push(row)
      }
      let answer: DoorSyncAnswer
      try {
        answer = await send(
          door,
          batch.map((row) => row.op),
        )
      } catch (error) {
        if (!refusedForGood(error)) throw error
        if (batch.length > 1) {
          oneAtATime = true
          continue
        }
        const reason = (error as { message?: unknown }).message
        await db.checkIns.update(batch[0]?.seq as number, {
          synced: SYNC.refused,
          refusal: typeof reason === 'string' ? reason : 'Refused by the server.',
        })
        continue
      }
      const refused = new Map(answer.refused.map((entry) => [entry.id, entry.message]))
      await db.transaction('rw', db.checkIns, db.doorLists, async () => {
        await db.checkIns.bulkUpdate(
          batch.map((row) => {
            const reason = refused.get(row.op.id)
            return {
              key: row.seq as number,
              changes: reason ? { synced: SYNC.refused, refusal: reason } : { synced: SYNC.taken },
            }
          }),
        )
        await applyDoorAnswer(db, uid, eventId, date, answer)
      })
      sent += batch.length - refused.size
    }
    return sent
  })()
  syncs.set(key, run)
  return run.finally(() => syncs.delete(key))
}

/**
 * Syncs the date with the server: sends what waits (syncDoor) and, with nothing to send, asks
 * anyway, to learn what the other doors did and who was refunded since. How many went.
 */
export async function syncNow(
  db: YaariDb,
  uid: string,
  eventId: string,
  date: string,
  door: string,
  send: SendCheckIns,
): Promise<number> {
  const sent = await syncDoor(db, uid, eventId, date, send)
  if (sent === 0) await applyDoorAnswer(db, uid, eventId, date, await send(door, []))
  return sent
}
