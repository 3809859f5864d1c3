import { Link, useNavigate } from '@tanstack/react-router'
import { BOOKING_MESSAGES } from '@yaari/domain/booking'
import { VENUE_SHARED_HOURS_BEFORE } from '@yaari/domain/refund-policy'
import { formatLongDate, formatTime } from '@yaari/domain/schedule'
import { type ReactNode, useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { container } from 'styled-system/patterns'
import { button, text } from 'styled-system/recipes'
import { useCatalogue } from '../../lib/catalogue'
import { useBookingCheck } from '../../lib/member-data/use-booking-check'
import { usePageMeta } from '../../lib/page-meta'
import { Bullets } from '../../ui/bullets'
import { Button } from '../../ui/button'
import { PageMessage } from '../../ui/page-message'
import { SignInLink } from '../../ui/sign-in'
import { showToast } from '../../ui/toast'
import { AddToCalendarButton } from './add-to-calendar'
import { GetHelpLink, MyBookingsLink } from './booking-links'
import { refundExplanation } from './booking-status'

/** The fixed 'Confirming your booking' pause. */
const CONFIRMING_MS = 1500
/** While a payment is still being confirmed, the page looks again this often, this many times. */
const AUTO_CHECK_MS = 3_000
const AUTO_CHECKS = 10

const NEXT_STEPS = [
  'A confirmation email reaches you within 5 minutes.',
  `We share the exact venue ${VENUE_SHARED_HOURS_BEFORE} hours before the event.`,
  'You get reminders as the evening gets closer.',
] as const

const TIPS = [
  'Arrive 10 minutes early: the host starts with introductions.',
  'Come as you are; everyone at the table is new to each other too.',
] as const

/**
 * Where Cashfree's checkout returns (/booking-success?order_id=...). The query string proves
 * nothing: the page shows what getBooking says, and "You're In" only for a paid booking.
 * `notificationAsk` (the ask to turn notifications on, another feature's: the route gives it) shows
 * with "You're In" only.
 */
export function BookingSuccessPage({
  orderId,
  notificationAsk,
}: {
  orderId: string | undefined
  notificationAsk?: ReactNode
}) {
  // An event published since this device's catalogue: shown once the newer catalogue arrives.
  const catalogue = useCatalogue()
  usePageMeta({ title: 'Your booking', description: 'Confirming your Yaari booking and what happens next.' })
  const [attempt, setAttempt] = useState(0)
  const [waited, setWaited] = useState(false)
  const navigate = useNavigate()
  const call = useBookingCheck(orderId ?? '', attempt)
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), CONFIRMING_MS)
    return () => clearTimeout(timer)
  }, [])

  // An attempt that failed counts only if the server asked Cashfree for this very answer (made
  // after the member came back): what it knew before may be an earlier attempt's outcome.
  const fresh = call.status === 'ready' && call.booking.checkedAt !== undefined
  // Still being confirmed (Cashfree's word may be a moment behind the redirect): look again every
  // few seconds for a while; the server asks Cashfree at most every 5 s whatever we do.
  const stillPending =
    call.status === 'ready' && call.booking.status === 'pending' && (!call.booking.lastAttemptFailed || !fresh)
  useEffect(() => {
    if (!stillPending || attempt >= AUTO_CHECKS) return
    const timer = setTimeout(() => setAttempt((n) => n + 1), AUTO_CHECK_MS)
    return () => clearTimeout(timer)
  }, [stillPending, attempt])

  // The attempt failed: the hold may still be live (Try Again pays the same order) or over.
  const failed =
    call.status === 'ready' &&
    (call.booking.status === 'failed' ||
      call.booking.status === 'expired' ||
      (call.booking.status === 'pending' && call.booking.lastAttemptFailed === true && fresh))
  useEffect(() => {
    if (!failed || !waited) return
    void showToast({ title: BOOKING_MESSAGES.paymentFailed, type: 'error' })
    void navigate({ to: '/booking-failed', search: { order_id: orderId }, replace: true })
  }, [failed, waited, navigate, orderId])

  const frame = (children: ReactNode) => (
    <section className={container({ maxW: '2xl', py: { base: '12', md: '20' } })}>{children}</section>
  )

  if (
    !orderId ||
    (call.status === 'error' && (call.code === 'functions/not-found' || call.code === 'functions/invalid-argument'))
  ) {
    return frame(
      <PageMessage
        title="We couldn’t find this booking"
        actions={
          <>
            <MyBookingsLink />
            <GetHelpLink />
          </>
        }
      >
        <p>
          {orderId ? `There is no booking ${orderId} on your account.` : 'This link has no booking in it.'} If you paid,
          your booking shows under My bookings within a few minutes; otherwise please get in touch.
        </p>
      </PageMessage>,
    )
  }
  if (call.status === 'signed-out') {
    return frame(
      <PageMessage title="Sign in to see your booking" actions={<SignInLink />}>
        <p>Your booking {orderId} is on your account.</p>
      </PageMessage>,
    )
  }
  if (!waited || call.status === 'loading' || failed) {
    return frame(
      <p role="status" className={css({ fontSize: 'xl', fontWeight: 'semibold', textAlign: 'center', py: '16' })}>
        Confirming your booking
      </p>,
    )
  }
  const checkAgain = (
    <Button size="lg" onClick={() => setAttempt((n) => n + 1)}>
      Check again
    </Button>
  )
  if (call.status === 'error') {
    return frame(
      <PageMessage title="We couldn’t check your booking just now" actions={checkAgain}>
        <p>Your payment is safe. Checking needs a connection; please try again in a moment.</p>
      </PageMessage>,
    )
  }

  const { booking } = call
  const event = catalogue.eventById(booking.eventId)
  if (booking.status === 'refunded') {
    return frame(
      <PageMessage
        title={
          booking.refund?.status === 'succeeded' ? 'Your payment has been refunded' : 'Your payment is being refunded'
        }
        actions={
          <Link to="/events" className={button({ size: 'lg' })}>
            Choose another date
          </Link>
        }
      >
        <p>
          Order {booking.orderId}. {refundExplanation(booking)}
        </p>
      </PageMessage>,
    )
  }
  if (booking.status === 'cancelled') {
    return frame(
      <PageMessage title="This booking was cancelled" actions={<MyBookingsLink />}>
        <p>
          Order {booking.orderId}. {refundExplanation(booking) ?? 'No refund was due under the refund policy.'}
        </p>
      </PageMessage>,
    )
  }
  if (booking.status === 'pending') {
    return frame(
      <PageMessage title="Your payment is still being confirmed" actions={checkAgain}>
        <p>
          Cashfree has not told us the result for order {booking.orderId} yet. Your seat is held meanwhile; this usually
          takes under a minute.
        </p>
      </PageMessage>,
    )
  }
  return frame(
    <PageMessage
      title="You're In"
      sections={
        <>
          <PageMessage.Section title="What happens next">
            <Bullets items={NEXT_STEPS} />
          </PageMessage.Section>
          <PageMessage.Section title="Tips">
            <Bullets items={TIPS} />
          </PageMessage.Section>
        </>
      }
      actions={
        <>
          <MyBookingsLink />
          {event ? <AddToCalendarButton size="lg" event={event} booking={booking} /> : null}
          <Link to="/events" className={button({ size: 'lg', variant: 'outline' })}>
            Explore more events
          </Link>
          <Link to="/" className={button({ size: 'lg', variant: 'ghost' })}>
            Back to Home
          </Link>
        </>
      }
    >
      <p className={text({ size: 'lg' })}>
        Your seat at {event?.title ?? booking.eventId} on {formatLongDate(booking.eventDate)}
        {event ? `, ${formatTime(event.startTime)}` : ''} is booked.
      </p>
      <p className={text({ tone: 'muted' })}>
        Order ID:{' '}
        <span className={css({ fontFamily: 'mono', fontWeight: 'semibold', color: 'fg.default' })}>
          {booking.orderId}
        </span>
      </p>
      {notificationAsk}
    </PageMessage>,
  )
}
