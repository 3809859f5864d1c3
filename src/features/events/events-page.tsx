import { getRouteApi, Link } from '@tanstack/react-router'
import { categoryCounts, categorySlug, EVENT_CATEGORIES } from '@yaari/domain/catalogue'
import { COMING_SOON_PANELS } from '@yaari/domain/categories'
import { DEFAULT_CITY, filterEvents, listedCity } from '@yaari/domain/event-listing'
import { useEffect, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { container, grid, stack, visuallyHidden } from 'styled-system/patterns'
import { button, card, chip, field, heading, notice, text } from 'styled-system/recipes'
import { afterNextPaint } from '../../lib/after-paint'
import { useCatalogue } from '../../lib/catalogue'
import { useHydrated } from '../../lib/hydration'
import { usePageMeta } from '../../lib/page-meta'
import { Button } from '../../ui/button'
import { EventCard } from './event-card'

const route = getRouteApi('/events/')

const filterChip = chip({ variant: 'filter', size: 'md' }).root
/**
 * A row of chips: on a phone one line that scrolls sideways (wrapped, the cities and categories
 * filled the whole first screen and pushed every event below it), wrapped from md up. The padding
 * keeps a focused chip's ring inside the scrolling box.
 */
const chipRow = css({
  // The containing block of the chips' visually hidden radios, so the scrolling box clips them too.
  position: 'relative',
  display: 'flex',
  gap: '2',
  flexWrap: { base: 'nowrap', md: 'wrap' },
  overflowX: { base: 'auto', md: 'visible' },
  scrollbarWidth: 'none',
  p: '1',
  m: '-1',
  '& > *': { flexShrink: 0 },
  // Focusable only while its chips are not (the page's HTML, before the app takes over).
  _focusVisible: { outline: '3px solid', outlineColor: 'focus.ring', outlineOffset: '-3px' },
})
/** A fieldset is as wide as its content by default (min-width: min-content): one row of chips would widen the page. */
const chipFieldset = css({ minW: '0' })
/** A filter group's legend, and the search field's label. */
const filterLabel = cx(heading({ level: 'label' }), css({ display: 'block', mb: '2' }))

/** The events listing: city, title search and category filters, all kept in the URL. */
export function EventsPage() {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  // A newer catalogue (a new event, a new city) re-renders the page.
  const catalogue = useCatalogue()
  const listed = listedCity(catalogue, search.city)
  const city = listed.name
  const inCity = filterEvents(catalogue, { city: listed.id })
  const events = filterEvents(catalogue, search, inCity)
  const counts = categoryCounts(inCity)
  const filtered = Boolean(search.q || search.category)
  // The filters work once the app has taken over the prerendered page.
  const hydrated = useHydrated()
  // A row that scrolls sideways must be scrollable from the keyboard: while its chips are disabled
  // (before the app has taken over the page), the row itself takes focus; after, its chips do.
  const rowTabIndex = hydrated ? undefined : 0
  // A row focused then hands its focus to its chip (else focus would fall back to the page).
  const rows = useRef<HTMLDivElement[]>([])
  const keepRow = (index: number) => (element: HTMLDivElement | null) => {
    if (element) rows.current[index] = element
  }
  useEffect(() => {
    if (!hydrated) return
    const row = rows.current.find((element) => element === document.activeElement)
    row
      ?.querySelector<HTMLElement>('input:checked:enabled, [aria-pressed=true]:enabled, :is(input, button):enabled')
      ?.focus()
  }, [hydrated])
  usePageMeta({
    title: `Events in ${city}`,
    description: `Curated stranger meet-ups, Sunday social mixers and Wednesday dinners in ${city}. Pick a date and book your seat.`,
  })

  const comingSoon = card({ variant: 'dashed' })
  // Each filter is in the address; the address changes after the tap has painted (a route update
  // re-renders the page), so a chip or a typed letter answers at once.
  const setSearch = (patch: () => Partial<typeof search>) =>
    afterNextPaint(() => void navigate({ search: (previous) => ({ ...previous, ...patch() }), replace: true }))
  // The field shows what is typed at once; the address (and the list) follows with the latest text.
  const [query, setQuery] = useState(search.q ?? '')
  const typed = useRef(query)
  useEffect(() => {
    // The address changed from elsewhere (Back, Clear Filters): the field follows it.
    if ((search.q ?? '') !== typed.current) {
      typed.current = search.q ?? ''
      setQuery(typed.current)
    }
  }, [search.q])
  const type = (value: string) => {
    typed.current = value
    setQuery(value)
    setSearch(() => ({ q: typed.current || undefined }))
  }

  return (
    <div className={container({ maxW: '6xl', py: { base: '8', md: '12' } })}>
      <div className={stack({ gap: '6' })}>
        <header className={stack({ gap: '1' })}>
          <h1 className={heading({ level: 'page' })}>Events in {city}</h1>
          <p className={text({ tone: 'muted' })}>
            {inCity.length} curated {inCity.length === 1 ? 'experience' : 'experiences'}
            {filtered ? `, ${events.length} matching your filters` : ''}
          </p>
        </header>

        <fieldset className={chipFieldset}>
          <legend className={filterLabel}>City</legend>
          <div className={chipRow} tabIndex={rowTabIndex} ref={keepRow(0)}>
            {catalogue.cities.map((option) => (
              <label key={option.id} className={filterChip}>
                <input
                  type="radio"
                  name="city"
                  value={option.id}
                  checked={option.id === listed.id}
                  disabled={!option.live || !hydrated}
                  // Bangalore, the default, needs no URL value.
                  onChange={() => setSearch(() => ({ city: option.id === DEFAULT_CITY ? undefined : option.id }))}
                  className={visuallyHidden()}
                />
                {option.name}
                {option.live ? null : <span className={chip({ size: 'xs' }).root}>Soon</span>}
              </label>
            ))}
          </div>
        </fieldset>

        <div>
          <label htmlFor="event-search" className={filterLabel}>
            Search events
          </label>
          <input
            id="event-search"
            type="search"
            placeholder="Search by title"
            value={query}
            maxLength={100}
            disabled={!hydrated}
            onChange={(e) => type(e.target.value)}
            className={cx(field().input, css({ maxW: 'md', h: '11' }))}
          />
        </div>

        <fieldset className={chipFieldset}>
          <legend className={filterLabel}>Category</legend>
          <div className={chipRow} tabIndex={rowTabIndex} ref={keepRow(1)}>
            <button
              type="button"
              className={filterChip}
              aria-pressed={!search.category}
              disabled={!hydrated}
              onClick={() => setSearch(() => ({ category: undefined }))}
            >
              All Events ({inCity.length})
            </button>
            {EVENT_CATEGORIES.map((category) => {
              const slug = categorySlug(category)
              return (
                <button
                  key={slug}
                  type="button"
                  className={filterChip}
                  aria-pressed={search.category === slug}
                  disabled={counts[category] === 0 || !hydrated}
                  onClick={() => setSearch(() => ({ category: slug }))}
                >
                  {category} ({counts[category]})
                </button>
              )
            })}
          </div>
        </fieldset>
      </div>

      <section aria-labelledby="event-list-title" className={css({ mt: '8' })}>
        <h2 id="event-list-title" className={visuallyHidden()}>
          Upcoming events
        </h2>
        {events.length > 0 ? (
          <div className={grid({ columns: { base: 1, md: 2, lg: 3 }, gap: '6' })}>
            {events.map((event, index) => (
              <EventCard key={event.id} event={event} first={index === 0} />
            ))}
          </div>
        ) : (
          <div className={cx(notice({ size: 'lg' }), stack({ gap: '2', align: 'center' }))}>
            <h2 className={heading({ level: 'section' })}>No events found</h2>
            <p className={text({ tone: 'muted' })}>Try another search or category.</p>
            <Button onClick={() => setSearch(() => ({ q: undefined, category: undefined }))}>Clear Filters</Button>
          </div>
        )}
      </section>

      <section aria-labelledby="coming-soon-title" className={css({ mt: '14' })}>
        <h2 id="coming-soon-title" className={heading({ level: 'section' })}>
          Coming soon
        </h2>
        <ul className={grid({ columns: { base: 1, md: 3 }, gap: '4', mt: '4' })}>
          {COMING_SOON_PANELS.map((panel) => (
            <li key={panel.title} className={cx(comingSoon.root, comingSoon.body)}>
              <h3 className={heading({ level: 'card' })}>{panel.title}</h3>
              <p className={text({ tone: 'muted' })}>{panel.description}</p>
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
