import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import type { YaariEvent } from '../../domain/catalogue'
import { priceRange } from '../../domain/catalogue'
import { formatInr } from '../../domain/money'
import { formatShortDate, formatTime, istTomorrow, nextOccurrence, weekdayName } from '../../domain/schedule'
import { spotsText } from '../../domain/spots'
import { useNow } from '../../lib/clock'
import { useAvailability } from '../../lib/use-availability'
import { CoverImage } from '../../ui/cover-image'

/**
 * The full event card of the listing. The first card's
 * picture is on screen as the page opens on a phone: it loads at once, not lazily.
 */
export function EventCard({ event, now, first = false }: { event: YaariEvent; now?: Date; first?: boolean }) {
  const availability = useAvailability(event.id)
  const clock = useNow()
  const date = nextOccurrence(event, now ?? clock)
  const isTomorrow = date === istTomorrow(now ?? clock)
  const seats = availability.status === 'ready' ? availability.byDate.get(date) : undefined
  const spotsLeft = seats?.spotsLeft
  const joined = seats ? seats.capacity - seats.spotsLeft : undefined
  const { min, max } = priceRange(event)
  const badge = isTomorrow
    ? 'Tomorrow'
    : spotsLeft !== undefined && spotsLeft > 0 && spotsLeft <= 3
      ? `Only ${spotsLeft} spots left`
      : `Every ${weekdayName(event.weekday)}`
  const titleId = `event-${event.id}-title`

  return (
    <article
      aria-labelledby={titleId}
      className={css({
        bg: 'bg.surface',
        borderRadius: 'l3',
        overflow: 'hidden',
        boxShadow: 'card',
        display: 'flex',
        flexDirection: 'column',
      })}
    >
      <div className={css({ position: 'relative' })}>
        <CoverImage src={event.image} lazy={!first} />
        <span
          data-highlight={isTomorrow || undefined}
          className={css({
            position: 'absolute',
            top: '3',
            left: '3',
            px: '2.5',
            py: '1',
            borderRadius: 'full',
            fontSize: 'sm',
            fontWeight: 'semibold',
            bg: 'white',
            color: 'ink.900',
            '&[data-highlight]': { bg: 'accent.default', color: 'fg.onAccent' },
          })}
        >
          {badge}
        </span>
        {event.featured ? (
          <span
            className={css({
              position: 'absolute',
              top: '3',
              right: '3',
              px: '2.5',
              py: '1',
              borderRadius: 'full',
              fontSize: 'sm',
              fontWeight: 'semibold',
              bg: 'ink.900',
              color: 'white',
            })}
          >
            Featured
          </span>
        ) : null}
      </div>
      <div className={css({ p: '5', display: 'flex', flexDirection: 'column', gap: '2', flex: '1' })}>
        <p className={css({ display: 'flex', justifyContent: 'space-between', fontSize: 'sm', color: 'fg.muted' })}>
          <span>{event.category}</span>
          <span>
            <span aria-hidden="true">★ </span>
            <span className={css({ srOnly: true })}>Rated </span>
            {event.rating.toFixed(1)}
            <span className={css({ srOnly: true })}> out of 5</span>
          </span>
        </p>
        <h3 id={titleId} className={css({ fontSize: 'xl', fontWeight: 'bold' })}>
          {event.title}
        </h3>
        <p className={css({ color: 'fg.muted' })}>{event.description}</p>
        <dl
          className={css({
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            columnGap: '3',
            rowGap: '1',
            fontSize: 'sm',
            mt: '1',
            '& dt': { color: 'fg.muted' },
          })}
        >
          <dt>Date</dt>
          <dd>
            {formatShortDate(date)}, {formatTime(event.startTime)}
          </dd>
          <dt>Location</dt>
          <dd>{event.venueArea}, Bangalore</dd>
          <dt>Joined</dt>
          <dd>{joined === undefined ? '…' : `${joined} of ${event.capacity}`}</dd>
          <dt>Spots</dt>
          <dd>{spotsText(spotsLeft, event.capacity)}</dd>
        </dl>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '3', mt: 'auto', pt: '3' })}>
          <p className={css({ flex: '1' })}>
            <span className={css({ fontWeight: 'bold', fontSize: 'lg' })}>
              {formatInr(min)} - {formatInr(max)}
            </span>
            <span className={css({ color: 'fg.muted', fontSize: 'sm' })}> per person</span>
          </p>
          <Link
            to="/events/$eventId"
            params={{ eventId: event.id }}
            className={button()}
            aria-label={`Book Now: ${event.title}`}
          >
            Book Now
          </Link>
        </div>
      </div>
    </article>
  )
}
