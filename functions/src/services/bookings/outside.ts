/**
 * Money moved outside the app reaching the booking: a refund the team made in Cashfree's
 * dashboard, and a dispute (chargeback) the member's bank raised. As with every webhook, the
 * event only names the order: the refunds and disputes are read from Cashfree.
 *
 * - A confirmed booking refunded in full outside the app ends as `refunded`: its seat is freed
 *   (offered to the waitlist) and the member is told. It ends through the same `cancelled`
 *   change as a member's or a host's cancel, so of a cancel and a dashboard refund racing, one
 *   applies. A partial refund (a goodwill gesture) keeps the seat, and is logged.
 * - A dispute is recorded on the booking, which keeps its seat (the guest may well come), and
 *   raises `payment-disputed` once per dispute, with the date evidence is due.
 */

import type { CashfreeDispute, CashfreeRefund } from '../../lib/cashfree'
import { nowOf } from '../../lib/context'
import {
  type BookingRecord,
  bookingRef,
  type DisputeRecord,
  type RefundRecord,
  readBooking,
} from '../../lib/data/bookings'
import { markForInsights } from '../../lib/data/insight-marks'
import { once } from '../../lib/data/transitions'
import { ALERTS, alert, info, warn } from '../../lib/log'
import type { BookingDeps } from '../../lib/records'
import { queueMail } from '../mail/outbox'
import { refundIdFor, refundState } from '../refunds'
import { releaseHold } from '../waitlist/offers'

const rupees = (amount: number) => Math.round(amount * 100)

/** Refunds of the order made outside the app (not ours), not failed or cancelled. */
function madeElsewhere(orderId: string, refunds: readonly CashfreeRefund[]): CashfreeRefund[] {
  const ours = refundIdFor(orderId)
  return refunds.filter((refund) => refund.refund_id !== ours && refundState(refund.refund_status) !== 'failed')
}

/** Applies refunds made in Cashfree's dashboard to a confirmed booking; true when it ended it. */
export async function applyRefundsMadeElsewhere(deps: BookingDeps, orderId: string): Promise<boolean> {
  const { firestore } = deps
  const booking = await readBooking(firestore, orderId)
  // Any other state has ended already (its own refund, if any, is followed by the reconciler).
  if (booking?.status !== 'confirmed') return false
  const refunds = madeElsewhere(orderId, await deps.gateway.getRefunds(orderId))
  const last = refunds.at(-1)
  if (!last) return false
  const total = refunds.reduce((sum, refund) => sum + refund.refund_amount, 0)
  if (rupees(total) < rupees(booking.amount)) {
    warn('booking-partly-refunded-elsewhere', { orderId, refunded: total, paid: booking.amount })
    return false
  }
  const now = nowOf(deps)
  const refund: RefundRecord = {
    refund_id: last.refund_id,
    amount: total,
    reason: 'refunded-by-team',
    status: refundState(last.refund_status),
    requested_at: now,
    updated_at: now,
    attempts: 0,
  }
  const ended: BookingRecord = { ...booking, status: 'refunded', refund, seat: null }
  const applied = await once(firestore, orderId, 'cancelled', async () => {
    // Queued first, composed when sent (by then the booking says refunded).
    await queueMail(firestore, ended, 'refund-issued', now)
    await bookingRef(firestore, orderId).update({
      status: 'refunded',
      seat: null,
      refund,
      // The reconciler looks at once: it frees the seat if this run is cut off before it does, and
      // follows a refund still pending to its end.
      recheck_at: now,
    })
    await releaseHold(deps, booking)
  })
  if (applied) {
    await markForInsights(firestore, booking.event_id, booking.event_date, now)
    info('booking-refunded-elsewhere', { orderId, refundId: last.refund_id, amount: total })
  }
  return applied
}

const asRecord = (dispute: CashfreeDispute): DisputeRecord => ({
  dispute_id: String(dispute.dispute_id),
  type: dispute.dispute_type,
  status: dispute.dispute_status,
  amount: typeof dispute.dispute_amount === 'number' ? dispute.dispute_amount : null,
  respond_by: dispute.respond_by ?? null,
})

/** Records the order's disputes on its booking; a dispute seen for the first time raises the alert. */
export async function recordDisputes(deps: BookingDeps, orderId: string): Promise<DisputeRecord[]> {
  const { firestore } = deps
  const booking = await readBooking(firestore, orderId)
  if (!booking) return []
  const disputes = (await deps.gateway.getDisputes(orderId)).map(asRecord)
  if (disputes.length === 0) return []
  if (JSON.stringify(disputes) !== JSON.stringify(booking.disputes ?? [])) {
    await bookingRef(firestore, orderId).update({ disputes })
  }
  for (const dispute of disputes) {
    await once(firestore, orderId, `dispute-${dispute.dispute_id}`, async () => {
      alert(ALERTS.paymentDisputed, {
        orderId,
        disputeId: dispute.dispute_id,
        type: dispute.type,
        status: dispute.status,
        amount: dispute.amount,
        respondBy: dispute.respond_by,
        bookingStatus: booking.status,
        eventId: booking.event_id,
        eventDate: booking.event_date,
      })
    })
  }
  return disputes
}
