/**
 * The waitlist's offers. When a seat frees (releaseHold, whatever freed it; the sweep as a
 * backstop), offerFreedSeats offers the free seats to the first members waiting, in order: each
 * offer is a seat claim like any other (a create() of one of the date's capacity seat documents,
 * held for OFFER_MINUTES), so a waitlist can never overbook. The offer's order id is derived from
 * the entry, and claiming it is a create() of its transitions/offered marker, so two runs at once
 * never offer one member twice; a run that dies half-way is finished by a later one. The member
 * books the offered seat through createBooking (the booking takes the offer's order id and its
 * seat); an offer that ends unused passes: the entry is marked passed, its seat freed, and the
 * next member offered it.
 */
import type { YaariEvent } from '@yaari/domain/catalogue'
import { isBookableDate } from '@yaari/domain/schedule'
import { OFFER_MINUTES } from '@yaari/domain/waitlist'
import type { Firestore } from 'firebase-admin/firestore'
import { isNotFound } from '../../lib/claims'
import { nowOf } from '../../lib/context'
import { readBooking } from '../../lib/data/bookings'
import { isDateCancelled } from '../../lib/data/cancelled-dates'
import { readDateSettings } from '../../lib/data/date-settings'
import { noteTally } from '../../lib/data/insight-tallies'
import { freeWaitSlot } from '../../lib/data/member-waits'
import { claimSeat, countSeatDocuments, freeClaims, type HoldOwner, seatsOf } from '../../lib/data/seats'
import { claimChange } from '../../lib/data/transitions'
import {
  datesInLine,
  entriesOf,
  entryId,
  entryPath,
  markOffered,
  markPassed,
  readEntry,
  type StoredEntry,
  type WaitlistEntry,
} from '../../lib/data/waitlist'
import { warn } from '../../lib/log'
import { queueMail } from '../mail/outbox'
import { type Deps, offerOrderId, offerOwner, removeEntry } from './entries'

/**
 * Offers that ended: taken (the member booked with it) takes the entry off the line; not taken
 * marks it passed and frees the seat still held for it, without offering it on (the caller does).
 */
async function endLapsedOffers(firestore: Firestore, eventId: string, date: string, now: number): Promise<void> {
  const offered = await entriesOf(firestore, eventId, date, ['offered'])
  await Promise.all(
    offered
      .filter((entry) => entry.offer_expires_at !== undefined && entry.offer_expires_at <= now)
      .map(async (entry) => {
        const orderId = entry.offer_order_id ?? offerOrderId(entry)
        const booking = await readBooking(firestore, orderId)
        if (booking && (booking.status === 'pending' || booking.status === 'confirmed')) {
          await removeEntry(firestore, entry)
          return
        }
        if (!booking) await freeClaims(firestore, offerOwner(entry, orderId))
        await markPassed(firestore, entry.id)
        await freeWaitSlot(firestore, entry.user_id, entry.wait_slot, entry.id)
      }),
  )
}

/** Frees the seat of an entry's offer that no booking took; whether a seat was freed (not offered on). */
export async function freeUnbookedOffer(firestore: Firestore, entry: WaitlistEntry): Promise<boolean> {
  if (entry.status !== 'offered' || !entry.offer_order_id) return false
  if (await readBooking(firestore, entry.offer_order_id)) return false
  return freeClaims(firestore, offerOwner(entry, entry.offer_order_id))
}

const seatNumbersOf = async (firestore: Firestore, event: YaariEvent, date: string) =>
  (await readDateSettings(firestore, event, date)).seatNumbers

/**
 * Offers one seat to this entry, once (its transitions/offered marker). False when another run
 * has it in hand, no seat is free after all, or the member left meanwhile.
 */
async function offerTo(deps: Deps, event: YaariEvent, entry: StoredEntry, now: number): Promise<boolean> {
  const { firestore } = deps
  const orderId = offerOrderId(entry)
  const owner = offerOwner(entry, orderId)
  const claim = await claimChange(firestore, orderId, 'offered')
  if (!claim) return false
  const marker = claim.ref
  const expiresAt = now + OFFER_MINUTES * 60_000
  // A run cut off after claiming the seat left it under the offer's order id: that seat is the offer.
  const held = (await seatsOf(firestore, owner))[0]
  const seat = held
    ? held.n
    : await claimSeat(
        firestore,
        owner,
        await seatNumbersOf(firestore, event, entry.event_date),
        expiresAt,
        undefined,
        'offered',
      )
  if (seat === undefined) {
    await marker.delete()
    return false
  }
  try {
    await markOffered(firestore, entry.id, { offer_order_id: orderId, offer_expires_at: expiresAt, offered_at: now })
  } catch (error) {
    if (!isNotFound(error)) throw error
    // The member left the line meanwhile: the seat is not theirs to hold.
    await freeClaims(firestore, owner)
    await marker.update({ applied: true })
    return false
  }
  await noteTally(firestore, entry.event_id, entry.event_date, 'offers', orderId, now)
  await queueMail(
    firestore,
    { order_id: orderId, attendee: entry.attendee },
    'waitlist-offer',
    now,
    entryPath(entry.id),
  )
  await marker.update({ applied: true })
  return true
}

/**
 * Offers a date's free seats to its first members waiting, in order, and ends offers that ran
 * out. Safe to run any number of times at once: each seat and each offer is claimed once.
 * Returns how many offers this run made.
 */
export async function offerFreedSeats(deps: Deps, eventId: string, date: string): Promise<number> {
  const { firestore, catalogue } = deps
  const now = nowOf(deps)
  const event = catalogue.eventById(eventId)
  const line = await entriesOf(firestore, eventId, date, ['waiting', 'offered'])
  if (!event || line.length === 0) return 0
  if (
    event.status === 'archived' ||
    !isBookableDate(event, date, new Date(now)) ||
    (await isDateCancelled(firestore, eventId, date))
  ) {
    // Nothing to offer any more (the date is gone, or the event is archived): the line ends, and
    // an offer's seat goes with it.
    await Promise.all(
      line.map(async (entry) => {
        await freeUnbookedOffer(firestore, entry)
        await removeEntry(firestore, entry)
      }),
    )
    return 0
  }
  await endLapsedOffers(firestore, eventId, date, now)
  // Off sale for now (its city switched off or listed as coming): the line keeps its places and
  // is offered seats once the city is live again.
  if (!catalogue.isOnSale(event)) return 0
  let offered = 0
  for (const entry of await entriesOf(firestore, eventId, date, ['waiting'])) {
    if ((await countSeatDocuments(firestore, eventId, date)) >= (await seatNumbersOf(firestore, event, date))) break
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
  let offered = 0
  for (const { eventId, date } of await datesInLine(deps.firestore)) {
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
): Promise<(StoredEntry & { offer_order_id: string }) | undefined> {
  const entry = await readEntry(deps.firestore, entryId(eventId, date, uid))
  const ended = entry?.offer_expires_at !== undefined && entry.offer_expires_at <= nowOf(deps)
  if (entry?.status !== 'offered' || !entry.offer_order_id || ended) {
    return undefined
  }
  if (await readBooking(deps.firestore, entry.offer_order_id)) return undefined
  return { ...entry, offer_order_id: entry.offer_order_id }
}

/** The member booked with their offer: they are off the line. */
export async function offerTaken(firestore: Firestore, uid: string, eventId: string, date: string): Promise<void> {
  const entry = await readEntry(firestore, entryId(eventId, date, uid))
  if (entry) await removeEntry(firestore, entry)
}
