/**
 * What each public page is and which part of the published catalogue it carries (decision 0020).
 * The pages that show the catalogue (the home page, the listing, a category, an event) are
 * written when they are asked for, from the catalogue published at that moment; each carries only
 * what it shows as its data block, never the whole catalogue: the home page its featured events,
 * the listing its city's events, a category its events, an event page its event. Every one also
 * carries the cities (the city selector and the places pages name). Pure: the function that
 * writes the pages and its tests call it.
 */
import type { DateAvailability } from './availability'
import type { PublishedCatalogue, YaariEvent } from './catalogue'
import { CATEGORY_PAGE_EVENTS } from './category-pages'
import { DEFAULT_CITY, parseEventsSearch } from './event-listing'

/** What the publicPages function asks the pages' render for: the address, the moment, the deployed shell, the catalogue published now. */
export interface PublicPageRequest {
  path: string
  /** The address's query ("?city=mumbai"), or "". */
  search: string
  now: number
  /** The app's shell (app.html) as the site serves it: its script's address is the deployed one. */
  template: string
  siteUrl: string
  catalogue: PublishedCatalogue
  /** For an event's page: its dates' seats as they stand (its schema.org offers say sold out or not). */
  seats?: readonly DateAvailability[]
}

/** A page written when asked for: its HTML and whether search engines may list it, or where its one address is. */
export type PublicPage = { status: 200 | 404; html: string; indexable: boolean } | { status: 301; location: string }

/** The pages' server render as the build bundles it (functions/lib/pages/render.mjs). */
export interface PagesRender {
  /** A page of the catalogue's, or undefined for an address that is not one. */
  renderPublicPage(request: PublicPageRequest): Promise<PublicPage | undefined>
  PRERENDERED_PATHS: readonly string[]
  NOT_FOUND_PATH: string
  renderInformationPage(
    template: string,
    path: string,
    siteUrl: string,
    now: number,
  ): Promise<{ file: string; html: string }>
}

/**
 * What a page reads of its address's query: the listing its filters, an event page the price and
 * date to open its booking with ("Sign in to book" returns there); nothing else anywhere.
 */
const QUERY_KEYS: { path: RegExp; keys: readonly string[] }[] = [
  { path: /^\/events\/?$/, keys: ['city', 'q', 'category'] },
  { path: /^\/events\/[^/]+$/, keys: ['tier', 'date'] },
]

/**
 * `search` with only what the page at `path` reads, in a fixed order ("" when nothing is left): a
 * page's address that differs from it is sent there, so a query of nonsense is not a page of its own
 * to a CDN, each rendered anew.
 */
export function canonicalSearch(path: string, search: string): string {
  const keys = QUERY_KEYS.find((page) => page.path.test(path))?.keys ?? []
  const given = new URLSearchParams(search)
  const kept = new URLSearchParams()
  for (const key of keys) {
    const value = given.get(key)
    if (value !== null) kept.set(key, value)
  }
  const text = kept.toString()
  return text ? `?${text}` : ''
}

/** How many featured events the home page shows. */
const FEATURED_ON_HOME = 3

/** A public page the catalogue decides, and the part of the catalogue it carries. */
export type CataloguePage =
  | { kind: 'home' | 'listing' | 'category'; excerpt: PublishedCatalogue }
  | { kind: 'event'; event: YaariEvent; excerpt: PublishedCatalogue }
  /** An older address of an event (its short id): one address per event. */
  | { kind: 'redirect'; location: string }
  | { kind: 'not-found' }

/** The events members can find: published, in a live city, in the team's order. */
function listed(catalogue: PublishedCatalogue): YaariEvent[] {
  const live = new Set(catalogue.cities.filter((city) => city.live).map((city) => city.id))
  return catalogue.events.filter((event) => event.status === 'published' && live.has(event.city))
}

/** The catalogue with only `events`: what one page carries (`excerpt`: the app fetches the rest when it needs it). */
function excerptOf(catalogue: PublishedCatalogue, events: readonly YaariEvent[]): PublishedCatalogue {
  return {
    version: catalogue.version,
    publishedAt: catalogue.publishedAt,
    cities: catalogue.cities,
    events,
    excerpt: true,
  }
}

/** The featured events the home page shows. */
export function featuredEvents(events: readonly YaariEvent[]): YaariEvent[] {
  return events.filter((event) => event.featured).slice(0, FEATURED_ON_HOME)
}

/**
 * The page at `path` (its query in `search`, e.g. "?city=mumbai"), or undefined when it is not one
 * the catalogue decides (an information page, a member's page, or nothing at all).
 */
export function cataloguePage(
  path: string,
  search: Record<string, unknown>,
  catalogue: PublishedCatalogue,
): CataloguePage | undefined {
  const page = path.replace(/\/+$/, '') || '/'
  if (page === '/') return { kind: 'home', excerpt: excerptOf(catalogue, featuredEvents(listed(catalogue))) }
  if (page === '/events') {
    const city = parseEventsSearch(search).city ?? DEFAULT_CITY
    const live = catalogue.cities.some((known) => known.id === city && known.live) ? city : DEFAULT_CITY
    return {
      kind: 'listing',
      excerpt: excerptOf(
        catalogue,
        listed(catalogue).filter((event) => event.city === live),
      ),
    }
  }
  const category = /^\/categories\/([^/]+)$/.exec(page)?.[1]
  if (category !== undefined) {
    const listing = (CATEGORY_PAGE_EVENTS as Readonly<Record<string, string>>)[category]
    if (!listing) return { kind: 'not-found' }
    const events = listed(catalogue).filter((event) => event.category === listing)
    return { kind: 'category', excerpt: excerptOf(catalogue, events) }
  }
  const eventId = /^\/events\/([^/]+)$/.exec(page)?.[1]
  if (eventId !== undefined) {
    let id: string
    try {
      id = decodeURIComponent(eventId)
    } catch {
      return { kind: 'not-found' }
    }
    const event =
      catalogue.events.find((known) => known.id === id) ?? catalogue.events.find((known) => known.shortId === id)
    if (!event) return { kind: 'not-found' }
    if (event.id !== id) return { kind: 'redirect', location: `/events/${event.id}` }
    return { kind: 'event', event, excerpt: excerptOf(catalogue, [event]) }
  }
  return undefined
}
