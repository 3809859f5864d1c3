import { describe, expect, it } from 'vitest'
import type { PublishedCatalogue, YaariEvent } from './catalogue'
import { SEED_CATALOGUE } from './catalogue-seed'
import { canonicalSearch, cataloguePage } from './page-catalogue'

const first = SEED_CATALOGUE.events[0]!
/** 200 published events across 5 cities, as the bench has them. */
const big: PublishedCatalogue = {
  ...SEED_CATALOGUE,
  cities: ['bangalore', 'mumbai', 'pune', 'chennai', 'hyderabad'].map((id) => ({ id, name: id, live: true })),
  events: Array.from(
    { length: 200 },
    (_, i): YaariEvent => ({
      ...first,
      id: `event-${i}`,
      shortId: undefined,
      city: ['bangalore', 'mumbai', 'pune', 'chennai', 'hyderabad'][i % 5]!,
      featured: i % 7 === 0,
      passCode: i + 1,
    }),
  ),
}
const ids = (catalogue: PublishedCatalogue) => catalogue.events.map((event) => event.id)

describe('the part of the catalogue each page carries', () => {
  it('home: its featured events; the listing: its city’s; a category: its own; an event page: that event', () => {
    const home = cataloguePage('/', {}, big)
    expect(home?.kind === 'home' && ids(home.excerpt)).toEqual(['event-0', 'event-7', 'event-14'])
    const listing = cataloguePage('/events', {}, big)
    expect(listing?.kind === 'listing' && listing.excerpt.events.every((event) => event.city === 'bangalore')).toBe(
      true,
    )
    expect(listing?.kind === 'listing' && listing.excerpt.events).toHaveLength(40)
    const mumbai = cataloguePage('/events', { city: 'mumbai' }, big)
    expect(mumbai?.kind === 'listing' && mumbai.excerpt.events.every((event) => event.city === 'mumbai')).toBe(true)
    const page = cataloguePage('/events/event-42', {}, big)
    expect(page?.kind === 'event' && ids(page.excerpt)).toEqual(['event-42'])
    for (const found of [home, listing, page]) {
      expect(found && 'excerpt' in found && found.excerpt).toMatchObject({ excerpt: true, cities: big.cities })
    }
    const culture = cataloguePage('/categories/culture', {}, SEED_CATALOGUE)
    expect(culture?.kind === 'category' && ids(culture.excerpt)).toEqual([])
    const mixers = cataloguePage('/categories/adventure', {}, SEED_CATALOGUE)
    expect(mixers?.kind).toBe('category')
  })

  it('lists only what members can book: an archived event, or a city not live, is on no listing', () => {
    const catalogue: PublishedCatalogue = {
      ...SEED_CATALOGUE,
      events: SEED_CATALOGUE.events.map((event, i) => (i === 0 ? { ...event, status: 'archived' } : event)),
    }
    const listing = cataloguePage('/events', {}, catalogue)
    expect(listing?.kind === 'listing' && ids(listing.excerpt)).not.toContain(first.id)
    // Its own page still opens (its tickets do), as itself.
    expect(cataloguePage(`/events/${first.id}`, {}, catalogue)).toMatchObject({
      kind: 'event',
      event: { status: 'archived' },
    })
    const closed = { ...SEED_CATALOGUE, cities: SEED_CATALOGUE.cities.map((city) => ({ ...city, live: false })) }
    const none = cataloguePage('/', {}, closed)
    expect(none?.kind === 'home' && none.excerpt.events).toEqual([])
  })

  it('sends an older address to the event’s one address, and knows nothing of others', () => {
    expect(cataloguePage('/events/first-hello', {}, SEED_CATALOGUE)).toEqual({
      kind: 'redirect',
      location: '/events/first-hello-stranger-meetup',
    })
    expect(cataloguePage('/events/no-such-event', {}, SEED_CATALOGUE)).toEqual({ kind: 'not-found' })
    expect(cataloguePage('/events/%E0%A4', {}, SEED_CATALOGUE)).toEqual({ kind: 'not-found' })
    expect(cataloguePage('/categories/gardening', {}, SEED_CATALOGUE)).toEqual({ kind: 'not-found' })
    expect(cataloguePage('/about', {}, SEED_CATALOGUE)).toBeUndefined()
  })
})

describe('the query a page reads', () => {
  it('keeps the listing’s filters and the event page’s price and date, in one order, and drops the rest', () => {
    expect(canonicalSearch('/events', '?utm_source=x&category=food-drink&city=mumbai')).toBe(
      '?city=mumbai&category=food-drink',
    )
    expect(canonicalSearch('/events/first-hello-stranger-meetup', '?date=2026-12-05&tier=girls&x=1')).toBe(
      '?tier=girls&date=2026-12-05',
    )
    expect(canonicalSearch('/', '?junk=123')).toBe('')
    expect(canonicalSearch('/categories/culture', '')).toBe('')
    expect(canonicalSearch('/events', '?city=mumbai&category=food-drink')).toBe('?city=mumbai&category=food-drink')
  })
})
