/**
 * What a host's phone keeps of guests (saved guest lists, door lists) is staff data: it goes once
 * the date's night is over (DOOR_CLOSES_AFTER_MS after the start, the morning after), and all of it
 * goes as soon as a fresh token says the account is no longer a host. Check-ins the server does not
 * have yet stay (order ids and times, nothing personal) until a host syncs them.
 */
import type { Catalogue } from '@yaari/domain/catalogue'
import { doorWindow } from '@yaari/domain/door'
import { SYNC, type YaariDb } from '../../lib/db'

/** "<uid>/<eventId>_<date>" back into its date. */
function nightOf(key: string): { eventId: string; date: string } | undefined {
  const match = /^[^/]+\/(.+)_(\d{4}-\d{2}-\d{2})$/.exec(key)
  return match ? { eventId: match[1] as string, date: match[2] as string } : undefined
}

function isOver(catalogue: Catalogue, key: string, now: number): boolean {
  const night = nightOf(key)
  const event = night && catalogue.eventById(night.eventId)
  // (an event that no longer exists: its night is over)
  return !night || !event || now > doorWindow(event, night.date).closes
}

/** Removes the saved guest and door lists (and synced check-ins) of dates whose night is over. */
export async function dropPastStaffData(db: YaariDb, catalogue: Catalogue, now = Date.now()): Promise<number> {
  return db.transaction('rw', db.hostLists, db.doorLists, db.checkIns, async () => {
    const hostKeys = (await db.hostLists.toCollection().primaryKeys()).filter((key) => isOver(catalogue, key, now))
    const doorKeys = (await db.doorLists.toCollection().primaryKeys()).filter((key) => isOver(catalogue, key, now))
    await db.hostLists.bulkDelete(hostKeys)
    await db.doorLists.bulkDelete(doorKeys)
    await db.checkIns.filter((row) => row.synced !== SYNC.waiting && isOver(catalogue, `x/${row.date}`, now)).delete()
    return hostKeys.length + doorKeys.length
  })
}

/** Removes every guest and door list this account saved: it is no longer a host. */
export async function forgetStaffData(db: YaariDb, uid: string): Promise<void> {
  await db.transaction('rw', db.hostLists, db.doorLists, async () => {
    await db.hostLists.where('uid').equals(uid).delete()
    await db.doorLists.where('uid').equals(uid).delete()
  })
}
