import { Link } from '@tanstack/react-router'
import { priceRange } from '@yaari/domain/catalogue'
import { formatInr } from '@yaari/domain/money'
import { formatTime, scheduleLabel } from '@yaari/domain/time-labels'
import { css } from 'styled-system/css'
import { container, flex, grid } from 'styled-system/patterns'
import { button, card, heading, text } from 'styled-system/recipes'
import { useCatalogue } from '../../lib/catalogue'
import { LOGIN_LINK } from '../../lib/paths'
import { CoverImage } from '../../ui/cover-image'

/** Featured events: three cards to their pages, 'Join Event' to /auth, 'View All Events'. */
export function FeaturedEvents() {
  // A newer catalogue re-renders the cards.
  const catalogue = useCatalogue()
  const featured = catalogue.listed.filter((event) => event.featured).slice(0, 3)
  const styles = card({ variant: 'raised' })
  return (
    <section aria-labelledby="featured-title" className={css({ bg: 'bg.muted' })}>
      <div className={container({ maxW: '6xl', px: { base: '4', md: '6' }, py: '16' })}>
        <h2 id="featured-title" className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'extrabold' })}>
          Featured events
        </h2>
        <ul className={grid({ columns: { base: 1, md: 3 }, gap: '5', mt: '8' })}>
          {featured.map((event) => {
            const { min } = priceRange(event)
            return (
              <li key={event.id} className={styles.root}>
                <Link to="/events/$eventId" params={{ eventId: event.id }} className={flex({ direction: 'column' })}>
                  <CoverImage src={event.image} />
                  <div className={styles.body}>
                    <h3 className={heading({ level: 'sub' })}>{event.title}</h3>
                    <p className={text({ tone: 'muted' })}>
                      {event.kind} · {scheduleLabel(event)}, {formatTime(event.startTime)}
                    </p>
                    <p>
                      {event.venueArea} · from <strong>{formatInr(min)}</strong>
                    </p>
                  </div>
                </Link>
                <div className={css({ px: '5', pb: '5' })}>
                  <Link to={LOGIN_LINK.to} className={button({ size: 'sm' })} aria-label={`Join Event: ${event.title}`}>
                    Join Event
                  </Link>
                </div>
              </li>
            )
          })}
        </ul>
        <Link to="/events" className={`${button({ variant: 'outline', size: 'lg' })} ${css({ mt: '8' })}`}>
          View All Events
        </Link>
      </div>
    </section>
  )
}
