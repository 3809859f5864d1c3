/**
 * Brings a booking in line with Cashfree. Nothing a webhook or a browser claims is acted on:
 * the order and its payments are read from Cashfree, and the one change their state calls for
 * is applied, once (see `once`), whoever else races to apply it.
 *
 * - PAID: the booking is confirmed (its seat kept, or a seat found again if its hold had ended),
 *   or, when no seat is left or the member already has this date, refunded in full. What was
 *   paid must match the order (id, amount, currency), else it is refunded and alerted.
 * - ACTIVE: the member is still paying. A failed or abandoned attempt does not end the order:
 *   Cashfree keeps it open for another attempt, and so do we, until the hold ends.
 * - The hold ended: the order is terminated (Cashfree may answer TERMINATION_REQUESTED, which can
 *   still turn PAID) and the seat freed. Since a payment begun in time may still succeed, an ended
 *   booking is re-checked for a day by the reconciler (recheck_at).
 */

import type { YaariEvent } from '@yaari/domain/catalogue'
import { FieldValue, type Firestore } from 'firebase-admin/firestore'
import { type CashfreeOrder, type CashfreePayment, latestPayment } from '../../lib/cashfree'
import { nowOf } from '../../lib/context'
import { type BookingRecord, bookingRef, readBooking } from '../../lib/data/bookings'
import { isDateCancelled } from '../../lib/data/cancelled-dates'
import { readDateSettings } from '../../lib/data/date-settings'
import { claimMemberDate, takeMemberDate } from '../../lib/data/member-dates'
import { claimSeat, keepSeat, seatsOf } from '../../lib/data/seats'
import { isApplied, once } from '../../lib/data/transitions'
import { ALERTS, alert } from '../../lib/log'
import type { BookingDeps } from '../../lib/records'
import { queueMail } from '../mail/outbox'
import { followRefund, refundBooking } from '../refunds'
import { releaseHold } from '../waitlist/offers'
import { closeOrder, getOrderOrNone, isFailedAttempt, paymentMatches } from './orders'

/** A paid order still not settled this long after its payment needs a person. */
const UNSETTLED_ALERT_MS = 10 * 60_000
/** While pending, the reconciler looks this often (a paid order whose webhook was lost). */
const PENDING_RECHECK_MS = 5 * 60_000
/** After the hold ended, when to look again: a payment begun in time may still turn PAID. */
const RECHECK_AFTER_END_MS = [5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000, 24 * 3_600_000]

function nextRecheck(booking: BookingRecord, now: number): number | undefined {
  if (booking.status === 'pending') return now + PENDING_RECHECK_MS
  if (booking.status !== 'failed' && booking.status !== 'expired') return undefined
  const ended = booking.ended_at ?? booking.hold_expires_at
  return RECHECK_AFTER_END_MS.map((delay) => ended + delay).find((at) => at > now)
}

async function scheduleRecheck(firestore: Firestore, booking: BookingRecord, now: number): Promise<void> {
  // A pending booking keeps the recheck it has until that is due (no write on every look).
  if (booking.status === 'pending' && booking.recheck_at !== undefined && booking.recheck_at > now) return
  const next = nextRecheck(booking, now)
  if (next === booking.recheck_at) return
  await bookingRef(firestore, booking.order_id).update({ recheck_at: next ?? FieldValue.delete() })
}

/** Ends a hold that ran out: frees what it holds, then records how it ended (once). */
async function endHold(
  deps: BookingDeps,
  booking: BookingRecord,
  status: 'failed' | 'expired',
  now: number,
): Promise<void> {
  await once(deps.firestore, booking.order_id, 'settled', async () => {
    await releaseHold(deps, booking)
    // Told only if they reached checkout (and still have an account); queued before the change it
    // reports, so a run cut off in between is finished by the next, and the mail waits until the
    // booking has ended.
    if (booking.payment_session_id && !booking.date_cancelled && !booking.account_deleted_at) {
      await queueMail(deps.firestore, booking, 'payment-ended', now)
    }
    await bookingRef(deps.firestore, booking.order_id).update({
      status,
      ended_at: now,
      recheck_at: now + (RECHECK_AFTER_END_MS[0] ?? 0),
    })
  })
}

/**
 * Gives a paid booking its seat: the one it holds, else a free one; the member's claim on the
 * date, unless they hold it with another booking. No seat, or the date already theirs: a full
 * refund, never an over-full table and never two seats for one member.
 */
async function givePaidSeat(deps: BookingDeps, booking: BookingRecord, now: number): Promise<void> {
  const { catalogue } = deps
  const { firestore } = deps
  if (await isDateCancelled(firestore, booking.event_id, booking.event_date)) {
    // Paid for a date the team has cancelled: no seat, all of it back.
    await releaseHold(deps, booking)
    await refundBooking(deps, booking, { amount: booking.amount, reason: 'date-cancelled' })
    return
  }
  if (booking.account_deleted_at !== undefined) {
    // Paid while (or after) its member deleted their account: no seat for nobody, all of it back.
    await releaseHold(deps, booking)
    await refundBooking(deps, booking, { amount: booking.amount, reason: 'cancelled' })
    return
  }
  const claim = await claimMemberDate(firestore, booking, { hold_expires_at: now, created_at: now })
  if (claim && claim.order_id !== booking.order_id) {
    const other = await readBooking(firestore, claim.order_id)
    if (other && (other.status === 'pending' || other.status === 'confirmed')) {
      await releaseHold(deps, booking)
      await refundBooking(deps, booking, { amount: booking.amount, reason: 'duplicate' })
      return
    }
    // The claim of a booking that has ended and was not cleaned up: this paid one takes it.
    await takeMemberDate(firestore, booking, now)
  }
  const event = catalogue.eventById(booking.event_id)
  const held = (await seatsOf(firestore, booking))[0]
  const seatNumbers = async (dated: YaariEvent) =>
    (await readDateSettings(firestore, dated, booking.event_date)).seatNumbers
  const seat = held ? held.n : event ? await claimSeat(firestore, booking, await seatNumbers(event), now) : undefined
  if (seat === undefined) {
    await releaseHold(deps, booking)
    await refundBooking(deps, booking, { amount: booking.amount, reason: 'table-full' })
    return
  }
  await keepSeat(firestore, booking, seat)
  // Queued before the booking turns confirmed (reconcile looks no further at a confirmed one); the
  // mail waits while the booking is still pending.
  await queueMail(firestore, booking, 'booking-confirmed', now)
  await bookingRef(firestore, booking.order_id).update({
    status: 'confirmed',
    seat,
    paid_at: booking.paid_at ?? now,
    recheck_at: FieldValue.delete(),
  })
}

/** Waits (briefly) for a settle another runner has claimed; the booking as it then stands. */
async function afterOthersSettle(firestore: Firestore, orderId: string): Promise<BookingRecord | undefined> {
  for (let i = 0; i < 15; i++) {
    if (await isApplied(firestore, orderId, 'settled')) break
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return readBooking(firestore, orderId)
}

async function settlePaid(
  deps: BookingDeps,
  booking: BookingRecord,
  order: CashfreeOrder,
  payments: CashfreePayment[],
  now: number,
): Promise<void> {
  const { firestore } = deps
  const paid = latestPayment(payments.filter((payment) => payment.payment_status === 'SUCCESS'))
  if (!paymentMatches(booking, order, paid)) {
    alert(ALERTS.paymentMismatch, {
      orderId: booking.order_id,
      expected: { amount: booking.amount, currency: 'INR' },
      order: { id: order.order_id, amount: order.order_amount, currency: order.order_currency },
      paid: paid ? { amount: paid.payment_amount, currency: paid.payment_currency } : null,
    })
    await once(firestore, booking.order_id, booking.status === 'pending' ? 'settled' : 'recovered', async () => {
      await releaseHold(deps, booking)
      await refundBooking(deps, booking, {
        amount: paid?.payment_amount ?? order.order_amount,
        reason: 'amount-mismatch',
      })
    })
    return
  }
  let current = booking
  if (current.status === 'pending') {
    if (await once(firestore, booking.order_id, 'settled', () => givePaidSeat(deps, booking, now))) return
    // Someone else is settling this booking. If they confirmed it, done; if they ended its hold
    // (the payment landed just as it ran out), this payment takes the recovery path below.
    const settled = await afterOthersSettle(firestore, booking.order_id)
    if (!settled) return
    if (settled.status === 'pending') {
      // Still in someone else's hands: the reconciler comes back to it at once.
      await bookingRef(firestore, booking.order_id).update({ recheck_at: now })
      return
    }
    current = settled
  }
  if (current.status === 'failed' || current.status === 'expired') {
    const late = current
    await once(firestore, late.order_id, 'recovered', () => givePaidSeat(deps, late, now))
  }
}

async function noteAttempt(firestore: Firestore, booking: BookingRecord, last: CashfreePayment | undefined) {
  if (!last) return
  const attempt = { status: last.payment_status, at: last.payment_time ?? last.payment_completion_time ?? null }
  if (booking.last_attempt?.status === attempt.status && booking.last_attempt.at === attempt.at) return
  await bookingRef(firestore, booking.order_id).update({ last_attempt: attempt })
}

/**
 * Reconciles one booking with Cashfree and returns it as it now stands (undefined if there
 * is no such booking). Safe to call any number of times, from anywhere, at once.
 */
export async function reconcileBooking(deps: BookingDeps, orderId: string): Promise<BookingRecord | undefined> {
  const { firestore, gateway } = deps
  const booking = await readBooking(firestore, orderId)
  if (!booking || booking.status === 'confirmed') return booking
  if (booking.status === 'cancelled') {
    // Given back by the member: its seat is freed (again, if a cancel was cut off before), and its
    // refund, if the policy gave one, followed to its end.
    await releaseHold(deps, booking)
    if (booking.refund) await followRefund(deps, booking)
    else if (booking.recheck_at !== undefined) {
      await bookingRef(firestore, orderId).update({ recheck_at: FieldValue.delete() })
    }
    return readBooking(firestore, orderId)
  }
  if (booking.status === 'refunded') {
    // A refunded booking holds no seat (freed again, if the run that refunded it was cut off first);
    // its refund is followed until final, then nothing more is due.
    await releaseHold(deps, booking)
    await followRefund(deps, booking)
    const after = await readBooking(firestore, orderId)
    const final = after?.refund?.status === 'succeeded' || after?.refund?.status === 'failed'
    if (after && final && after.recheck_at !== undefined) {
      await bookingRef(firestore, orderId).update({ recheck_at: FieldValue.delete() })
      return readBooking(firestore, orderId)
    }
    return after
  }

  const now = nowOf(deps)
  let order = await getOrderOrNone(gateway, orderId)
  if (!order) {
    // Cashfree never made this order (createBooking stopped before it): nothing can be paid.
    if (booking.status === 'pending' && now > booking.hold_expires_at) await endHold(deps, booking, 'expired', now)
    if (booking.status !== 'pending') {
      await releaseHold(deps, booking)
      await bookingRef(firestore, orderId).update({ recheck_at: FieldValue.delete() })
    }
    return readBooking(firestore, orderId)
  }

  let payments: CashfreePayment[] | undefined
  const readPayments = async () => {
    payments ??= await gateway.getPayments(orderId)
    return payments
  }
  if (order.order_status === 'ACTIVE') {
    if (booking.status === 'pending') await noteAttempt(firestore, booking, latestPayment(await readPayments()))
    // A hold that ran out, or a booking already ended: no payment may start on it any more.
    if (booking.status !== 'pending' || now > booking.hold_expires_at) order = await closeOrder(gateway, orderId)
  }

  if (order.order_status === 'PAID') {
    await settlePaid(deps, booking, order, await readPayments(), now)
    const after = await readBooking(firestore, orderId)
    const paidAt = Date.parse(latestPayment(await readPayments())?.payment_time ?? '')
    if (after && after.status !== 'confirmed' && after.status !== 'refunded' && now - paidAt > UNSETTLED_ALERT_MS) {
      alert(ALERTS.paidUnconfirmed, { orderId, status: after.status, paidAt: new Date(paidAt).toISOString() })
    }
    return after
  } else if (booking.status === 'pending') {
    if (order.order_status === 'ACTIVE') await scheduleRecheck(firestore, booking, now)
    else await endHold(deps, booking, isFailedAttempt(latestPayment(await readPayments())) ? 'failed' : 'expired', now)
  } else {
    // Ended earlier: free anything a half-finished end left behind, and look again later.
    await releaseHold(deps, booking)
    await scheduleRecheck(firestore, booking, now)
  }
  return readBooking(firestore, orderId)
}
