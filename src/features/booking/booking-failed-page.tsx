import { Link } from '@tanstack/react-router'
import { formatIstClock } from '@yaari/domain/schedule'
import { cx } from 'styled-system/css'
import { container } from 'styled-system/patterns'
import { button, message, text } from 'styled-system/recipes'
import { useBookingCheck } from '../../lib/member-data/use-booking-check'
import { usePageMeta } from '../../lib/page-meta'
import { Bullets } from '../../ui/bullets'
import { GetHelpLink } from './booking-links'
import { ResumePaymentButton } from './resume-payment'

const CAUSES = [
  'The payment was cancelled or the checkout page was closed.',
  'Your bank or UPI app declined the payment.',
  'The connection dropped while the payment was being processed.',
  'The session expired before the payment finished.',
] as const

/**
 * Booking failed: possible causes, Get Help and Try Again. A failed attempt
 * does not end the booking: while its seat is still held, Try Again reopens Cashfree's checkout
 * for the same order; once the hold is over it leads back to the event to book afresh.
 */
export function BookingFailedPage({ orderId }: { orderId?: string }) {
  usePageMeta({
    title: 'Payment failed',
    description: 'Your payment did not go through. No seat was booked; you can try again.',
  })
  return (
    <section className={container({ maxW: '2xl', py: { base: '12', md: '20' } })}>
      <h1 className={styles.title}>Payment failed. Don't worry, we'll help you!</h1>
      {orderId ? <RetryForOrder orderId={orderId} /> : <Actions />}
    </section>
  )
}

function Causes() {
  return (
    <section className={styles.section}>
      <h2 className={styles.sectionTitle}>What might have happened</h2>
      <Bullets items={CAUSES} />
    </section>
  )
}

const styles = message()
const actions = styles.actions
/** What the page says first, under its heading. */
const lead = cx(styles.body, text({ size: 'lg' }))

/** No booking to go back to: try again from the events. */
function Actions({ eventId }: { eventId?: string }) {
  return (
    <>
      <p className={lead}>Your seat was not booked. If any money left your account, it is returned automatically.</p>
      <Causes />
      <div className={actions}>
        {eventId ? (
          <Link to="/events/$eventId" params={{ eventId }} className={button({ size: 'lg' })}>
            Try Again
          </Link>
        ) : (
          <Link to="/events" className={button({ size: 'lg' })}>
            Try Again
          </Link>
        )}
        <GetHelpLink />
      </div>
    </>
  )
}

/** The booking whose payment failed: pay it again while its seat is held, else book afresh. */
function RetryForOrder({ orderId }: { orderId: string }) {
  const call = useBookingCheck(orderId)
  if (call.status === 'loading') {
    return (
      <p role="status" className={lead}>
        Checking your booking…
      </p>
    )
  }
  if (call.status !== 'ready') return <Actions />
  const { booking } = call
  if (booking.status === 'confirmed') {
    return (
      <>
        <p className={lead}>Good news: a later attempt went through, and your seat is booked.</p>
        <div className={actions}>
          <Link to="/booking-success" search={{ order_id: orderId }} className={button({ size: 'lg' })}>
            See your booking
          </Link>
        </div>
      </>
    )
  }
  const session = booking.status === 'pending' ? booking.paymentSessionId : undefined
  const mode = booking.cashfreeMode
  if (!session || !mode || !booking.holdExpiresAt) return <Actions eventId={booking.eventId} />
  return (
    <>
      <p className={lead}>
        Your seat is still held for you until {formatIstClock(new Date(booking.holdExpiresAt))} (IST): try again to pay
        for it. If any money left your account for the attempt that failed, it is returned automatically.
      </p>
      <Causes />
      <div className={actions}>
        <ResumePaymentButton size="lg" checkout={{ paymentSessionId: session, mode }}>
          Try Again
        </ResumePaymentButton>
        <GetHelpLink />
      </div>
    </>
  )
}
