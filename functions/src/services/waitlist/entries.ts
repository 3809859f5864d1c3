/**
 * The waitlist's records: an entry per member and date, waitlist/{eventId}_{date}_{uid}, in the
 * order members joined (joined_at, then the entry id), each holding one of the member's
 * MAX_WAITLISTS places (member_waits/{uid}_{n}, claimed with create() like the unpaid holds).
 */
import { createHash } from 'node:crypto'
import type { WaitlistStatus } from '@yaari/domain/waitlist'
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore'
import { collectionOf, refs } from '../../lib/collections'
import { reader } from '../../lib/documents'
import { type BookingDeps, isNotFound } from '../../lib/records'
import type { HoldOwner } from '../seats'

export interface WaitlistEntry {
  user_id: string
  event_id: string
  event_date: string
  joined_at: number
  status: WaitlistStatus
  /** Which of the member's MAX_WAITLISTS places this entry holds (member_waits/{uid}_{n}). */
  wait_slot: number
  /** Where the offer is emailed, and the name it greets (from the account and the profile). */
  attendee: { email?: string; name?: string }
  /** What the Insights tally notes its join under (random: never the uid). */
  tally_key?: string
  offer_order_id?: string
  offer_expires_at?: number
  offered_at?: number
}

/** The documents of waitlist/ as entries. */
export const waitlistEntries = reader<WaitlistEntry>()

export type Deps = Pick<BookingDeps, 'firestore' | 'now' | 'catalogue'>

export const entryRef = (firestore: Firestore, eventId: string, date: string, uid: string) =>
  refs.waitlistEntry(firestore, eventId, date, uid)

export const waitSlotRef = (firestore: Firestore, uid: string, n: number) => refs.memberWait(firestore, uid, n)

/** The order id of the offer made to this entry: every run that offers it derives the same. */
export function offerOrderId(entry: Pick<WaitlistEntry, 'user_id' | 'event_id' | 'event_date' | 'joined_at'>) {
  const hash = createHash('sha256')
    .update(`offer:${entry.user_id}:${entry.event_id}:${entry.event_date}:${entry.joined_at}`)
    .digest('base64url')
    .replace(/[^A-Za-z0-9]/g, 'x')
  return `yaari_${entry.event_date.replaceAll('-', '')}_w${hash.slice(0, 11)}`
}

export const offerOwner = (entry: WaitlistEntry, orderId: string): HoldOwner => ({
  order_id: orderId,
  user_id: entry.user_id,
  event_id: entry.event_id,
  event_date: entry.event_date,
})

const byTurn = (a: DocumentSnapshot, b: DocumentSnapshot) =>
  Number(a.get('joined_at')) - Number(b.get('joined_at')) || a.id.localeCompare(b.id)

/** The entries of one date in these states, first in line first. */
export async function entriesOf(firestore: Firestore, eventId: string, date: string, statuses: WaitlistStatus[]) {
  const snapshot = await collectionOf(firestore, 'waitlist')
    .where('event_id', '==', eventId)
    .where('event_date', '==', date)
    .where('status', 'in', statuses)
    .get()
  return [...snapshot.docs].sort(byTurn)
}

/** Takes an entry off the line for good (left, booked, or its date over) and frees its place. */
export async function removeEntry(firestore: Firestore, entry: DocumentSnapshot): Promise<void> {
  const slot = Number(entry.get('wait_slot'))
  await entry.ref.delete().catch((error) => {
    if (!isNotFound(error)) throw error
  })
  if (slot) await freeWaitSlot(firestore, String(entry.get('user_id')), slot, entry.id)
}

export async function freeWaitSlot(firestore: Firestore, uid: string, n: number, entryId: string): Promise<void> {
  const ref = waitSlotRef(firestore, uid, n)
  const snapshot = await ref.get()
  if (snapshot.get('entry_id') === entryId) await ref.delete({ lastUpdateTime: snapshot.updateTime! }).catch(() => {})
}
