/**
 * How a booking's state reads to its member: the true state the server holds, a refund's own
 * progress included (a refund Cashfree has only accepted is "in progress", never "refunded").
 */
import type { BookingView, RefundReason } from '@yaari/domain/booking'
import { formatInr } from '@yaari/domain/money'
import { REFUND_DAYS } from '@yaari/domain/refund-policy'

export function statusLabel(booking: BookingView): string {
  switch (booking.status) {
    case 'confirmed':
      return booking.checkedInAt ? 'Checked in' : 'Confirmed'
    case 'pending':
      return booking.lastAttemptFailed ? 'Payment failed: try again' : 'Payment pending'
    case 'failed':
      return 'Payment failed'
    case 'expired':
      return 'Expired unpaid'
    case 'refunded':
      if (booking.refund?.status === 'succeeded') return 'Refunded'
      if (booking.refund?.status === 'failed') return 'Refund delayed'
      return 'Refund in progress'
    case 'cancelled':
      if (!booking.refund) return 'Cancelled'
      if (booking.refund.status === 'succeeded') return 'Cancelled, refunded'
      if (booking.refund.status === 'failed') return 'Cancelled, refund delayed'
      return 'Cancelled, refund in progress'
  }
}

const WHY: Record<RefundReason, string> = {
  'table-full': 'Your payment arrived after your seat’s hold had ended, and the table filled up meanwhile.',
  duplicate: 'Your payment arrived after your seat’s hold had ended, and you had booked this date again since.',
  'amount-mismatch': 'The amount paid did not match your booking.',
  cancelled: 'You cancelled this booking.',
  'date-cancelled': 'We cancelled this date, and we are sorry.',
  'host-cancelled': 'Your host cancelled your seat; we emailed you the reason.',
  'refunded-by-team': 'Our team refunded this booking, so the seat is released.',
}

/** Why the money is going back, and where the refund stands; undefined when nothing is refunded. */
export function refundExplanation(booking: BookingView): string | undefined {
  const { refund } = booking
  if (!refund) return undefined
  const amount = formatInr(refund.amount)
  const where =
    refund.status === 'succeeded'
      ? `We have refunded ${amount} to your original payment method.`
      : refund.status === 'failed'
        ? `Your refund of ${amount} did not go through. Our team has been alerted and will return the money to you directly; you can also contact us about it.`
        : `We are refunding ${amount}: it reaches your original payment method in ${REFUND_DAYS}.`
  return `${WHY[refund.reason]} ${where}`
}
