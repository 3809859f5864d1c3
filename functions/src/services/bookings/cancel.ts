/**
 * cancelBooking: a member gives a confirmed seat back before the event. The refund is what the
 * policy gives at that moment (hours counted to the start in IST: 48 or more, all of it; 24 to
 * 48, half; under 24, nothing), asked of Cashfree with our idempotent refund id and followed to
 * its end like every refund; the seat is freed at once; a receipt is emailed. Applied once
 * (`once(..., 'cancelled')`), so a second cancel, or one racing a webhook or the jobs, changes
 * nothing more.
 */

import { BOOKING_MESSAGES, type BookingView, type cancelBookingCall, type RefundReason } from '@yaari/domain/booking'
import type { RequestOf } from '@yaari/domain/callable'
import { cancellationRefund } from '@yaari/domain/refund-policy'
import { eventStartInstant } from '@yaari/domain/schedule'
import { HttpsError } from 'firebase-functions/v2/https'
import { nowOf } from '../../lib/context'
import { type BookingRecord, bookingRef, readBooking } from '../../lib/data/bookings'
import type { MailKind } from '../../lib/data/mail'
import { once } from '../../lib/data/transitions'
import type { BookingDeps } from '../../lib/records'
import { queueMail } from '../mail/outbox'
import { refundBooking } from '../refunds'
import { releaseHold } from '../waitlist/offers'
import { bookingView } from './views'

export async function cancelBooking(
  deps: BookingDeps,
  member: { uid: string },
  { orderId }: RequestOf<typeof cancelBookingCall>,
): Promise<{ booking: BookingView }> {
  const { catalogue } = deps
  const { firestore } = deps
  const booking = await readBooking(firestore, orderId)
  if (!booking || booking.user_id !== member.uid || booking.payment_session_id === null) {
    throw new HttpsError('not-found', 'No such booking.')
  }
  // Already cancelled (a double tap, a retry after a lost answer): the same answer again.
  if (booking.status === 'cancelled') return { booking: await bookingView(deps, booking) }
  if (booking.status !== 'confirmed') throw new HttpsError('failed-precondition', BOOKING_MESSAGES.notCancellable)
  const event = catalogue.eventById(booking.event_id)
  const now = nowOf(deps)
  const refund = event
    ? cancellationRefund(booking.amount, eventStartInstant(booking.event_date, event.startTime), new Date(now))
    : undefined
  if (!refund) throw new HttpsError('failed-precondition', BOOKING_MESSAGES.cancelAfterStart)

  await cancelConfirmed(deps, booking, { amount: refund.amount, reason: 'cancelled', mail: 'booking-cancelled' })
  const after = (await readBooking(firestore, orderId)) ?? booking
  return { booking: await bookingView(deps, after) }
}

/**
 * Cancels a confirmed booking, once (`transitions/cancelled`): the member's mail is queued first
 * (it waits until the booking is cancelled); then the state, so the ticket is never shown for a
 * seat already given away; then the refund, if any; then the seat. A run cut off before the seat
 * is freed leaves the booking due a look (recheck_at), and reconciling a cancelled booking frees it.
 */
export async function cancelConfirmed(
  deps: BookingDeps,
  booking: BookingRecord,
  {
    amount,
    reason,
    mail,
    record = {},
  }: {
    amount: number
    reason: RefundReason
    mail: MailKind
    /** More to record on the booking as it is cancelled (who cancelled it and why). */
    record?: Partial<Pick<BookingRecord, 'host_cancel_reason'>>
  },
): Promise<boolean> {
  const { firestore } = deps
  const now = nowOf(deps)
  return once(firestore, booking.order_id, 'cancelled', async () => {
    await queueMail(firestore, booking, mail, now)
    await bookingRef(firestore, booking.order_id).update({
      status: 'cancelled',
      seat: null,
      cancelled_at: now,
      recheck_at: now,
      ...record,
    })
    if (amount > 0) await refundBooking(deps, booking, { amount, reason, status: 'cancelled' })
    await releaseHold(deps, booking)
  })
}
