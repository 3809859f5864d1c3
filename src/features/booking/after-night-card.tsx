/**
 * On a booking the morning after asked about: "How was <event>?" with the way to answer, while it
 * is open; afterwards, where the member's connections are.
 */
import { Link } from '@tanstack/react-router'
import type { BookingView } from '@yaari/domain/booking'
import type { YaariEvent } from '@yaari/domain/catalogue'
import { formatLongDate, istToday } from '@yaari/domain/schedule'
import { cx } from 'styled-system/css'
import { flow } from 'styled-system/patterns'
import { button, heading, link, notice, text } from 'styled-system/recipes'

export function AfterNightCard({ booking, event }: { booking: BookingView; event: YaariEvent }) {
  const after = booking.afterNight
  if (!after || booking.status !== 'confirmed') return null
  const open = after.open && Date.parse(after.closesAt) > Date.now()
  const until = formatLongDate(istToday(new Date(after.closesAt)))
  const connected =
    after.connections > 0 ? (
      <p className={text({ weight: 'semibold' })}>
        {after.connections === 1
          ? '1 connection from this evening: you and someone you picked picked each other.'
          : `${after.connections} connections from this evening: you and people you picked picked each other.`}
      </p>
    ) : null
  return (
    <section aria-label={`How was ${event.title}?`} className={cx(notice({ size: 'md' }), flow({ gap: '2' }))}>
      <p className={heading({ level: 'card' })}>How was {event.title}?</p>
      {connected}
      {open ? (
        <>
          <p>Rate the evening, pick who you would meet again, or report someone. Open until {until}.</p>
          <Link to="/my-bookings/$orderId/after" params={{ orderId: booking.orderId }} className={button()}>
            Tell us how it was
          </Link>
        </>
      ) : (
        <>
          <p className={text({ tone: 'muted' })}>This evening’s feedback closed on {until}.</p>
          <Link to="/my-bookings/$orderId/after" params={{ orderId: booking.orderId }} className={link()}>
            See the evening
          </Link>
        </>
      )}
    </section>
  )
}
