/**
 * createBooking: holds a seat and opens its payment.
 *
 * Order of writes: the member's claim on the date, then the booking record, and only then
 * anything that holds a seat (the member's unpaid-hold slot, the seat), then Cashfree's order.
 * So whatever fails or dies between two steps leaves nothing that cannot be found again: a
 * failure is undone on the spot; after a crash, every claim carries the order id and its hold
 * time, and the sweep (jobs.ts) frees it once that time has passed. A seat always belongs to a
 * pending or paid booking.
 *
 * A second call for the same member and date (a double click, a retry) gets the first call's
 * order and session back while its hold lasts, never a second order.
 */

import {
  BOOKING_MESSAGES,
  type CreateBookingResponse,
  type createBookingCall,
  HOLD_MINUTES,
} from '@yaari/domain/booking'
import type { RequestOf } from '@yaari/domain/callable'
import { tierIssue } from '@yaari/domain/catalogue'
import { PHONE_MESSAGES } from '@yaari/domain/phone'
import { fullMobile } from '@yaari/domain/profile'
import { isBookableDate, weekdaysLabel } from '@yaari/domain/schedule'
import { HttpsError } from 'firebase-functions/v2/https'
import { CashfreeError, customerDetails, istTimestamp } from '../../lib/cashfree'
import { type Member, nowOf } from '../../lib/context'
import { type BookingRecord, bookingRef } from '../../lib/data/bookings'
import { isDateCancelled } from '../../lib/data/cancelled-dates'
import { claimMemberDate } from '../../lib/data/member-dates'
import { claimHoldSlot, holdSlotsFull } from '../../lib/data/member-holds'
import { refusalFor } from '../../lib/data/moderation'
import { verifiedNumberOf } from '../../lib/data/phone-numbers'
import {
  claimSeat,
  type HoldOwner,
  readSeats,
  returnToOffer,
  takeOfferedSeat,
  takeOverExpiredSeat,
} from '../../lib/data/seats'
import { readProfile } from '../../lib/data/user-profiles'
import { waitingCount } from '../../lib/data/waitlist'
import { warn } from '../../lib/log'
import type { BookingDeps, CreateBookingStep } from '../../lib/records'
import { expiry } from '../../lib/retention'
import { rememberAnswers } from '../profile'
import { liveOffer, offerQuietly, offerTaken, releaseHold } from '../waitlist/offers'
import { existingBooking } from './existing'
import { NO_SESSION, newOrderId, openOrder, toHttpsError } from './orders'

/**
 * Undoes a createBooking that failed part-way: frees what it holds and, if Cashfree may have
 * made the order, closes it. A record that never reached Cashfree is deleted (it existed only
 * to make its claims findable); otherwise it ends as failed and the reconciler keeps an eye on
 * it. If the undo itself fails, the sweep finishes it after the hold time.
 */
async function undo(
  deps: BookingDeps,
  record: BookingRecord,
  orderAttempted: boolean,
  cause: unknown,
  offerExpiresAt?: number,
) {
  const ref = bookingRef(deps.firestore, record.order_id)
  try {
    if (orderAttempted && !(cause instanceof CashfreeError && cause.status < 500)) {
      await deps.gateway.terminateOrder(record.order_id).catch(() => undefined)
      await releaseHold(deps, record)
      const now = nowOf(deps)
      await ref.update({ status: 'failed', ended_at: now, recheck_at: now })
      return
    }
    // Made with a waitlist offer: the seat stays the member's offer, to try again while it lasts.
    if (offerExpiresAt !== undefined && offerExpiresAt > nowOf(deps)) {
      await returnToOffer(deps.firestore, record, offerExpiresAt)
    } else await releaseHold(deps, record)
    await ref.delete()
  } catch (error) {
    warn('create-booking-undo-failed', { orderId: record.order_id, cause: String(cause), error: String(error) })
  }
}

export async function createBooking(
  deps: BookingDeps,
  member: Member,
  input: RequestOf<typeof createBookingCall>,
): Promise<CreateBookingResponse> {
  const { catalogue } = deps
  const { firestore } = deps
  const now = nowOf(deps)
  const step = async (name: CreateBookingStep) => deps.failpoint?.(name)
  const event = catalogue.eventById(input.eventId)
  if (!event) throw new HttpsError('invalid-argument', 'eventId: Unknown event')
  if (!catalogue.isOnSale(event)) throw new HttpsError('failed-precondition', BOOKING_MESSAGES.notOnSale)
  if (!isBookableDate(event, input.eventDate, new Date(now))) {
    throw new HttpsError(
      'invalid-argument',
      `eventDate: ${input.eventDate} is not an upcoming ${weekdaysLabel(event) || 'date'} of ${event.title} that can be booked`,
    )
  }
  // The profile, this date's seats (those whose hold ran out do not count), its waitlist and the
  // member's offer on it: read side by side.
  const [profile, seats, cancelled, waiting, offer, barred, verifiedNumber] = await Promise.all([
    readProfile(firestore, member.uid),
    readSeats(firestore, event, input.eventDate, now),
    isDateCancelled(firestore, event.id, input.eventDate),
    waitingCount(firestore, event.id, input.eventDate),
    liveOffer(deps, member.uid, event.id, input.eventDate),
    refusalFor(firestore, member.uid, now),
    member.skipsMobileCheck ? undefined : verifiedNumberOf(firestore, member.uid),
  ])
  if (barred) throw new HttpsError('permission-denied', barred)
  if (cancelled) throw new HttpsError('failed-precondition', BOOKING_MESSAGES.dateCancelled)
  if (seats.salesClosed && !offer) throw new HttpsError('failed-precondition', BOOKING_MESSAGES.salesClosed)
  if (!profile) throw new HttpsError('failed-precondition', BOOKING_MESSAGES.profileRequired)
  // The mobile the coordinator calls on the night is one the member proved they hold (an SMS code).
  if (!member.skipsMobileCheck && verifiedNumber !== profile.mobile) {
    throw new HttpsError('failed-precondition', PHONE_MESSAGES.verifyToBook)
  }
  const tierProblem = tierIssue(input.tier, profile.gender)
  if (tierProblem) throw new HttpsError('failed-precondition', tierProblem)
  // An offer is lost if its booking fails on the member's other holds: refused before anything is claimed.
  if (offer && (await holdSlotsFull(firestore, member.uid, now))) {
    throw new HttpsError('resource-exhausted', BOOKING_MESSAGES.holdLimit)
  }
  const owner: HoldOwner = {
    // Booking an offered seat: the booking takes the offer's order id, and with it the seat.
    order_id: offer?.offer_order_id ?? newOrderId(input.eventDate),
    user_id: member.uid,
    event_id: event.id,
    event_date: input.eventDate,
  }
  const holdExpiresAt = now + HOLD_MINUTES * 60_000

  try {
    for (let attempt = 1; ; attempt++) {
      const claim = await claimMemberDate(firestore, owner, { hold_expires_at: holdExpiresAt, created_at: now })
      if (!claim) break
      const answer = await existingBooking(deps, owner, input.tier, claim, now)
      if (answer) return answer
      if (attempt >= 3) throw new HttpsError('aborted', BOOKING_MESSAGES.unexpected)
    }
  } catch (error) {
    throw toHttpsError(error) // a member's earlier booking could not be checked (Cashfree or Firestore down)
  }
  try {
    await step('member-date-claimed')
    // Members waiting come first: a seat free while some wait is theirs to be offered.
    if (!offer && waiting > 0 && seats.live < seats.seatNumbers) await offerQuietly(deps, event.id, input.eventDate)
    if (!offer && (seats.live >= seats.seatNumbers || waiting > 0)) {
      throw new HttpsError('resource-exhausted', BOOKING_MESSAGES.soldOut)
    }
  } catch (error) {
    await releaseHold(deps, owner).catch(() => undefined)
    throw toHttpsError(error)
  }

  const { termsAccepted: _terms, ...attendee } = input.userProfile
  const record: BookingRecord = {
    order_id: owner.order_id,
    user_id: member.uid,
    event_id: event.id,
    event_date: input.eventDate,
    tier: input.tier,
    amount: catalogue.priceFor(event.id, input.tier), // never the client's amount
    catalogue_version: catalogue.snapshot.version,
    seat: null,
    status: 'pending',
    payment_session_id: null,
    cashfree_mode: deps.cashfreeMode,
    hold_expires_at: holdExpiresAt,
    created_at: now,
    recheck_at: holdExpiresAt,
    attendee,
  }
  const ref = bookingRef(firestore, owner.order_id)
  try {
    await ref.create({ ...record, ...expiry('bookings', now, input.eventDate) })
  } catch (error) {
    await releaseHold(deps, owner).catch(() => undefined)
    throw toHttpsError(error)
  }

  let orderAttempted = false
  try {
    await step('booking-recorded')
    if ((await claimHoldSlot(firestore, owner, holdExpiresAt)) === undefined) {
      throw new HttpsError('resource-exhausted', BOOKING_MESSAGES.holdLimit)
    }
    await step('hold-slot-claimed')
    let seat =
      (offer && (await takeOfferedSeat(firestore, owner, holdExpiresAt))) ??
      (await claimSeat(firestore, owner, seats.seatNumbers, holdExpiresAt, seats.taken))
    // A seat whose hold ran out is free to take, one at a time (the sweep ends the bookings behind them).
    for (const stale of offer ? [] : seats.expired) {
      if (seat !== undefined) break
      await takeOverExpiredSeat(stale, now)
      seat = await claimSeat(firestore, owner, seats.seatNumbers, holdExpiresAt, seats.taken)
    }
    if (seat === undefined) throw new HttpsError('resource-exhausted', BOOKING_MESSAGES.soldOut)
    await step('seat-claimed')
    await ref.update({ seat })
    await step('seat-recorded')

    orderAttempted = true
    const order = await openOrder(deps, {
      order_id: owner.order_id,
      order_amount: record.amount,
      order_currency: 'INR',
      customer_details: customerDetails({
        uid: member.uid,
        mobile: profile.mobile || fullMobile(input.userProfile.mobile),
        name: profile.name || input.userProfile.name,
        email: member.email,
      }),
      order_meta: { return_url: `${deps.appOrigin}/booking-success?order_id={order_id}` },
      order_expiry_time: istTimestamp(new Date(holdExpiresAt)),
      order_note: `${event.title}, ${input.eventDate}`.slice(0, 200),
      order_tags: { event_id: event.id, event_date: input.eventDate, user_id: member.uid.slice(0, 255) },
    })
    await step('order-created')
    // Cashfree made the order but gave no checkout session: the member cannot pay it; told so.
    if (!order.payment_session_id) throw new HttpsError('unavailable', BOOKING_MESSAGES.noSession, NO_SESSION)
    await ref.update({ payment_session_id: order.payment_session_id, cf_order_id: order.cf_order_id ?? null })
    await step('session-recorded')
    if (offer) await offerTaken(firestore, member.uid, event.id, input.eventDate).catch(() => undefined)
    // Asked once: the answers given with a booking that went through start the member's next
    // booking form. Only when the seat is for the member themself (their name and date of birth):
    // a friend's answers are not the member's.
    const forThemself =
      input.userProfile.dateOfBirth === profile.date_of_birth &&
      input.userProfile.name.trim().toLowerCase() === profile.name.trim().toLowerCase()
    const kept = forThemself
      ? await rememberAnswers(firestore, member.uid, input.userProfile).catch((error: unknown) => {
          warn('answers-not-kept', { uid: member.uid, error: String(error) })
          return {}
        })
      : {}
    return {
      order_id: owner.order_id,
      payment_session_id: order.payment_session_id,
      cashfree_mode: deps.cashfreeMode,
      kept_answers: kept,
    }
  } catch (error) {
    if (!(error instanceof HttpsError) || error.code === 'internal') {
      warn('create-booking-failed', { orderId: owner.order_id, error: String(error) })
    }
    await undo(deps, record, orderAttempted, error, offer?.offer_expires_at)
    throw toHttpsError(error)
  }
}
