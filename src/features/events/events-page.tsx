import { getRouteApi, Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { container } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'
import { categoryCounts, categorySlug, EVENT_CATEGORIES, EVENTS } from '../../domain/catalogue'
import { COMING_SOON_PANELS } from '../../domain/categories'
import { CITIES, cityName, filterEvents } from '../../domain/event-listing'
import { useHydrated } from '../../lib/hydration'
import { usePageMeta } from '../../lib/page-meta'
import { Button } from '../../ui/button'
import { EventCard } from './event-card'

const route = getRouteApi('/events/')

const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  px: '3.5',
  minH: '10',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'border.strong',
  fontWeight: 'medium',
  cursor: 'pointer',
  bg: 'bg.surface',
  '&[aria-pressed=true], &:has(input:checked)': { bg: 'ink.900', color: 'white', borderColor: 'ink.900' },
  '&:has(input:focus-visible)': { outline: '3px solid', outlineColor: 'focus.ring', outlineOffset: '2px' },
  _disabled: { opacity: 0.55, cursor: 'not-allowed' },
  '&:has(input:disabled)': { opacity: 0.55, cursor: 'not-allowed' },
})

/** The events listing: city, title search and category filters, all kept in the URL. */
export function EventsPage() {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const city = cityName(search.city)
  const events = filterEvents(EVENTS, search)
  const counts = categoryCounts()
  const filtered = Boolean(search.q || search.category)
  // The filters work once the app has taken over the prerendered page.
  const hydrated = useHydrated()
  usePageMeta({
    title: `Events in ${city}`,
    description: `Curated stranger meet-ups, Sunday social mixers and Wednesday dinners in ${city}. Pick a date and book your seat.`,
  })

  const setSearch = (patch: Partial<typeof search>) =>
    navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true })

  return (
    <div className={container({ maxW: '6xl', py: { base: '8', md: '12' } })}>
      <h1 className={css({ fontSize: { base: '3xl', md: '4xl' }, fontWeight: 'extrabold' })}>Events in {city}</h1>
      <p className={css({ color: 'fg.muted', mt: '1' })}>
        {EVENTS.length} curated experiences
        {filtered ? `, ${events.length} matching your filters` : ''}
      </p>

      <fieldset className={css({ mt: '6' })}>
        <legend className={css({ fontWeight: 'semibold', mb: '2' })}>City</legend>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          {CITIES.map((option) => (
            <label key={option.id} className={chip}>
              <input
                type="radio"
                name="city"
                value={option.id}
                checked={option.live && city === option.name}
                disabled={!option.live || !hydrated}
                // Bangalore, the only live city, is the default: it needs no URL value.
                onChange={() => setSearch({ city: undefined })}
                className={css({ srOnly: true })}
              />
              {option.name}
              {option.live ? null : (
                <span
                  className={css({
                    fontSize: 'xs',
                    px: '1.5',
                    borderRadius: 'full',
                    bg: 'bg.muted',
                    color: 'fg.muted',
                  })}
                >
                  Soon
                </span>
              )}
            </label>
          ))}
        </div>
      </fieldset>

      <div className={css({ mt: '6' })}>
        <label htmlFor="event-search" className={css({ fontWeight: 'semibold', display: 'block', mb: '2' })}>
          Search events
        </label>
        <input
          id="event-search"
          type="search"
          placeholder="Search by title"
          value={search.q ?? ''}
          maxLength={100}
          disabled={!hydrated}
          onChange={(e) => setSearch({ q: e.target.value || undefined })}
          className={css({
            w: 'full',
            maxW: 'md',
            h: '11',
            px: '3',
            borderWidth: '1px',
            borderColor: 'border.strong',
            borderRadius: 'l2',
            bg: 'bg.surface',
          })}
        />
      </div>

      <fieldset className={css({ mt: '6' })}>
        <legend className={css({ fontWeight: 'semibold', mb: '2' })}>Category</legend>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          <button
            type="button"
            className={chip}
            aria-pressed={!search.category}
            disabled={!hydrated}
            onClick={() => setSearch({ category: undefined })}
          >
            All Events ({EVENTS.length})
          </button>
          {EVENT_CATEGORIES.map((category) => {
            const slug = categorySlug(category)
            return (
              <button
                key={slug}
                type="button"
                className={chip}
                aria-pressed={search.category === slug}
                disabled={counts[category] === 0 || !hydrated}
                onClick={() => setSearch({ category: slug })}
              >
                {category} ({counts[category]})
              </button>
            )
          })}
        </div>
      </fieldset>

      <section aria-labelledby="event-list-title" className={css({ mt: '8' })}>
        <h2 id="event-list-title" className={css({ srOnly: true })}>
          Upcoming events
        </h2>
        {events.length > 0 ? (
          <div
            className={css({
              display: 'grid',
              gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
              gap: '6',
            })}
          >
            {events.map((event, index) => (
              <EventCard key={event.id} event={event} first={index === 0} />
            ))}
          </div>
        ) : (
          <div className={css({ textAlign: 'center', py: '16', bg: 'bg.muted', borderRadius: 'l3' })}>
            <h2 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>No events found</h2>
            <p className={css({ color: 'fg.muted', mt: '1' })}>Try another search or category.</p>
            <Button className={css({ mt: '4' })} onClick={() => setSearch({ q: undefined, category: undefined })}>
              Clear Filters
            </Button>
          </div>
        )}
      </section>

      <section aria-labelledby="coming-soon-title" className={css({ mt: '14' })}>
        <h2 id="coming-soon-title" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
          Coming soon
        </h2>
        <ul
          className={css({
            display: 'grid',
            gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' },
            gap: '4',
            mt: '4',
          })}
        >
          {COMING_SOON_PANELS.map((panel) => (
            <li
              key={panel.title}
              className={css({
                p: '5',
                borderRadius: 'l3',
                borderWidth: '1px',
                borderStyle: 'dashed',
                borderColor: 'border.strong',
              })}
            >
              <h3 className={css({ fontWeight: 'bold', fontSize: 'lg' })}>{panel.title}</h3>
              <p className={css({ color: 'fg.muted', mt: '1' })}>{panel.description}</p>
            </li>
          ))}
        </ul>
        <Link to="/contact" className={`${button({ variant: 'outline' })} ${css({ mt: '6' })}`}>
          Get Notified
        </Link>
      </section>
    </div>
  )
}
