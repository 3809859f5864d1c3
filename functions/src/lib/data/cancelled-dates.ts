/**
 * cancelled_dates/{eventId}_{date}: a date the team cancelled (`npm run cancel-date`, or a host's
 * console), recorded once with its reason, and marked settled once every booking of it was refunded
 * or ended. The only module that names the collection (dev/lint/data-owners.test.mjs).
 */
import { cancelledDatePath } from '@yaari/domain/booking'
import type { Firestore } from 'firebase-admin/firestore'
import { isAlreadyExists } from '../claims'
import { collectionOf } from '../collections'
import { expiry } from '../retention'

/** Whether the team has cancelled this date. */
export async function isDateCancelled(firestore: Firestore, eventId: string, date: string): Promise<boolean> {
  return (await firestore.doc(cancelledDatePath(eventId, date)).get()).exists
}

/** Which of these dates of one event the team has cancelled (one read for all). */
export async function cancelledAmong(firestore: Firestore, eventId: string, dates: string[]): Promise<Set<string>> {
  if (dates.length === 0) return new Set()
  const snapshots = await firestore.getAll(...dates.map((date) => firestore.doc(cancelledDatePath(eventId, date))))
  return new Set(dates.filter((_, i) => snapshots[i]?.exists))
}

/** Records the date cancelled, once: whether this call did (the path it is recorded at, beside). */
export async function recordCancelledDate(
  firestore: Firestore,
  eventId: string,
  eventDate: string,
  reason: string,
  now: number,
): Promise<{ path: string; cancelled: boolean }> {
  const path = cancelledDatePath(eventId, eventDate)
  try {
    await firestore
      .doc(path)
      .create({ reason, cancelled_at: now, settled: false, ...expiry('cancelled_dates', now, eventDate) })
    return { path, cancelled: true }
  } catch (error) {
    if (isAlreadyExists(error)) return { path, cancelled: false }
    throw error
  }
}

/** Marks a cancelled date settled: every booking of it was refunded or ended. */
export async function markSettled(firestore: Firestore, eventId: string, eventDate: string): Promise<void> {
  await firestore.doc(cancelledDatePath(eventId, eventDate)).update({ settled: true })
}

/** The cancelled dates not settled yet. */
export async function unsettledDates(firestore: Firestore): Promise<{ eventId: string; eventDate: string }[]> {
  const open = await collectionOf(firestore, 'cancelled_dates').where('settled', '==', false).get()
  return open.docs.map((date) => ({
    eventId: date.id.slice(0, date.id.lastIndexOf('_')),
    eventDate: date.id.slice(date.id.lastIndexOf('_') + 1),
  }))
}
