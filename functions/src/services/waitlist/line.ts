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
  MAX_WAITLISTS,
  WAITLIST_MESSAGES,
  type WaitlistView,
} from '@yaari/domain/waitlist'
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import { claimFirst } from '../../lib/claims'
import { collectionOf, refs } from '../../lib/collections'
import { noteTally } from '../../lib/data/insight-tallies'
import { readDateSettings } from '../../lib/date-settings'
import { type BookingDeps, isAlreadyExists, isDateCancelled, nowOf, readBooking } from '../../lib/records'
import { expiry } from '../../lib/retention'
import { refusalFor } from '../../lib/standing'
import { countLiveSeats, isLive, memberDateRef } from '../seats'
import {
  type Deps,
  entryRef,
  freeWaitSlot,
  removeEntry,
  type WaitlistEntry,
  waitlistEntries,
  waitSlotRef,
} from './entries'
import { freeUnbookedOffer, offerQuietly } from './offers'
import { viewOf, waitingCount } from './views'

function bookableEvent(catalogue: Catalogue, input: { eventId: string; eventDate: string }, now: number): YaariEvent {
  const event = catalogue.eventById(input.eventId)
  if (!event) throw new HttpsError('invalid-argument', 'eventId: Unknown event')
  if (!isBookableDate(event, input.eventDate, new Date(now))) {
    throw new HttpsError('failed-precondition', WAITLIST_MESSAGES.notBookable)
  }
  return event
}

/** A member's place among their MAX_WAITLISTS, freeing places whose entries have ended. */
async function claimWaitSlot(
  firestore: Firestore,
  uid: string,
  entryId: string,
  expires: ReturnType<typeof expiry>,
): Promise<number | undefined> {
  const refs = Array.from({ length: MAX_WAITLISTS }, (_, i) => waitSlotRef(firestore, uid, i + 1))
  const index = await claimFirst(refs, { entry_id: entryId, user_id: uid, ...expires })
  if (index !== undefined) return index + 1
  // All taken: a place whose entry is gone or no longer in line is stale (a removal cut off).
  const slots = await firestore.getAll(...refs)
  const entries = await firestore.getAll(
    ...slots.map((slot) => collectionOf(firestore, 'waitlist').doc(String(slot.get('entry_id') ?? '-'))),
  )
  const stale = slots.filter((_, i) => {
    const status = entries[i]?.get('status')
    return status !== 'waiting' && status !== 'offered'
  })
  if (stale.length === 0) return undefined
  await Promise.all(stale.map((slot) => slot.ref.delete({ lastUpdateTime: slot.updateTime! }).catch(() => {})))
  const retry = await claimFirst(refs, { entry_id: entryId, user_id: uid, ...expires })
  return retry === undefined ? undefined : retry + 1
}

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
  const ref = entryRef(firestore, event.id, input.eventDate, member.uid)
  const [profile, cancelled, existing, dateClaim, claimed, waiting, settings, barred] = await Promise.all([
    refs.profile(firestore, member.uid).get(),
    isDateCancelled(firestore, event.id, input.eventDate),
    ref.get(),
    memberDateRef(firestore, member.uid, event.id, input.eventDate).get(),
    countLiveSeats(firestore, event.id, input.eventDate, now),
    waitingCount(firestore, event.id, input.eventDate),
    readDateSettings(firestore, event, input.eventDate),
    refusalFor(firestore, member.uid, now),
  ])
  if (barred) throw new HttpsError('permission-denied', barred)
  if (cancelled) throw new HttpsError('failed-precondition', WAITLIST_MESSAGES.dateCancelled)
  if (settings.salesClosed) throw new HttpsError('failed-precondition', WAITLIST_MESSAGES.salesClosed)
  if (!profile.exists) throw new HttpsError('failed-precondition', BOOKING_MESSAGES.profileRequired)
  const status = existing.get('status')
  if (status === 'waiting' || status === 'offered') {
    // A retry of a join whose answer was lost: its join is noted (once, under the same key).
    const joined = waitlistEntries.one(existing)
    if (joined) await noteJoin(firestore, joined, now)
    return { entry: await viewOf(firestore, existing) }
  }
  if (dateClaim.exists && isLive(dateClaim.data(), now)) {
    const booking = await readBooking(firestore, String(dateClaim.get('order_id')))
    if (booking && (booking.status === 'pending' || booking.status === 'confirmed')) {
      throw new HttpsError('failed-precondition', WAITLIST_MESSAGES.alreadyBooked)
    }
  }
  if (claimed < settings.seatNumbers && waiting === 0)
    throw new HttpsError('failed-precondition', WAITLIST_MESSAGES.seatsLeft)

  const slot = await claimWaitSlot(firestore, member.uid, ref.id, expiry('member_waits', now, input.eventDate))
  if (slot === undefined) throw new HttpsError('resource-exhausted', WAITLIST_MESSAGES.tooMany)
  // An offer that passed: joining again puts the member at the back.
  if (existing.exists) await ref.delete()
  const name = profile.get('name')
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
  try {
    await ref.create({ ...entry, ...expiry('waitlist', now, input.eventDate) })
  } catch (error) {
    await freeWaitSlot(firestore, member.uid, slot, ref.id)
    if (!isAlreadyExists(error)) throw error
    // A second join at the same moment: that one's entry is the member's place.
    return { entry: await viewOf(firestore, await ref.get()) }
  }
  await noteJoin(firestore, entry, now)
  // A seat freed while the member joined is theirs if they are first.
  await offerQuietly(deps, event.id, input.eventDate)
  return { entry: await viewOf(firestore, await ref.get()) }
}

/** leaveWaitlist: the member is out of the line; a seat offered to them goes to the next one. */
export async function leaveWaitlist(
  deps: Deps,
  member: { uid: string },
  input: RequestOf<typeof leaveWaitlistCall>,
): Promise<{ left: true }> {
  const snapshot = await entryRef(deps.firestore, input.eventId, input.eventDate, member.uid).get()
  if (snapshot.exists) await leaveLine(deps, snapshot)
  return { left: true }
}

/** Takes an entry out of its line; a seat offered to it goes to the next member waiting. */
export async function leaveLine(deps: Deps, snapshot: DocumentSnapshot): Promise<void> {
  const entry = waitlistEntries.existing(snapshot)
  await removeEntry(deps.firestore, snapshot)
  if (await freeUnbookedOffer(deps.firestore, entry)) await offerQuietly(deps, entry.event_id, entry.event_date)
}
