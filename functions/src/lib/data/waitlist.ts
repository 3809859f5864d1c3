/**
 * waitlist/{eventId}_{date}_{uid}: a member's place in a sold-out date's line, in the order members
 * joined (joined_at, then the entry id); an offer of a seat marks it offered, one not taken passed.
 * The only module that names the collection (dev/lint/data-owners.test.mjs): joining, leaving,
 * offers, the host's guest list, the account and the offer's mail read and write it through these.
 */
import { WAITLIST_STATUSES, type WaitlistStatus } from '@yaari/domain/waitlist'
import type { Firestore } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { isNotFound } from '../claims'
import { collectionOf } from '../collections'
import { checkedReader, deleteFound } from '../documents'
import { expiry } from '../retention'

const EntrySchema = v.object({
  user_id: v.string(),
  event_id: v.string(),
  event_date: v.string(),
  joined_at: v.number(),
  status: v.picklist(WAITLIST_STATUSES),
  /** Which of the member's MAX_WAITLISTS places this entry holds (member_waits/{uid}_{n}). */
  wait_slot: v.number(),
  /** Where the offer is emailed, and the name it greets (from the account and the profile). */
  attendee: v.object({ email: v.optional(v.string()), name: v.optional(v.string()) }),
  /** What the Insights tally notes its join under (random: never the uid). */
  tally_key: v.optional(v.string()),
  offer_order_id: v.optional(v.string()),
  offer_expires_at: v.optional(v.number()),
  offered_at: v.optional(v.number()),
})
export type WaitlistEntry = v.InferOutput<typeof EntrySchema>
/** An entry with its id (the document's). */
export type StoredEntry = WaitlistEntry & { id: string }

const waitlist = (firestore: Firestore) => collectionOf(firestore, 'waitlist')
const records = checkedReader('waitlist', EntrySchema)
const withId = (found: { id: string; record: WaitlistEntry }): StoredEntry => ({ ...found.record, id: found.id })
const ignoreGone = (error: unknown) => {
  if (!isNotFound(error)) throw error
}

/** The id of the member's entry for a date. */
export const entryId = (eventId: string, date: string, uid: string) => `${eventId}_${date}_${uid}`

/** An entry by id, if it is there. */
export async function readEntry(firestore: Firestore, id: string): Promise<StoredEntry | undefined> {
  const record = records.one(await waitlist(firestore).doc(id).get())
  return record && { ...record, id }
}

/** An offer's entry, by the path its mail keeps (waitlist/{id}), if it is still there. */
export async function readEntryAt(firestore: Firestore, path: string): Promise<StoredEntry | undefined> {
  const [collection, id, ...rest] = path.split('/')
  if (collection !== 'waitlist' || !id || rest.length > 0) return undefined
  return readEntry(firestore, id)
}

/** Where an offer's mail says its entry is (the mail looks the member up by it). */
export const entryPath = (id: string) => `waitlist/${id}`

const byTurn = (a: StoredEntry, b: StoredEntry) => a.joined_at - b.joined_at || a.id.localeCompare(b.id)

/** The entries of one date in these states, first in line first. */
export async function entriesOf(firestore: Firestore, eventId: string, date: string, statuses: WaitlistStatus[]) {
  const snapshot = await waitlist(firestore)
    .where('event_id', '==', eventId)
    .where('event_date', '==', date)
    .where('status', 'in', statuses)
    .get()
  return records.withIds(snapshot).map(withId).sort(byTurn)
}

/** Every entry of one date, whatever its state. */
export const entriesOfDate = async (firestore: Firestore, eventId: string, date: string) =>
  records
    .withIds(await waitlist(firestore).where('event_id', '==', eventId).where('event_date', '==', date).get())
    .map(withId)

/** Every entry of the member's. */
export const entriesOfMember = async (firestore: Firestore, uid: string) =>
  records.withIds(await waitlist(firestore).where('user_id', '==', uid).get()).map(withId)

/** The dates someone waits on or holds an offer for. */
export async function datesInLine(firestore: Firestore): Promise<{ eventId: string; date: string }[]> {
  const found = records.all(await waitlist(firestore).where('status', 'in', ['waiting', 'offered']).get())
  const keys = new Set(found.map((entry) => `${entry.event_id}|${entry.event_date}`))
  return [...keys].map((key) => {
    const [eventId = '', date = ''] = key.split('|')
    return { eventId, date }
  })
}

/** How many members wait on a date (offers not counted). */
export async function waitingCount(firestore: Firestore, eventId: string, date: string): Promise<number> {
  const query = waitlist(firestore)
    .where('event_id', '==', eventId)
    .where('event_date', '==', date)
    .where('status', '==', 'waiting')
  return (await query.count().get()).data().count
}

/** The states of these entries (undefined for one that is gone), in their order. */
export async function statusesOf(
  firestore: Firestore,
  ids: readonly string[],
): Promise<(WaitlistStatus | undefined)[]> {
  if (ids.length === 0) return []
  const snapshots = await firestore.getAll(...ids.map((id) => waitlist(firestore).doc(id)))
  return snapshots.map((snapshot) => records.one(snapshot)?.status)
}

/** Creates the entry (throws already-exists when the member joined at the same moment), kept until its date. */
export async function createEntry(firestore: Firestore, id: string, entry: WaitlistEntry, now: number): Promise<void> {
  await waitlist(firestore)
    .doc(id)
    .create({ ...entry, ...expiry('waitlist', now, entry.event_date) })
}

/** Deletes an entry (one already gone is not an error). */
export async function deleteEntry(firestore: Firestore, id: string): Promise<void> {
  await waitlist(firestore).doc(id).delete().catch(ignoreGone)
}

/** Marks the entry offered a seat; throws not-found when the member left the line meanwhile. */
export async function markOffered(
  firestore: Firestore,
  id: string,
  offer: Required<Pick<WaitlistEntry, 'offer_order_id' | 'offer_expires_at' | 'offered_at'>>,
): Promise<void> {
  await waitlist(firestore)
    .doc(id)
    .update({ status: 'offered', ...offer })
}

/** Marks an offer that ended untaken as passed (an entry already gone stays gone). */
export async function markPassed(firestore: Firestore, id: string): Promise<void> {
  await waitlist(firestore).doc(id).update({ status: 'passed' }).catch(ignoreGone)
}

/** Deletes every entry of the member's (their account is deleted; deleteMyAccount took them out of line first). */
export const forgetWaitlist = (firestore: Firestore, uid: string): Promise<void> =>
  deleteFound(waitlist(firestore).where('user_id', '==', uid))
