/**
 * The waitlist of a sold-out date (joinWaitlist, leaveWaitlist) and its offers.
 *
 * - An entry, waitlist/{eventId}_{date}_{uid}, is created once (a second join finds it), in the
 *   order members joined (joined_at, then the entry id). A member waits on at most MAX_WAITLISTS
 *   dates: each entry holds one of member_waits/{uid}_{n}, claimed with create() like the unpaid
 *   holds.
 * - When a seat frees (releaseHold below, whatever freed it; the sweep as a backstop), offerFreedSeats
 *   offers the free seats to the first members waiting, in order: each offer is a seat claim
 *   like any other (a create() of one of the date's capacity seat documents, held for
 *   OFFER_MINUTES), so a waitlist can never overbook. The offer's order id is derived from the
 *   entry, and claiming it is a create() of its transitions/offered marker, so two runs at once
 *   never offer one member twice; a run that dies half-way is finished by a later one.
 * - The member books the offered seat through createBooking (the booking takes the offer's order
 *   id and its seat). An offer that ends unused passes: the entry is marked passed, its seat
 *   freed, and the next member offered it.
 */

import { createHash } from 'node:crypto'
import { seatsCollectionPath } from '@yaari/domain/availability'
import { BOOKING_MESSAGES } from '@yaari/domain/booking'
import type { RequestOf } from '@yaari/domain/callable'
import { eventById, type YaariEvent } from '@yaari/domain/catalogue'
import { isBookableDate, istToday } from '@yaari/domain/schedule'
import {
  type joinWaitlistCall,
  type leaveWaitlistCall,
  MAX_WAITLISTS,
  OFFER_MINUTES,
  WAITLIST_MESSAGES,
  type WaitlistStatus,
  type WaitlistView,
} from '@yaari/domain/waitlist'
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import { claimFirst } from '../lib/claims'
import { readDateSettings } from '../lib/date-settings'
import { warn } from '../lib/log'
import {
  type BookingDeps,
  claimChange,
  isAlreadyExists,
  isDateCancelled,
  isNotFound,
  nowOf,
  readBooking,
} from '../lib/records'
import { expiry } from '../lib/retention'
import { refusalFor } from '../lib/standing'
import { queueMail } from './mail/outbox'
import { claimSeat, countLiveSeats, freeClaims, type HoldOwner, isLive, memberDateRef, seatsOf } from './seats'

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
  offer_order_id?: string
  offer_expires_at?: number
  offered_at?: number
}

type Deps = Pick<BookingDeps, 'firestore' | 'now'>

export const entryRef = (firestore: Firestore, eventId: string, date: string, uid: string) =>
  firestore.collection('waitlist').doc(`${eventId}_${date}_${uid}`)

const waitSlotRef = (firestore: Firestore, uid: string, n: number) =>
  firestore.collection('member_waits').doc(`${uid}_${n}`)

/** The order id of the offer made to this entry: every run that offers it derives the same. */
export function offerOrderId(entry: Pick<WaitlistEntry, 'user_id' | 'event_id' | 'event_date' | 'joined_at'>) {
  const hash = createHash('sha256')
    .update(`offer:${entry.user_id}:${entry.event_id}:${entry.event_date}:${entry.joined_at}`)
    .digest('base64url')
    .replace(/[^A-Za-z0-9]/g, 'x')
  return `yaari_${entry.event_date.replaceAll('-', '')}_w${hash.slice(0, 11)}`
}

const offerOwner = (entry: WaitlistEntry, orderId: string): HoldOwner => ({
  order_id: orderId,
  user_id: entry.user_id,
  event_id: entry.event_id,
  event_date: entry.event_date,
})

const byTurn = (a: DocumentSnapshot, b: DocumentSnapshot) =>
  Number(a.get('joined_at')) - Number(b.get('joined_at')) || a.id.localeCompare(b.id)

/** The entries of one date in these states, first in line first. */
async function entriesOf(firestore: Firestore, eventId: string, date: string, statuses: WaitlistStatus[]) {
  const snapshot = await firestore
    .collection('waitlist')
    .where('event_id', '==', eventId)
    .where('event_date', '==', date)
    .where('status', 'in', statuses)
    .get()
  return [...snapshot.docs].sort(byTurn)
}

/** Takes an entry off the line for good (left, booked, or its date over) and frees its place. */
async function removeEntry(firestore: Firestore, entry: DocumentSnapshot): Promise<void> {
  const slot = Number(entry.get('wait_slot'))
  await entry.ref.delete().catch((error) => {
    if (!isNotFound(error)) throw error
  })
  if (slot) await freeWaitSlot(firestore, String(entry.get('user_id')), slot, entry.id)
}

async function freeWaitSlot(firestore: Firestore, uid: string, n: number, entryId: string): Promise<void> {
  const ref = waitSlotRef(firestore, uid, n)
  const snapshot = await ref.get()
  if (snapshot.get('entry_id') === entryId) await ref.delete({ lastUpdateTime: snapshot.updateTime! }).catch(() => {})
}

/**
 * Offers that ended: taken (the member booked with it) takes the entry off the line; not taken
 * marks it passed and frees the seat still held for it, without offering it on (the caller does).
 */
async function endLapsedOffers(firestore: Firestore, eventId: string, date: string, now: number): Promise<void> {
  const offered = await entriesOf(firestore, eventId, date, ['offered'])
  await Promise.all(
    offered
      .filter((entry) => Number(entry.get('offer_expires_at')) <= now)
      .map(async (snapshot) => {
        const entry = snapshot.data() as WaitlistEntry
        const orderId = entry.offer_order_id ?? offerOrderId(entry)
        const booking = await readBooking(firestore, orderId)
        if (booking && (booking.status === 'pending' || booking.status === 'confirmed')) {
          await removeEntry(firestore, snapshot)
          return
        }
        if (!booking) await freeClaims(firestore, offerOwner(entry, orderId))
        await snapshot.ref.update({ status: 'passed' }).catch((error) => {
          if (!isNotFound(error)) throw error
        })
        await freeWaitSlot(firestore, entry.user_id, entry.wait_slot, snapshot.id)
      }),
  )
}

/** Frees the seat of an entry's offer that no booking took; whether a seat was freed (not offered on). */
async function freeUnbookedOffer(firestore: Firestore, entry: WaitlistEntry): Promise<boolean> {
  if (entry.status !== 'offered' || !entry.offer_order_id) return false
  if (await readBooking(firestore, entry.offer_order_id)) return false
  return freeClaims(firestore, offerOwner(entry, entry.offer_order_id))
}

const seatNumbersOf = async (firestore: Firestore, eventId: string, date: string) =>
  (await readDateSettings(firestore, eventId, date)).seatNumbers

/** How many of a date's seat documents exist (paid, held, offered or blocked; expired ones until swept). */
async function seatsClaimed(firestore: Firestore, eventId: string, date: string): Promise<number> {
  return (await firestore.collection(seatsCollectionPath(eventId, date)).count().get()).data().count
}

/**
 * Offers one seat to this entry, once (its transitions/offered marker). False when another run
 * has it in hand, no seat is free after all, or the member left meanwhile.
 */
async function offerTo(deps: Deps, event: YaariEvent, snapshot: DocumentSnapshot, now: number): Promise<boolean> {
  const { firestore } = deps
  const entry = snapshot.data() as WaitlistEntry
  const orderId = offerOrderId(entry)
  const owner = offerOwner(entry, orderId)
  const claim = await claimChange(firestore, orderId, 'offered')
  if (!claim) return false
  const marker = claim.ref
  const expiresAt = now + OFFER_MINUTES * 60_000
  // A run cut off after claiming the seat left it under the offer's order id: that seat is the offer.
  const held = (await seatsOf(firestore, owner))[0]
  const seat = held
    ? Number(held.id)
    : await claimSeat(
        firestore,
        owner,
        await seatNumbersOf(firestore, event.id, entry.event_date),
        expiresAt,
        undefined,
        'offered',
      )
  if (seat === undefined) {
    await marker.delete()
    return false
  }
  try {
    await snapshot.ref.update({
      status: 'offered',
      offer_order_id: orderId,
      offer_expires_at: expiresAt,
      offered_at: now,
    })
  } catch (error) {
    if (!isNotFound(error)) throw error
    // The member left the line meanwhile: the seat is not theirs to hold.
    await freeClaims(firestore, owner)
    await marker.update({ applied: true })
    return false
  }
  await queueMail(firestore, { order_id: orderId, attendee: entry.attendee }, 'waitlist-offer', now, snapshot.ref.path)
  await marker.update({ applied: true })
  return true
}

/**
 * Offers a date's free seats to its first members waiting, in order, and ends offers that ran
 * out. Safe to run any number of times at once: each seat and each offer is claimed once.
 * Returns how many offers this run made.
 */
export async function offerFreedSeats(deps: Deps, eventId: string, date: string): Promise<number> {
  const { firestore } = deps
  const now = nowOf(deps)
  const event = eventById(eventId)
  const line = await entriesOf(firestore, eventId, date, ['waiting', 'offered'])
  if (!event || line.length === 0) return 0
  if (!isBookableDate(event, date, new Date(now)) || (await isDateCancelled(firestore, eventId, date))) {
    // Nothing to offer any more: the line ends (an offer's seat goes with the date).
    await Promise.all(
      line.map(async (entry) => {
        await freeUnbookedOffer(firestore, entry.data() as WaitlistEntry)
        await removeEntry(firestore, entry)
      }),
    )
    return 0
  }
  await endLapsedOffers(firestore, eventId, date, now)
  let offered = 0
  for (const entry of await entriesOf(firestore, eventId, date, ['waiting'])) {
    if ((await seatsClaimed(firestore, eventId, date)) >= (await seatNumbersOf(firestore, eventId, date))) break
    // Another run is offering to this member: it goes on down the line, so this one stops here
    // (the line is served in order).
    if (!(await offerTo(deps, event, entry, now))) break
    offered++
  }
  return offered
}

/** offerFreedSeats for a path that has just freed a seat: a failure waits for the sweep, never fails the caller. */
export async function offerQuietly(deps: Deps, eventId: string, date: string): Promise<void> {
  try {
    await offerFreedSeats(deps, eventId, date)
  } catch (error) {
    warn('waitlist-offer-failed', { eventId, date, error: String(error) })
  }
}

/**
 * Frees everything a booking (or an offer) holds (seats.ts, freeClaims); a seat that came free goes at
 * once to the first member waiting for the date. What every booking path calls to give a seat back.
 */
export async function releaseHold(deps: Deps, owner: HoldOwner): Promise<void> {
  if (await freeClaims(deps.firestore, owner)) await offerQuietly(deps, owner.event_id, owner.event_date)
}

/** The sweep's backstop: every date with someone in line is offered its free seats. */
export async function offerEverywhere(deps: Deps): Promise<number> {
  const snapshot = await deps.firestore.collection('waitlist').where('status', 'in', ['waiting', 'offered']).get()
  const dates = new Set(snapshot.docs.map((doc) => `${doc.get('event_id')}|${doc.get('event_date')}`))
  let offered = 0
  for (const key of dates) {
    const [eventId = '', date = ''] = key.split('|')
    try {
      offered += await offerFreedSeats(deps, eventId, date)
    } catch (error) {
      warn('waitlist-offer-failed', { eventId, date, error: String(error) })
    }
  }
  return offered
}

/** The member's offer on this date, if a seat is held for them now and not yet booked with. */
export async function liveOffer(
  deps: Deps,
  uid: string,
  eventId: string,
  date: string,
): Promise<(WaitlistEntry & { offer_order_id: string; ref: DocumentSnapshot['ref'] }) | undefined> {
  const snapshot = await entryRef(deps.firestore, eventId, date, uid).get()
  const entry = snapshot.data() as WaitlistEntry | undefined
  if (entry?.status !== 'offered' || !entry.offer_order_id || Number(entry.offer_expires_at) <= nowOf(deps)) {
    return undefined
  }
  if (await readBooking(deps.firestore, entry.offer_order_id)) return undefined
  return { ...entry, offer_order_id: entry.offer_order_id, ref: snapshot.ref }
}

/** How many members wait on a date (offers not counted). */
export async function waitingCount(firestore: Firestore, eventId: string, date: string): Promise<number> {
  const query = firestore
    .collection('waitlist')
    .where('event_id', '==', eventId)
    .where('event_date', '==', date)
    .where('status', '==', 'waiting')
  return (await query.count().get()).data().count
}

/** The member booked with their offer: they are off the line. */
export async function offerTaken(firestore: Firestore, uid: string, eventId: string, date: string): Promise<void> {
  const snapshot = await entryRef(firestore, eventId, date, uid).get()
  if (snapshot.exists) await removeEntry(firestore, snapshot)
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

async function viewOf(firestore: Firestore, snapshot: DocumentSnapshot): Promise<WaitlistView> {
  const entry = snapshot.data() as WaitlistEntry
  const line = await entriesOf(firestore, entry.event_id, entry.event_date, ['waiting'])
  return toWaitlistView(entry, line, snapshot.id)
}

/** The member's entries on dates still to come, soonest first (listMyBookings). */
export async function myWaitlist(deps: Deps, uid: string): Promise<WaitlistView[]> {
  const { firestore } = deps
  const today = istToday(new Date(nowOf(deps)))
  const snapshot = await firestore.collection('waitlist').where('user_id', '==', uid).get()
  const mine = snapshot.docs.filter((doc) => String(doc.get('event_date')) >= today)
  const views = await Promise.all(mine.map((doc) => viewOf(firestore, doc)))
  return views.sort((a, b) => a.eventDate.localeCompare(b.eventDate) || a.eventId.localeCompare(b.eventId))
}

function bookableEvent(input: { eventId: string; eventDate: string }, now: number): YaariEvent {
  const event = eventById(input.eventId)
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
    ...slots.map((slot) => firestore.collection('waitlist').doc(String(slot.get('entry_id') ?? '-'))),
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

/** joinWaitlist: puts the member in line for a sold-out date (once); their place in it. */
export async function joinWaitlistHandler(
  deps: BookingDeps,
  member: { uid: string; email: string | undefined },
  input: RequestOf<typeof joinWaitlistCall>,
): Promise<{ entry: WaitlistView }> {
  const { firestore } = deps
  const now = nowOf(deps)
  const event = bookableEvent(input, now)
  const ref = entryRef(firestore, event.id, input.eventDate, member.uid)
  const [profile, cancelled, existing, dateClaim, claimed, waiting, settings, barred] = await Promise.all([
    firestore.collection('user_profiles').doc(member.uid).get(),
    isDateCancelled(firestore, event.id, input.eventDate),
    ref.get(),
    memberDateRef(firestore, member.uid, event.id, input.eventDate).get(),
    countLiveSeats(firestore, event.id, input.eventDate, now),
    waitingCount(firestore, event.id, input.eventDate),
    readDateSettings(firestore, event.id, input.eventDate),
    refusalFor(firestore, member.uid, now),
  ])
  if (barred) throw new HttpsError('permission-denied', barred)
  if (cancelled) throw new HttpsError('failed-precondition', WAITLIST_MESSAGES.dateCancelled)
  if (settings.salesClosed) throw new HttpsError('failed-precondition', WAITLIST_MESSAGES.salesClosed)
  if (!profile.exists) throw new HttpsError('failed-precondition', BOOKING_MESSAGES.profileRequired)
  const status = existing.get('status')
  if (status === 'waiting' || status === 'offered') return { entry: await viewOf(firestore, existing) }
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
  }
  try {
    await ref.create({ ...entry, ...expiry('waitlist', now, input.eventDate) })
  } catch (error) {
    await freeWaitSlot(firestore, member.uid, slot, ref.id)
    if (!isAlreadyExists(error)) throw error
    // A second join at the same moment: that one's entry is the member's place.
    return { entry: await viewOf(firestore, await ref.get()) }
  }
  // A seat freed while the member joined is theirs if they are first.
  await offerQuietly(deps, event.id, input.eventDate)
  return { entry: await viewOf(firestore, await ref.get()) }
}

/** leaveWaitlist: the member is out of the line; a seat offered to them goes to the next one. */
export async function leaveWaitlistHandler(
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
  const entry = snapshot.data() as WaitlistEntry
  await removeEntry(deps.firestore, snapshot)
  if (await freeUnbookedOffer(deps.firestore, entry)) await offerQuietly(deps, entry.event_id, entry.event_date)
}
