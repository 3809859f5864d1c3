/**
 * A whole date cancelled by the team (`npm run cancel-date`): the command records it in
 * cancelled_dates/{eventId}_{date}; from then on nothing can be booked on it and availability
 * shows it cancelled. The settleCancelledDates job (every 5 minutes, with Cashfree's secret) then
 * refunds every confirmed member in full, ends every pending hold (closing its order), and tells
 * everyone; a payment that lands on a cancelled date later is refunded in full (reconcile.ts). The
 * job repeats until no booking of the date is confirmed or pending.
 */

import { eventDateSchema } from '@yaari/domain/booking'
import type { Catalogue } from '@yaari/domain/catalogue'
import { dateIssue, eventIdField } from '@yaari/domain/event-id'
import { describeIssues } from '@yaari/domain/validation'
import type { Firestore } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { nowOf } from '../../lib/context'
import { type BookingRecord, bookingRef, bookingsOfDate, unreadableBookingsOfDate } from '../../lib/data/bookings'
import { markSettled, recordCancelledDate, unsettledDates } from '../../lib/data/cancelled-dates'
import { ALERTS, alert, warn } from '../../lib/log'
import { type BookingDeps, mapLimit } from '../../lib/records'
import { queueMail } from '../mail/outbox'
import { cancelConfirmed } from './cancel'
import { reconcileBooking } from './reconcile'

const cancelDateSchema = v.strictObject({
  eventId: eventIdField('Unknown event'),
  eventDate: eventDateSchema,
  reason: v.pipe(v.string('reason must be text'), v.trim(), v.nonEmpty('reason is required'), v.maxLength(300)),
})

/**
 * Records the date as cancelled, once (again is harmless): the team's command and the host
 * console both come here. Its path, and whether this call cancelled it.
 */
export async function cancelDate(
  firestore: Firestore,
  catalogue: Catalogue,
  input: unknown,
  now = Date.now(),
): Promise<{ path: string; cancelled: boolean }> {
  const parsed = v.safeParse(cancelDateSchema, input)
  if (!parsed.success) throw new Error(describeIssues(parsed.issues))
  const refused = dateIssue(catalogue, parsed.output, { dated: true })
  if (refused) throw new Error(refused)
  const { eventId, eventDate, reason } = parsed.output
  return recordCancelledDate(firestore, eventId, eventDate, reason, now)
}

async function settleBooking(deps: BookingDeps, booking: BookingRecord): Promise<'refunded' | 'ended' | 'none'> {
  if (booking.status === 'confirmed') {
    await cancelConfirmed(deps, booking, { amount: booking.amount, reason: 'date-cancelled', mail: 'date-cancelled' })
    return 'refunded'
  }
  if (booking.status === 'pending') {
    const now = nowOf(deps)
    // Told why (not "the payment was not completed"), then the hold ends now: reconcile closes the
    // order; one paid meanwhile is refunded in full, as on any cancelled date.
    await queueMail(deps.firestore, booking, 'date-cancelled', now)
    await bookingRef(deps.firestore, booking.order_id).update({ hold_expires_at: now - 1, date_cancelled: true })
    await reconcileBooking(deps, booking.order_id)
    return 'ended'
  }
  return 'none'
}

export interface CancelledDatesReport {
  dates: number
  refunded: number
  holdsEnded: number
}

/**
 * Settles one cancelled date: every confirmed booking refunded in full and told, every pending
 * hold ended. Whether none is left to settle (then it is marked settled).
 */
export async function settleCancelledDate(
  deps: BookingDeps,
  eventId: string,
  eventDate: string,
  report: CancelledDatesReport = { dates: 0, refunded: 0, holdsEnded: 0 },
): Promise<boolean> {
  const { firestore } = deps
  const outcomes = await mapLimit(await bookingsOfDate(firestore, eventId, eventDate), 4, async (booking) => {
    try {
      return await settleBooking(deps, booking)
    } catch (error) {
      warn('cancelled-date-booking-failed', { orderId: booking.order_id, error: String(error) })
      return 'none' as const
    }
  })
  report.refunded += outcomes.filter((o) => o === 'refunded').length
  report.holdsEnded += outcomes.filter((o) => o === 'ended').length
  const left = (await bookingsOfDate(firestore, eventId, eventDate)).filter((booking) =>
    ['confirmed', 'pending'].includes(booking.status),
  )
  if (left.length > 0) return false
  // A booking no reader can see may be a paid one owed a refund: the date stays open, and the team is told.
  const unreadable = await unreadableBookingsOfDate(firestore, eventId, eventDate)
  if (unreadable > 0) {
    alert(ALERTS.cancelledDateUnreadable, { eventId, eventDate, unreadable })
    return false
  }
  await markSettled(firestore, eventId, eventDate)
  return true
}

/** The settleCancelledDates job. */
export async function settleCancelledDates(deps: BookingDeps): Promise<CancelledDatesReport> {
  const open = await unsettledDates(deps.firestore)
  const report = { dates: open.length, refunded: 0, holdsEnded: 0 }
  for (const { eventId, eventDate } of open) {
    await settleCancelledDate(deps, eventId, eventDate, report)
  }
  return report
}
