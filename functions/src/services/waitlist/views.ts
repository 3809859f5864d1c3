/** The waitlist as members see it: a member's own entries, with their place in line. */
import { istToday } from '@yaari/domain/schedule'
import type { WaitlistView } from '@yaari/domain/waitlist'
import type { Firestore } from 'firebase-admin/firestore'
import { nowOf } from '../../lib/context'
import { entriesOf, entriesOfMember, type StoredEntry } from '../../lib/data/waitlist'
import type { Deps } from './entries'

function toWaitlistView(entry: StoredEntry, line: StoredEntry[]): WaitlistView {
  const waiting = line.filter((other) => other.status === 'waiting')
  const position = waiting.findIndex((other) => other.id === entry.id) + 1
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

export async function viewOf(firestore: Firestore, entry: StoredEntry): Promise<WaitlistView> {
  return toWaitlistView(entry, await entriesOf(firestore, entry.event_id, entry.event_date, ['waiting']))
}

/** The member's entries on dates still to come, soonest first (listMyBookings). */
export async function myWaitlist(deps: Deps, uid: string): Promise<WaitlistView[]> {
  const { firestore } = deps
  const today = istToday(new Date(nowOf(deps)))
  const mine = (await entriesOfMember(firestore, uid)).filter((entry) => entry.event_date >= today)
  const views = await Promise.all(mine.map((entry) => viewOf(firestore, entry)))
  return views.sort((a, b) => a.eventDate.localeCompare(b.eventDate) || a.eventId.localeCompare(b.eventId))
}
