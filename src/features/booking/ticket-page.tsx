/**
 * /my-bookings/{orderId}: one booking's ticket, read from the device, so it opens at the venue's
 * door with no signal. A paid booking shows its pass: a QR code of the credential the server
 * signed, and a short code to read out when a phone cannot show it. Anything else says what it
 * is and shows no code.
 */
import { Link } from '@tanstack/react-router'
import type { BookingView } from '@yaari/domain/booking'
import { type PriceTier, TIER_LABELS } from '@yaari/domain/catalogue'
import { formatInr } from '@yaari/domain/money'
import { VENUE_SHARED_HOURS_BEFORE } from '@yaari/domain/refund-policy'
import { addDays, formatIstClock, formatLongDate, formatTime, istToday } from '@yaari/domain/schedule'
import { lazy, Suspense } from 'react'
import { cx } from 'styled-system/css'
import { container, flow, grid } from 'styled-system/patterns'
import { card, chip, dataList, heading, link, text, toolbar } from 'styled-system/recipes'
import { useCatalogue } from '../../lib/catalogue'
import { useNow } from '../../lib/clock'
import { type Snapshot, useMyBooking } from '../../lib/member-data/hooks'
import { usePendingRecheck } from '../../lib/member-data/use-pending-recheck'
import { usePageMeta } from '../../lib/page-meta'
import { MY_BOOKINGS_LINK } from '../../lib/paths'
import { RefreshedNote } from '../../ui/refreshed-note'
import { SignInPrompt } from '../../ui/sign-in'
import { StatusNote } from '../../ui/status-note'
import { AfterNightCard } from './after-night-card'
import { refundExplanation, statusLabel } from './booking-status'
import { PassQr } from './pass-qr'
import { VenueBriefDetails } from './venue-brief'
import { RevealedGroup, YourGroupRow } from './your-group'

/**
 * "Need help?" loads with the days around the evening it is for, not with every ticket: its form
 * and its calls are code a ticket opened on another day never runs. The service worker keeps the
 * chunk with the app, so it opens at the venue with no signal.
 */
const HelpSheet = lazy(() => import('./help-sheet').then((module) => ({ default: module.HelpSheet })))

/** Why a booking has no pass, in a sentence; undefined for a paid one. */
function noPassReason(booking: BookingView): string | undefined {
  switch (booking.status) {
    case 'confirmed':
      return undefined
    case 'cancelled':
      return 'This booking was cancelled: it is no longer a ticket, and it will not be let in at the door.'
    case 'refunded':
      return 'This booking was refunded: it is no longer a ticket, and it will not be let in at the door.'
    case 'pending':
      return 'This booking is not paid yet: it becomes a ticket once the payment is confirmed.'
    default:
      return 'This booking was never paid: it is not a ticket.'
  }
}

/**
 * When "Need help?" shows: from the day before the date to the day after, by this phone's clock.
 * The emergency numbers in it must not hide behind a phone whose clock is wrong, so the days are
 * generous; whether an alert is taken is the server's to say, by its own clock (outside the
 * evening it answers so, and the sheet reads that out).
 */
function aroundTheDate(date: string, now: Date): boolean {
  const today = istToday(now)
  return today >= addDays(date, -1) && today <= addDays(date, 1)
}

function Ticket({ booking }: { booking: BookingView }) {
  const now = useNow()
  // An event published since this device's catalogue: shown once the newer catalogue arrives.
  const catalogue = useCatalogue()
  const event = catalogue.eventById(booking.eventId)
  if (!event) return null
  const confirmed = booking.status === 'confirmed'
  const reason = noPassReason(booking)
  const styles = card({ variant: 'outline' })
  const bar = toolbar()
  return (
    <article className={cx(styles.root, styles.body)} aria-labelledby="ticket-title">
      <div className={bar.root}>
        <h2 id="ticket-title" className={cx(heading({ level: 'card' }), bar.title)}>
          {event.title}
        </h2>
        <span className={chip({ variant: confirmed ? 'subtle' : 'muted' }).root}>{statusLabel(booking)}</span>
      </div>
      <AfterNightCard booking={booking} event={event} />
      {confirmed && aroundTheDate(booking.eventDate, now) ? (
        <Suspense fallback={null}>
          <HelpSheet orderId={booking.orderId} />
        </Suspense>
      ) : null}
      <RevealedGroup booking={booking} />
      {confirmed && booking.pass ? (
        <div className={grid({ gap: '2', justifyItems: 'center', py: '2' })}>
          <PassQr credential={booking.pass.credential} label={`QR code of your pass for ${event.title}`} />
          {booking.checkedInAt ? (
            <p role="status" className={text({ weight: 'semibold' })}>
              Checked in at {formatIstClock(new Date(booking.checkedInAt))}. Enjoy the evening!
            </p>
          ) : (
            <p className={text({ size: 'sm', tone: 'muted' })}>Show this at the door. No signal needed.</p>
          )}
          <p className={text({ align: 'center' })}>
            <span className={text({ size: 'sm', tone: 'muted' })}>Ticket code</span>
            <br />
            <span className={text({ size: 'code' })}>{booking.pass.code}</span>
          </p>
        </div>
      ) : confirmed ? (
        <p role="status">Your pass appears here the next time this page reaches Yaari.</p>
      ) : (
        <p role="status" className={text({ weight: 'semibold' })}>
          {reason}
        </p>
      )}
      <dl className={dataList().root}>
        <dt>When</dt>
        <dd>
          {formatLongDate(booking.eventDate)}, {formatTime(event.startTime)} IST
        </dd>
        <dt>Where</dt>
        <dd>
          {confirmed && booking.venueBrief ? (
            <VenueBriefDetails brief={booking.venueBrief} />
          ) : (
            `${event.venueArea} (exact venue shared ${VENUE_SHARED_HOURS_BEFORE} hours before)`
          )}
        </dd>
        <YourGroupRow booking={booking} untilRevealed />
        <dt>Ticket</dt>
        <dd>
          {TIER_LABELS[booking.tier as PriceTier] ?? booking.tier}, {formatInr(booking.amount)}
        </dd>
        {booking.attendeeName ? (
          <>
            <dt>Name</dt>
            <dd>{booking.attendeeName}</dd>
          </>
        ) : null}
        <dt>Order</dt>
        <dd className={text({ face: 'id' })}>{booking.orderId}</dd>
      </dl>
      {booking.refund ? <p>{refundExplanation(booking)}</p> : null}
    </article>
  )
}

export function TicketPage({
  orderId,
  initial,
}: {
  orderId: string
  initial?: Snapshot<BookingView | undefined> | null
}) {
  usePageMeta({ title: 'Your ticket', description: 'Your Yaari ticket, with the pass to show at the door.' })
  const mine = useMyBooking(orderId, initial)
  const snapshot = mine.status === 'signed-in' ? mine.snapshot : undefined
  // Paid, but Cashfree's word has not reached us yet: asked again until it settles, so the QR comes on its own.
  usePendingRecheck(snapshot?.data?.status === 'pending' ? [orderId] : [])
  let body: React.ReactNode
  if (mine.status === 'signed-out') {
    body = <SignInPrompt>Sign in to see your ticket.</SignInPrompt>
  } else if (mine.status === 'signed-in' && snapshot?.data) {
    body = (
      <>
        <Ticket booking={snapshot.data} />
        <div>
          <RefreshedNote refreshedAt={snapshot.refreshedAt} refresh={mine.refresh} />
        </div>
      </>
    )
  } else if (mine.status === 'signed-in' && snapshot && mine.refresh?.status === 'done') {
    body = (
      <p role="alert">
        There is no booking {orderId} on your account.{' '}
        <Link to={MY_BOOKINGS_LINK.to} className={link()}>
          See your bookings
        </Link>
      </p>
    )
  } else if (mine.status === 'signed-in' && snapshot && mine.refresh?.status === 'failed') {
    body = (
      <p role="alert">
        This ticket is not on this device yet. Open it once with a connection, and it stays here for the night.
      </p>
    )
  } else {
    body = <StatusNote>Loading your ticket…</StatusNote>
  }
  return (
    <section className={cx(container({ maxW: 'md', py: { base: '8', md: '14' } }), flow({ gap: '4' }))}>
      <Link to={MY_BOOKINGS_LINK.to} className={link()}>
        ← {MY_BOOKINGS_LINK.label}
      </Link>
      <h1 className={heading({ level: 'page' })}>Your ticket</h1>
      {body}
    </section>
  )
}
