import { Link } from '@tanstack/react-router'
import type { YaariEvent } from '@yaari/domain/catalogue'
import { priceRange } from '@yaari/domain/catalogue'
import { cityName } from '@yaari/domain/event-listing'
import { formatInr } from '@yaari/domain/money'
import { formatShortDate, formatTime, istTomorrow, nextOccurrence, scheduleLabel } from '@yaari/domain/schedule'
import { spotsText } from '@yaari/domain/spots'
import { css, cx } from 'styled-system/css'
import { flex, visuallyHidden } from 'styled-system/patterns'
import { button, card, chip, dataList, heading, text } from 'styled-system/recipes'
import { useCatalogue } from '../../lib/catalogue'
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
  const seats = availability.status === 'ready' && date ? availability.byDate.get(date) : undefined
  const spotsLeft = seats?.spotsLeft
  const joined = seats ? seats.capacity - seats.spotsLeft : undefined
  const { min, max } = priceRange(event)
  const badge = isTomorrow
    ? 'Tomorrow'
    : spotsLeft !== undefined && spotsLeft > 0 && spotsLeft <= 3
      ? `Only ${spotsLeft} spots left`
      : scheduleLabel(event)
  const titleId = `event-${event.id}-title`

  const styles = card({ variant: 'raised' })

  return (
    <article aria-labelledby={titleId} className={styles.root}>
      <div className={styles.media}>
        <CoverImage src={event.image} lazy={!first} />
        <div className={styles.badges}>
          <span
            data-highlight={isTomorrow || undefined}
            className={chip({ variant: isTomorrow ? 'accent' : 'light' }).root}
          >
            {badge}
          </span>
          {event.featured ? <span className={chip({ variant: 'dark' }).root}>Featured</span> : null}
        </div>
      </div>
      <div className={styles.body}>
        <p className={cx(flex({ justify: 'space-between' }), text({ tone: 'muted', size: 'sm' }))}>
          <span>{event.category}</span>
          {event.rating === undefined ? null : (
            <span>
              <span aria-hidden="true">★ </span>
              <span className={visuallyHidden()}>Rated </span>
              {event.rating.toFixed(1)}
              <span className={visuallyHidden()}> out of 5</span>
            </span>
          )}
        </p>
        <h3 id={titleId} className={heading({ level: 'sub' })}>
          {event.title}
        </h3>
        <p className={text({ tone: 'muted' })}>{event.description}</p>
        <dl className={dataList({ size: 'sm' }).root}>
          <dt>Date</dt>
          <dd>
            {date ? (
              <>
                {formatShortDate(date)}, {formatTime(event.startTime)}
              </>
            ) : (
              'No upcoming dates'
            )}
          </dd>
          <dt>Location</dt>
          <dd>
            {event.venueArea}, {cityName(useCatalogue(), event.city)}
          </dd>
          <dt>Joined</dt>
          <dd>{joined === undefined ? '…' : `${joined} of ${event.capacity}`}</dd>
          <dt>Spots</dt>
          <dd>{spotsText(spotsLeft, event.capacity)}</dd>
        </dl>
        <div className={styles.footer}>
          <p className={css({ flex: '1' })}>
            <span className={text({ size: 'lg', weight: 'bold' })}>
              {min === max ? formatInr(min) : `${formatInr(min)} - ${formatInr(max)}`}
            </span>
            <span className={text({ tone: 'muted', size: 'sm' })}> per person</span>
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
