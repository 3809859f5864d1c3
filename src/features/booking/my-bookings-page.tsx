import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { container, grid, wrap } from 'styled-system/patterns'
import { bullets, button, card, chip, details, heading, link, notice, text } from 'styled-system/recipes'
import type { BookingView, VenueBrief } from '../../domain/booking'
import { listMyBookingsCall } from '../../domain/booking'
import { eventById } from '../../domain/catalogue'
import { formatInr } from '../../domain/money'
import { VENUE_SHARED_HOURS_BEFORE } from '../../domain/refund-policy'
import { formatIstClock, formatLongDate, formatTime, istToday } from '../../domain/schedule'
import type { WaitlistView } from '../../domain/waitlist'
import { localDb } from '../../lib/db'
import { usePageMeta } from '../../lib/page-meta'
import { LOGIN_LINK, PROFILE_LINK } from '../../lib/paths'
import { useAuthStore } from '../../lib/session/auth-store'
import { useMemberCall } from '../../lib/use-member-call'
import { AddToCalendarButton } from './add-to-calendar'
import { refundExplanation, statusLabel } from './booking-status'
import { CancelBookingButton } from './cancel-booking'
import { ResumePaymentButton } from './resume-payment'
import { saveBookings, savedBookings, savedWaitlist, saveWaitlist } from './saved-bookings'
import { WaitlistCard } from './waitlist'

/** The exact venue, once the team has shared it: name, address, a map link and any tips. */
function VenueBriefDetails({ brief }: { brief: VenueBrief }) {
  return (
    <>
      <strong>{brief.venueName}</strong>
      <br />
      {brief.address}
      {brief.mapsUrl ? (
        <>
          <br />
          <a href={brief.mapsUrl} target="_blank" rel="noopener noreferrer" className={link()}>
            Open in Maps
          </a>
        </>
      ) : null}
      {brief.notes ? <p className={css({ mt: '1', color: 'fg.muted' })}>{brief.notes}</p> : null}
    </>
  )
}

function BookingCard({
  booking,
  upcoming,
  onChanged,
}: {
  booking: BookingView
  upcoming: boolean
  onChanged: (booking: BookingView) => void
}) {
  const event = eventById(booking.eventId)
  if (!event) return null
  const confirmed = booking.status === 'confirmed'
  const styles = card({ variant: 'outline' })
  return (
    <li className={cx(styles.root, styles.body)}>
      <div className={wrap({ justifyContent: 'space-between', gap: '3' })}>
        <h3 className={heading({ level: 'card' })}>{event.title}</h3>
        <span className={chip({ variant: confirmed ? 'subtle' : 'muted' }).root}>{statusLabel(booking)}</span>
      </div>
      <dl className={details().root}>
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
        <dt>{confirmed || booking.status === 'refunded' || booking.status === 'cancelled' ? 'Paid' : 'Price'}</dt>
        <dd>{formatInr(booking.amount)}</dd>
        <dt>Order</dt>
        <dd className={css({ fontFamily: 'mono', wordBreak: 'break-all' })}>{booking.orderId}</dd>
      </dl>
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
          <ul className={bullets()}>
            {event.whatToExpect.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <div className={wrap({ gap: '3' })}>
            <AddToCalendarButton event={event} booking={booking} />
            <CancelBookingButton booking={booking} event={event} onCancelled={onChanged} />
          </div>
        </>
      ) : null}
    </li>
  )
}

/** My bookings: the member's upcoming and past bookings with their status. */
export function MyBookingsPage() {
  usePageMeta({ title: 'My bookings', description: 'Your upcoming and past Yaari events, with calendar files.' })
  // Called again after a change the member made here (a cancel).
  const [version, setVersion] = useState(0)
  const call = useMemberCall(listMyBookingsCall, {}, version)
  // A booking the member just changed here: shown changed at once, then the list read again.
  const changed = (booking: BookingView) => {
    setSaved((current) => ({
      bookings: (current?.bookings ?? []).map((b) => (b.orderId === booking.orderId ? booking : b)),
      savedAt: Date.now(),
    }))
    setVersion((n) => n + 1)
  }
  const uid = useAuthStore((state) => state.member?.uid)
  const [saved, setSaved] = useState<{ bookings: BookingView[]; savedAt?: number }>()
  const [waitlist, setWaitlist] = useState<WaitlistView[]>([])
  // The device's copy at once: a venue's weak signal can hang the call for many seconds, and the
  // tickets and venue briefs must not wait for it. The server's answer replaces it, and is saved.
  useEffect(() => {
    if (!uid) return
    void savedBookings(localDb(), uid).then(setSaved)
    void savedWaitlist(localDb(), uid).then(setWaitlist)
  }, [uid])
  useEffect(() => {
    if (!uid || call.status !== 'ready') return
    void saveBookings(localDb(), uid, call.data.bookings)
    void saveWaitlist(localDb(), uid, call.data.waitlist)
    setSaved({ bookings: call.data.bookings, savedAt: Date.now() })
    setWaitlist(call.data.waitlist)
  }, [call, uid])
  // A place the member just left or changed here: shown at once, then the list read again.
  const waitlistChanged = (before: WaitlistView) => (after: WaitlistView | undefined) => {
    setWaitlist((current) =>
      current.flatMap((entry) =>
        entry.eventId === before.eventId && entry.eventDate === before.eventDate ? (after ? [after] : []) : [entry],
      ),
    )
    setVersion((n) => n + 1)
  }
  const today = istToday()
  const titleClass = css({ fontSize: { base: '3xl', md: '4xl' }, fontWeight: 'extrabold' })
  const section = css({ fontSize: '2xl', fontWeight: 'bold', mt: '8' })

  let body: React.ReactNode
  if (call.status === 'signed-out') {
    body = (
      <>
        <p className={css({ mt: '3' })}>Sign in to see your bookings.</p>
        <Link to={LOGIN_LINK.to} className={`${button({ size: 'lg' })} ${css({ mt: '6' })}`}>
          Sign in
        </Link>
      </>
    )
  } else if (
    (call.status === 'loading' && !saved?.bookings.length && !waitlist.length) ||
    (call.status === 'error' && !saved)
  ) {
    body = (
      <p role="status" className={css({ mt: '6', color: 'fg.muted' })}>
        Loading your bookings…
      </p>
    )
  } else if (call.status === 'error' && saved && saved.bookings.length === 0 && !waitlist.length) {
    body = (
      <p role="alert" className={css({ mt: '6' })}>
        We couldn’t load your bookings. This page needs a connection the first time; please try again.
      </p>
    )
  } else {
    const fromDevice = call.status !== 'ready'
    const list = call.status === 'ready' ? call.data.bookings : (saved?.bookings ?? [])
    const savedAt = saved?.savedAt
      ? new Date(saved.savedAt).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' })
      : undefined
    const upcoming = list.filter(
      (b) => b.eventDate >= today && b.status !== 'expired' && b.status !== 'failed' && b.status !== 'cancelled',
    )
    const past = list.filter((b) => !upcoming.includes(b)).reverse()
    body = (
      <>
        {fromDevice && savedAt ? (
          <p role="status" className={cx(notice(), css({ mt: '4' }))}>
            {call.status === 'loading'
              ? `These are your bookings as saved on this device at ${savedAt}; checking for changes…`
              : `You’re offline: these are your bookings as saved on this device at ${savedAt}.`}
          </p>
        ) : null}
        {waitlist.length ? (
          <>
            <h2 className={section}>Waitlists</h2>
            <ul className={grid({ gap: '4', mt: '4' })}>
              {waitlist.map((entry) => (
                <WaitlistCard
                  key={`${entry.eventId}_${entry.eventDate}`}
                  entry={entry}
                  onChanged={waitlistChanged(entry)}
                />
              ))}
            </ul>
          </>
        ) : null}
        <h2 className={section}>Upcoming</h2>
        {upcoming.length ? (
          <ul className={grid({ gap: '4', mt: '4' })}>
            {upcoming.map((booking) => (
              <BookingCard key={booking.orderId} booking={booking} upcoming onChanged={changed} />
            ))}
          </ul>
        ) : (
          <p className={css({ mt: '3' })}>
            Nothing booked yet.{' '}
            <Link to="/events" className={link()}>
              Find an event
            </Link>
          </p>
        )}
        {past.length ? (
          <>
            <h2 className={section}>Past, cancelled and unpaid</h2>
            <ul className={grid({ gap: '4', mt: '4' })}>
              {past.map((booking) => (
                <BookingCard key={booking.orderId} booking={booking} upcoming={false} onChanged={changed} />
              ))}
            </ul>
          </>
        ) : null}
      </>
    )
  }
  return (
    <section className={container({ maxW: '2xl', py: { base: '10', md: '16' } })}>
      <h1 className={titleClass}>My bookings</h1>
      <p className={text({ size: 'sm' })}>
        <Link to={PROFILE_LINK.to} className={link()}>
          Your profile
        </Link>
      </p>
      {body}
    </section>
  )
}
