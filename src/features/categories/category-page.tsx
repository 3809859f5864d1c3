import { getRouteApi, Link } from '@tanstack/react-router'
import { categorySlug, priceRange, type YaariEvent } from '@yaari/domain/catalogue'
import { CATEGORY_PAGE_EVENTS, type CategoryPage as Category, categoryPage } from '@yaari/domain/category-pages'
import { cityName } from '@yaari/domain/event-listing'
import { formatInr } from '@yaari/domain/money'
import { formatTime, scheduleLabel } from '@yaari/domain/time-labels'
import { css } from 'styled-system/css'
import { container, grid } from 'styled-system/patterns'
import { button, heading, text } from 'styled-system/recipes'
import { useCatalogue } from '../../lib/catalogue'
import { usePageMeta } from '../../lib/page-meta'
import { CoverImage } from '../../ui/cover-image'

const route = getRouteApi('/categories/$slug')

/** A category page: hero, then its published events, or its coming-soon listings while it has none. */
export function CategoryPage() {
  const { slug } = route.useParams()
  // The route's beforeLoad only lets known slugs through.
  const category = categoryPage(slug)!
  // A newer catalogue (an event published in this category) re-renders the page.
  const catalogue = useCatalogue()
  const listing = CATEGORY_PAGE_EVENTS[category.slug]
  const events = catalogue.listed.filter((event) => event.category === listing)
  usePageMeta({
    title: category.title,
    description: `${category.heroSubtitle} ${events.length ? 'Book a seat on Yaari.' : 'Coming soon to Yaari.'}`,
  })

  return (
    <div>
      <header data-category={category.slug} className={css({ color: 'white' })}>
        <div className={container({ maxW: '6xl', py: { base: '12', md: '16' } })}>
          <p aria-hidden="true" className={css({ fontSize: '4xl' })}>
            {category.icon}
          </p>
          <h1 className={css({ fontSize: { base: '3xl', md: '5xl' }, fontWeight: 'extrabold' })}>
            {category.heroTitle}
          </h1>
          <p className={css({ fontSize: 'lg', mt: '2', maxW: '2xl', opacity: 0.95 })}>{category.heroSubtitle}</p>
        </div>
      </header>
      <div className={container({ maxW: '6xl', py: '12' })}>
        {events.length ? (
          <Upcoming events={events} categorySlugOf={categorySlug(listing)} />
        ) : (
          <ComingSoon category={category} />
        )}
      </div>
    </div>
  )
}

const LIST = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
  gap: '5',
  mt: '6',
})
const ITEM = css({ borderRadius: 'l3', overflow: 'hidden', boxShadow: 'card' })

/** The category's published events, each to its page. */
function Upcoming({ events, categorySlugOf }: { events: readonly YaariEvent[]; categorySlugOf: string }) {
  const catalogue = useCatalogue()
  return (
    <>
      <h2 className={heading({ level: 'section' })}>Upcoming events</h2>
      <ul className={LIST}>
        {events.map((event) => (
          <li key={event.id} className={ITEM}>
            <Link to="/events/$eventId" params={{ eventId: event.id }}>
              <CoverImage src={event.image} />
              <div className={grid({ p: '5', gap: '2' })}>
                <h3 className={heading({ level: 'card' })}>{event.title}</h3>
                <p className={text({ tone: 'muted' })}>{event.description}</p>
                <p className={text({ size: 'sm' })}>
                  {event.kind} · {scheduleLabel(event)}, {formatTime(event.startTime)} · {event.venueArea},{' '}
                  {cityName(catalogue, event.city)}
                </p>
                <p className={text({ size: 'sm' })}>
                  From <strong>{formatInr(priceRange(event).min)}</strong> per person
                </p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to="/events"
        search={{ category: categorySlugOf }}
        className={`${button({ size: 'lg' })} ${css({ mt: '10' })}`}
      >
        See all events
      </Link>
    </>
  )
}

/** The listings the category will have: not bookable yet. */
function ComingSoon({ category }: { category: Category }) {
  return (
    <>
      <h2 className={heading({ level: 'section' })}>Coming soon</h2>
      <ul className={LIST}>
        {category.listings.map((listing) => (
          <li key={listing.title} className={ITEM}>
            <CoverImage src={listing.image} />
            <div className={grid({ p: '5', gap: '2' })}>
              <h3 className={heading({ level: 'card' })}>{listing.title}</h3>
              <p className={text({ tone: 'muted' })}>{listing.description}</p>
              <p className={text({ size: 'sm' })}>
                {listing.date} · {listing.time} · {listing.location}
              </p>
              <p className={text({ size: 'sm' })}>
                {listing.attendees} of {listing.maxAttendees} spots taken · <strong>{formatInr(listing.price)}</strong>{' '}
                per person
              </p>
              <button type="button" disabled className={button({ variant: 'outline' })}>
                Coming Soon
              </button>
            </div>
          </li>
        ))}
      </ul>
      <Link to="/contact" className={`${button({ size: 'lg' })} ${css({ mt: '10' })}`}>
        Get Notified When Available
      </Link>
    </>
  )
}
