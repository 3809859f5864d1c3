import { Link } from '@tanstack/react-router'
import type { BookingView } from '@yaari/domain/booking'
import { formatInr } from '@yaari/domain/money'
import { VENUE_SHARED_HOURS_BEFORE } from '@yaari/domain/refund-policy'
import { formatIstClock, formatLongDate, formatTime, istToday } from '@yaari/domain/schedule'
import { css, cx } from 'styled-system/css'
import { container, flow, grid, visuallyHidden, wrap } from 'styled-system/patterns'
import { button, card, chip, dataList, heading, link, text, toolbar } from 'styled-system/recipes'
import { useCatalogue } from '../../lib/catalogue'
import { type MyBookings, type Snapshot, useMyBookings } from '../../lib/member-data/hooks'
import { refreshMemberData } from '../../lib/member-data/refresh'
import { usePendingRecheck } from '../../lib/member-data/use-pending-recheck'
import { usePageMeta } from '../../lib/page-meta'
import { PROFILE_LINK } from '../../lib/paths'
import { Bullets } from '../../ui/bullets'
import { RefreshedNote } from '../../ui/refreshed-note'
import { SignInPrompt } from '../../ui/sign-in'
import { StatusNote } from '../../ui/status-note'
import { AddToCalendarButton } from './add-to-calendar'
import { AfterNightCard } from './after-night-card'
import { refundExplanation, statusLabel } from './booking-status'
import { CancelBookingButton } from './cancel-booking'
import { ResumePaymentButton } from './resume-payment'
import { VenueBriefDetails } from './venue-brief'
import { WaitlistCard } from './waitlist'
import { YourGroupRow } from './your-group'

function BookingCard({
  booking,
  upcoming,
  onChanged,
}: {
  booking: BookingView
  upcoming: boolean
  onChanged: () => void
}) {
  // An event published since this device's catalogue: shown once the newer catalogue arrives.
  const catalogue = useCatalogue()
  const event = catalogue.eventById(booking.eventId)
  if (!event) return null
  const confirmed = booking.status === 'confirmed'
  const styles = card({ variant: 'outline' })
  const bar = toolbar()
  return (
    <li className={cx(styles.root, styles.body)}>
      <div className={bar.root}>
        <h3 className={cx(heading({ level: 'card' }), bar.title)}>{event.title}</h3>
        <span className={chip({ variant: confirmed ? 'subtle' : 'muted' }).root}>{statusLabel(booking)}</span>
      </div>
      <AfterNightCard booking={booking} event={event} />
      <dl className={dataList().root}>
        <dt>When</dt>
        <dd>
          {formatLongDate(booking.eventDate)}, {formatTime(event.startTime)}
        </dd>
        <dt>Where</dt>
        <dd>
          {booking.venueBrief ? (
            <VenueBriefDetails brief={booking.venueBrief} />
          ) : (
            `${event.venueArea} (exact venue shared ${VENUE_SHARED_HOURS_BEFORE} hours before)`
          )}
        </dd>
        <YourGroupRow booking={booking} />
        <dt>{confirmed || booking.status === 'refunded' || booking.status === 'cancelled' ? 'Paid' : 'Price'}</dt>
        <dd>{formatInr(booking.amount)}</dd>
        <dt>Order</dt>
        <dd className={text({ face: 'id' })}>{booking.orderId}</dd>
      </dl>
      <Link
        to="/my-bookings/$orderId"
        params={{ orderId: booking.orderId }}
        className={cx(
          button({ variant: confirmed && upcoming ? 'solid' : 'outline' }),
          css({ alignSelf: 'flex-start' }),
        )}
      >
        {confirmed ? 'Show ticket' : 'Ticket details'}
        <span className={visuallyHidden()}>
          {' '}
          for {event.title}, {formatLongDate(booking.eventDate)}
        </span>
      </Link>
      {booking.refund ? <p>{refundExplanation(booking)}</p> : null}
      {booking.status === 'pending' &&
      booking.paymentSessionId &&
      booking.cashfreeMode &&
      booking.holdExpiresAt &&
      Date.parse(booking.holdExpiresAt) > Date.now() ? (
        <div className={wrap({ alignItems: 'center', gap: '3' })}>
          <p>Your seat is held until {formatIstClock(new Date(booking.holdExpiresAt))} (IST).</p>
          <ResumePaymentButton checkout={{ paymentSessionId: booking.paymentSessionId, mode: booking.cashfreeMode }}>
            Complete payment
          </ResumePaymentButton>
        </div>
      ) : null}
      {confirmed && upcoming ? (
        <>
          <h4 className={heading({ level: 'label' })}>What to expect</h4>
          <Bullets items={event.whatToExpect} />
          <div className={wrap({ gap: '3' })}>
            <AddToCalendarButton event={event} booking={booking} />
            <CancelBookingButton booking={booking} event={event} onCancelled={onChanged} />
          </div>
        </>
      ) : null}
    </li>
  )
}

/** My bookings: the member's upcoming and past bookings with their status, read from the device. */
export function MyBookingsPage({ initial }: { initial?: Snapshot<MyBookings> | null }) {
  usePageMeta({ title: 'My bookings', description: 'Your upcoming and past Yaari events, with calendar files.' })
  const mine = useMyBookings(initial)
  // A change the member made here (a cancel, leaving a line) is on the device at once; the list
  // is then asked for again.
  const changed = () => void refreshMemberData('bookings')
  const today = istToday()

  /** A part of the page: its heading and its cards. */
  const part = flow({ gap: '4' })
  let body: React.ReactNode
  const snapshot = mine.status === 'signed-in' ? mine.snapshot : undefined
  // A booking still "Payment pending" is asked about again until it settles (a late webhook).
  usePendingRecheck(
    (snapshot?.data.bookings ?? []).filter((booking) => booking.status === 'pending').map((b) => b.orderId),
  )
  const neverSaved =
    snapshot !== undefined &&
    snapshot.refreshedAt === undefined &&
    !snapshot.data.bookings.length &&
    !snapshot.data.waitlist.length
  if (mine.status === 'signed-out') {
    body = <SignInPrompt>Sign in to see your bookings.</SignInPrompt>
  } else if (mine.status === 'signed-in' && neverSaved && mine.refresh?.status === 'failed') {
    body = (
      <p role="alert">We couldn’t load your bookings. This page needs a connection the first time; please try again.</p>
    )
  } else if (mine.status !== 'signed-in' || !snapshot || neverSaved) {
    body = <StatusNote>Loading your bookings…</StatusNote>
  } else {
    const { bookings, waitlist } = snapshot.data
    const upcoming = bookings.filter(
      (b) => b.eventDate >= today && b.status !== 'expired' && b.status !== 'failed' && b.status !== 'cancelled',
    )
    const past = bookings.filter((b) => !upcoming.includes(b)).reverse()
    body = (
      <>
        <RefreshedNote refreshedAt={snapshot.refreshedAt} refresh={mine.refresh} />
        {waitlist.length ? (
          <section aria-labelledby="waitlists" className={part}>
            <h2 id="waitlists" className={heading({ level: 'section' })}>
              Waitlists
            </h2>
            <ul className={grid({ gap: '4' })}>
              {waitlist.map((entry) => (
                <WaitlistCard key={`${entry.eventId}_${entry.eventDate}`} entry={entry} onChanged={changed} />
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="upcoming" className={part}>
          <h2 id="upcoming" className={heading({ level: 'section' })}>
            Upcoming
          </h2>
          {upcoming.length ? (
            <ul className={grid({ gap: '4' })}>
              {upcoming.map((booking) => (
                <BookingCard key={booking.orderId} booking={booking} upcoming onChanged={changed} />
              ))}
            </ul>
          ) : (
            <p>
              Nothing booked yet.{' '}
              <Link to="/events" className={link()}>
                Find an event
              </Link>
            </p>
          )}
        </section>
        {past.length ? (
          <section aria-labelledby="past" className={part}>
            <h2 id="past" className={heading({ level: 'section' })}>
              Past, cancelled and unpaid
            </h2>
            <ul className={grid({ gap: '4' })}>
              {past.map((booking) => (
                <BookingCard key={booking.orderId} booking={booking} upcoming={false} onChanged={changed} />
              ))}
            </ul>
          </section>
        ) : null}
      </>
    )
  }
  return (
    <section className={cx(container({ maxW: '2xl', py: { base: '10', md: '16' } }), flow({ gap: '6' }))}>
      <h1 className={heading({ level: 'page' })}>My bookings</h1>
      <p className={text({ size: 'sm' })}>
        <Link to={PROFILE_LINK.to} className={link()}>
          Your profile
        </Link>
      </p>
      {body}
    </section>
  )
}
