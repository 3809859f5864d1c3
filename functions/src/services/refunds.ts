/**
 * Refunds, followed to their end. A refund is recorded on the booking first (status
 * 'requested'), then asked of Cashfree with our refund id, which Cashfree keeps unique per
 * order, so asking again after a crash or a timeout never refunds twice. Cashfree accepting a
 * refund is not the money being back: its state (PENDING, ONHOLD, then SUCCESS, or CANCELLED or
 * FAILED) is read again on its REFUND_STATUS_WEBHOOK and by the reconciler until it is final.
 */

import type { RefundReason, RefundState } from '@yaari/domain/booking'
import { FieldValue } from 'firebase-admin/firestore'
import { CashfreeError, type CashfreeRefund } from '../lib/cashfree'
import { nowOf } from '../lib/context'
import { type BookingRecord, bookingRef, type RefundRecord } from '../lib/data/bookings'
import { markForInsights } from '../lib/data/insight-marks'
import { ALERTS, alert, warn } from '../lib/log'
import type { BookingDeps } from '../lib/records'
import { refundToldElsewhere } from './mail/messages'
import { queueMail } from './mail/outbox'

/** After this many requests Cashfree would not accept, a person is alerted (the tries go on). */
const ALERT_AFTER_ATTEMPTS = 5
/** Waits between looks at a refund that is not final yet: soon at first, then less often. */
const FOLLOW_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000, 12 * 60 * 60_000]

const NOTES: Record<RefundReason, string> = {
  'table-full': 'Paid after the seat hold ended; the table had filled',
  duplicate: 'Paid after the seat hold ended; already booked on this date',
  'amount-mismatch': 'The amount paid did not match the order',
  cancelled: 'Cancelled by the member; refund per the cancellation policy',
  'date-cancelled': 'The date was cancelled by Yaari; full refund',
  'host-cancelled': 'The seat was cancelled by the host; full refund',
  'refunded-by-team': 'Refunded in the Cashfree dashboard',
}

/** Our refund id for a booking's full refund: 3-40 characters, unique per order. */
export const refundIdFor = (orderId: string) => `refund_${orderId}`.slice(0, 40)

export function refundState(cashfreeStatus: string): RefundState {
  if (cashfreeStatus === 'SUCCESS') return 'succeeded'
  if (cashfreeStatus === 'CANCELLED' || cashfreeStatus === 'FAILED') return 'failed'
  return 'pending' // PENDING, ONHOLD, and anything Cashfree adds later: keep following it
}

const nextFollowUp = (refund: RefundRecord, now: number): number | undefined => {
  if (refund.status === 'succeeded' || refund.status === 'failed') return undefined
  const step = refund.status === 'requested' ? refund.attempts : 1 + Math.floor((now - refund.requested_at) / 3_600_000)
  return now + (FOLLOW_DELAYS_MS[Math.min(step, FOLLOW_DELAYS_MS.length - 1)] ?? 60_000)
}

async function saveRefund(deps: BookingDeps, booking: BookingRecord, refund: RefundRecord, now: number) {
  const next = nextFollowUp(refund, now)
  await bookingRef(deps.firestore, booking.order_id).update({
    refund,
    recheck_at: next ?? FieldValue.delete(),
  })
  // Money moved: the date's numbers are rolled again, however long ago its evening was.
  await markForInsights(deps.firestore, booking.event_id, booking.event_date, now)
  if (refund.status === 'failed' && booking.refund?.status !== 'failed') {
    alert(ALERTS.refundFailed, { orderId: booking.order_id, refundId: refund.refund_id, amount: refund.amount })
  }
}

async function applyCashfreeRefund(
  deps: BookingDeps,
  booking: BookingRecord,
  refund: RefundRecord,
  answer: CashfreeRefund,
  now: number,
) {
  const status = refundState(answer.refund_status)
  if (status === refund.status && status !== 'pending') return
  // Cashfree has just taken the refund on: the member hears of it once (queued before it is recorded,
  // so a run cut off in between queues it on the next look; later looks queue nothing).
  if (refund.status === 'requested' && status !== 'failed' && !refundToldElsewhere(booking)) {
    await queueMail(deps.firestore, booking, 'refund-issued', now)
  }
  await saveRefund(deps, booking, { ...refund, status, updated_at: now }, now)
}

/** Asks Cashfree for the refund (again): safe to repeat, the refund id is the same every time. */
async function sendRefund(deps: BookingDeps, booking: BookingRecord, refund: RefundRecord, now: number) {
  let answer: CashfreeRefund
  try {
    answer = await deps.gateway.refund(booking.order_id, {
      refund_id: refund.refund_id,
      refund_amount: refund.amount,
      refund_note: NOTES[refund.reason],
    })
  } catch (error) {
    if (error instanceof CashfreeError && error.status === 409) {
      // Accepted by an earlier request whose answer we never saw.
      answer = await deps.gateway.getRefund(booking.order_id, refund.refund_id)
    } else {
      const attempts = refund.attempts + 1
      warn('refund-request-failed', { orderId: booking.order_id, attempts, error: String(error) })
      if (attempts === ALERT_AFTER_ATTEMPTS) {
        alert(ALERTS.refundFailed, { orderId: booking.order_id, attempts, error: String(error) })
      }
      await saveRefund(deps, booking, { ...refund, attempts, updated_at: now }, now)
      return
    }
  }
  await applyCashfreeRefund(deps, booking, refund, answer, now)
}

/**
 * Records a full refund of a paid booking and asks Cashfree for it. The booking's seat is
 * already released (or was never re-claimed) by the caller.
 */
export async function refundBooking(
  deps: BookingDeps,
  booking: BookingRecord,
  {
    amount,
    reason,
    status = 'refunded',
  }: { amount: number; reason: RefundReason; status?: Extract<BookingRecord['status'], 'refunded' | 'cancelled'> },
): Promise<void> {
  const now = nowOf(deps)
  const refund: RefundRecord = booking.refund ?? {
    refund_id: refundIdFor(booking.order_id),
    amount,
    reason,
    status: 'requested',
    requested_at: now,
    updated_at: now,
    attempts: 0,
  }
  const ref = bookingRef(deps.firestore, booking.order_id)
  await ref.update({ status, seat: null, refund, paid_at: booking.paid_at ?? now, recheck_at: now })
  const recorded = { ...booking, status, refund }
  if (refund.status === 'requested') await sendRefund(deps, recorded, refund, now)
}

/** Moves a refund that is not final yet along: asks again if never accepted, else reads its state. */
export async function followRefund(deps: BookingDeps, booking: BookingRecord): Promise<void> {
  const refund = booking.refund
  if (!refund) return
  const now = nowOf(deps)
  if (refund.status === 'requested') return sendRefund(deps, booking, refund, now)
  if (refund.status !== 'pending') return
  const answer = await deps.gateway.getRefund(booking.order_id, refund.refund_id)
  await applyCashfreeRefund(deps, booking, refund, answer, now)
}
