/**
 * Joining and leaving a sold-out date's line (joinWaitlist, leaveWaitlist): an entry is created
 * once (a second join finds it); leaving frees the member's place, and a seat offered to them goes
 * to the next member waiting.
 */

import { randomUUID } from 'node:crypto'
import { BOOKING_MESSAGES } from '@yaari/domain/booking'
import type { RequestOf } from '@yaari/domain/callable'
import type { Catalogue, YaariEvent } from '@yaari/domain/catalogue'
import { isBookableDate } from '@yaari/domain/schedule'
import {
  type joinWaitlistCall,
  type leaveWaitlistCall,
  WAITLIST_MESSAGES,
  type WaitlistView,
} from '@yaari/domain/waitlist'
import type { Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import { isAlreadyExists } from '../../lib/claims'
import { nowOf } from '../../lib/context'
import { readBooking } from '../../lib/data/bookings'
import { isDateCancelled } from '../../lib/data/cancelled-dates'
import { readDateSettings } from '../../lib/data/date-settings'
import { noteTally } from '../../lib/data/insight-tallies'
import { liveDateClaim } from '../../lib/data/member-dates'
import { claimWaitSlot, freeWaitSlot } from '../../lib/data/member-waits'
import { refusalFor } from '../../lib/data/moderation'
import { countLiveSeats } from '../../lib/data/seats'
import { readProfile } from '../../lib/data/user-profiles'
import {
  createEntry,
  deleteEntry,
  entryId,
  readEntry,
  type StoredEntry,
  statusesOf,
  type WaitlistEntry,
  waitingCount,
} from '../../lib/data/waitlist'
import type { BookingDeps } from '../../lib/records'
import { type Deps, removeEntry } from './entries'
import { freeUnbookedOffer, offerQuietly } from './offers'
import { viewOf } from './views'

function bookableEvent(catalogue: Catalogue, input: { eventId: string; eventDate: string }, now: number): YaariEvent {
  const event = catalogue.eventById(input.eventId)
  if (!event) throw new HttpsError('invalid-argument', 'eventId: Unknown event')
  if (!isBookableDate(event, input.eventDate, new Date(now))) {
    throw new HttpsError('failed-precondition', WAITLIST_MESSAGES.notBookable)
  }
  return event
}

/** Which of these entries no longer hold a place: gone, or out of line (a removal cut off). */
const outOfLine = async (firestore: Firestore, ids: string[]) =>
  (await statusesOf(firestore, ids)).map((status) => status !== 'waiting' && status !== 'offered')

/**
 * Notes a join for the Insights numbers: under the entry's own random key (older entries: their id
 * and join time), so a retry notes the same key and the tally never holds a uid.
 */
const noteJoin = (firestore: Firestore, entry: WaitlistEntry, now: number) =>
  noteTally(
    firestore,
    entry.event_id,
    entry.event_date,
    'joins',
    entry.tally_key ?? `${entry.event_id}_${entry.event_date}:${entry.joined_at}:${entry.wait_slot}`,
    now,
  )

/** joinWaitlist: puts the member in line for a sold-out date (once); their place in it. */
export async function joinWaitlist(
  deps: BookingDeps,
  member: { uid: string; email: string | undefined },
  input: RequestOf<typeof joinWaitlistCall>,
): Promise<{ entry: WaitlistView }> {
  const { catalogue } = deps
  const { firestore } = deps
  const now = nowOf(deps)
  const event = bookableEvent(catalogue, input, now)
  // An archived event, or one of a city that is not live, takes no new places in line.
  if (!catalogue.isOnSale(event)) throw new HttpsError('failed-precondition', WAITLIST_MESSAGES.notOnSale)
  const id = entryId(event.id, input.eventDate, member.uid)
  const [profile, cancelled, existing, dateClaim, claimed, waiting, settings, barred] = await Promise.all([
    readProfile(firestore, member.uid),
    isDateCancelled(firestore, event.id, input.eventDate),
    readEntry(firestore, id),
    liveDateClaim(firestore, member.uid, event.id, input.eventDate, now),
    countLiveSeats(firestore, event.id, input.eventDate, now),
    waitingCount(firestore, event.id, input.eventDate),
    readDateSettings(firestore, event, input.eventDate),
    refusalFor(firestore, member.uid, now),
  ])
  if (barred) throw new HttpsError('permission-denied', barred)
  if (cancelled) throw new HttpsError('failed-precondition', WAITLIST_MESSAGES.dateCancelled)
  if (settings.salesClosed) throw new HttpsError('failed-precondition', WAITLIST_MESSAGES.salesClosed)
  if (!profile) throw new HttpsError('failed-precondition', BOOKING_MESSAGES.profileRequired)
  if (existing?.status === 'waiting' || existing?.status === 'offered') {
    // A retry of a join whose answer was lost: its join is noted (once, under the same key).
    await noteJoin(firestore, existing, now)
    return { entry: await viewOf(firestore, existing) }
  }
  if (dateClaim) {
    const booking = await readBooking(firestore, dateClaim)
    if (booking && (booking.status === 'pending' || booking.status === 'confirmed')) {
      throw new HttpsError('failed-precondition', WAITLIST_MESSAGES.alreadyBooked)
    }
  }
  if (claimed < settings.seatNumbers && waiting === 0)
    throw new HttpsError('failed-precondition', WAITLIST_MESSAGES.seatsLeft)

  const slot = await claimWaitSlot(firestore, member.uid, id, input.eventDate, now, (ids) => outOfLine(firestore, ids))
  if (slot === undefined) throw new HttpsError('resource-exhausted', WAITLIST_MESSAGES.tooMany)
  // An offer that passed: joining again puts the member at the back.
  if (existing) await deleteEntry(firestore, id)
  const { name } = profile
  const entry: WaitlistEntry = {
    user_id: member.uid,
    event_id: event.id,
    event_date: input.eventDate,
    joined_at: now,
    status: 'waiting',
    wait_slot: slot,
    attendee: { ...(member.email ? { email: member.email } : {}), ...(typeof name === 'string' ? { name } : {}) },
    tally_key: randomUUID(),
  }
  const placed = async () => viewOf(firestore, (await readEntry(firestore, id)) ?? { ...entry, id })
  try {
    await createEntry(firestore, id, entry, now)
  } catch (error) {
    await freeWaitSlot(firestore, member.uid, slot, id)
    if (!isAlreadyExists(error)) throw error
    // A second join at the same moment: that one's entry is the member's place.
    return { entry: await placed() }
  }
  await noteJoin(firestore, entry, now)
  // A seat freed while the member joined is theirs if they are first.
  await offerQuietly(deps, event.id, input.eventDate)
  return { entry: await placed() }
}

/** leaveWaitlist: the member is out of the line; a seat offered to them goes to the next one. */
export async function leaveWaitlist(
  deps: Deps,
  member: { uid: string },
  input: RequestOf<typeof leaveWaitlistCall>,
): Promise<{ left: true }> {
  const entry = await readEntry(deps.firestore, entryId(input.eventId, input.eventDate, member.uid))
  if (entry) await leaveLine(deps, entry)
  return { left: true }
}

/** Takes an entry out of its line; a seat offered to it goes to the next member waiting. */
export async function leaveLine(deps: Deps, entry: StoredEntry): Promise<void> {
  await removeEntry(deps.firestore, entry)
  if (await freeUnbookedOffer(deps.firestore, entry)) await offerQuietly(deps, entry.event_id, entry.event_date)
}
