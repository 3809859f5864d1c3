/**
 * The waitlist's rules over its records (lib/data/waitlist.ts, member-waits.ts): the order id an
 * offer is made under, who holds an offer's seat, and taking an entry off the line with its place.
 */
import { createHash } from 'node:crypto'
import type { Firestore } from 'firebase-admin/firestore'
import { freeWaitSlot } from '../../lib/data/member-waits'
import type { HoldOwner } from '../../lib/data/seats'
import { deleteEntry, type StoredEntry, type WaitlistEntry } from '../../lib/data/waitlist'
import type { BookingDeps } from '../../lib/records'

export type Deps = Pick<BookingDeps, 'firestore' | 'now' | 'catalogue'>

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

/** Takes an entry off the line for good (left, booked, or its date over) and frees its place. */
export async function removeEntry(firestore: Firestore, entry: StoredEntry): Promise<void> {
  await deleteEntry(firestore, entry.id)
  if (entry.wait_slot) await freeWaitSlot(firestore, entry.user_id, entry.wait_slot, entry.id)
}
