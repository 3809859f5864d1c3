/** The waitlist as members see it: how many wait on a date, and a member's own entries with their place. */
import { istToday } from '@yaari/domain/schedule'
import type { WaitlistView } from '@yaari/domain/waitlist'
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore'
import { collectionOf } from '../../lib/collections'
import { nowOf } from '../../lib/records'
import { type Deps, entriesOf, type WaitlistEntry, waitlistEntries } from './entries'

/** How many members wait on a date (offers not counted). */
export async function waitingCount(firestore: Firestore, eventId: string, date: string): Promise<number> {
  const query = collectionOf(firestore, 'waitlist')
    .where('event_id', '==', eventId)
    .where('event_date', '==', date)
    .where('status', '==', 'waiting')
  return (await query.count().get()).data().count
}

function toWaitlistView(entry: WaitlistEntry, line: DocumentSnapshot[], id: string): WaitlistView {
  const waiting = line.filter((doc) => doc.get('status') === 'waiting')
  const position = waiting.findIndex((doc) => doc.id === id) + 1
  return {
    eventId: entry.event_id,
    eventDate: entry.event_date,
    status: entry.status,
    ...(entry.status === 'waiting' && position > 0 ? { position } : {}),
    waiting: waiting.length,
    joinedAt: new Date(entry.joined_at).toISOString(),
    ...(entry.status === 'offered' && entry.offer_expires_at
      ? { offerExpiresAt: new Date(entry.offer_expires_at).toISOString() }
      : {}),
  }
}

export async function viewOf(firestore: Firestore, snapshot: DocumentSnapshot): Promise<WaitlistView> {
  const entry = waitlistEntries.existing(snapshot)
  const line = await entriesOf(firestore, entry.event_id, entry.event_date, ['waiting'])
  return toWaitlistView(entry, line, snapshot.id)
}

/** The member's entries on dates still to come, soonest first (listMyBookings). */
export async function myWaitlist(deps: Deps, uid: string): Promise<WaitlistView[]> {
  const { firestore } = deps
  const today = istToday(new Date(nowOf(deps)))
  const snapshot = await collectionOf(firestore, 'waitlist').where('user_id', '==', uid).get()
  const mine = snapshot.docs.filter((doc) => String(doc.get('event_date')) >= today)
  const views = await Promise.all(mine.map((doc) => viewOf(firestore, doc)))
  return views.sort((a, b) => a.eventDate.localeCompare(b.eventDate) || a.eventId.localeCompare(b.eventId))
}
