/**
 * The event catalogue as the pages and the functions read it: the published snapshot
 * (decision 0018), one version of the cities and events the team has published, with their
 * prices, schedules, capacities and venue areas. A price or a capacity is never written anywhere
 * else. The process holds one snapshot at a time, none until one is installed: the app starts on
 * the one its page carries (the build's, or the function's for a page it rendered) and installs a
 * newer one when it arrives; the functions install the one in Firestore before they read it; the
 * build and the tests install the seed. Every lookup here reads the installed snapshot.
 */

/** An event's id is its address, /events/<id>: a slug the catalogue knows (`isEventId`). */
export type EventId = string
/** A city's id, e.g. "bangalore". */
export type City = string

/** The two price tiers every event offers ("girls or boys"). */
export const PRICE_TIERS = ['girls', 'boys'] as const
export type PriceTier = (typeof PRICE_TIERS)[number]

/** Listing filter categories, in the order the events page shows them. */
export const EVENT_CATEGORIES = [
  'Social Mixers',
  'Outdoor Adventures',
  'Food & Drink',
  'Fitness & Wellness',
  'Arts & Culture',
  'Nightlife',
] as const
export type EventCategory = (typeof EVENT_CATEGORIES)[number]

/** URL slug of a listing category: "Food & Drink" -> "food-drink". */
export function categorySlug(category: EventCategory): string {
  return category.toLowerCase().replace(/&/g, ' ').trim().replace(/\s+/g, '-')
}
export const CATEGORY_SLUGS = EVENT_CATEGORIES.map(categorySlug)

export function categoryFromSlug(slug: string): EventCategory | undefined {
  return EVENT_CATEGORIES.find((category) => categorySlug(category) === slug)
}

/** 0 = Sunday ... 6 = Saturday, as Date#getUTCDay counts. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6

/** When an event takes place: a weekly rule and/or one-off dates, less the dates skipped. */
export interface EventSchedule {
  weekdays: readonly number[]
  /** One-off dates, "YYYY-MM-DD" (IST). */
  dates: readonly string[]
  skipped: readonly string[]
  /** How many calendar months after the current one its dates are offered. */
  monthsAhead: number
}

export interface YaariEvent {
  id: EventId
  /** The id an older link used (the home page's first featured cards); redirected to `id`. */
  shortId?: string
  title: string
  /** The kind of gathering, e.g. "Stranger Meet Up". */
  kind: string
  description: string
  category: EventCategory
  /** The city it takes place in: who may host it. */
  city: City
  schedule: EventSchedule
  /** Start time in Asia/Kolkata, 24-hour "HH:mm". */
  startTime: string
  durationMinutes: number
  /** Neighbourhood shown before booking; the exact venue is shared 24 hours before. */
  venueArea: string
  /** Seats per date: the hard limit a booking can never exceed. */
  capacity: number
  /** How the group size is described to members, e.g. "8-10 guests". */
  groupSize: string
  /** What a member can expect on the evening, shown on the event page and the ticket. */
  whatToExpect: readonly string[]
  /** Price per person in whole rupees, including applicable taxes. */
  prices: Record<PriceTier, number>
  featured: boolean
  /** Past guests' rating out of 5, once there is one. */
  rating?: number
  image: string
  /** The event's number inside a pass (1-255): given once, never reused. */
  passCode: number
  /** Archived: off the listing and not for sale; its tickets stay valid. */
  status: 'published' | 'archived'
  /** When this event was last published or archived (ISO): what the sitemap says of its page. */
  publishedAt?: string
}

export interface CatalogueCity {
  id: City
  name: string
  /** Members can pick it and book in it; a city that is not live is listed as coming soon. */
  live: boolean
}

/** One published version of the catalogue: what members, visitors and the functions read. */
export interface PublishedCatalogue {
  /** 0 for the seed a build carries; each publish adds one. */
  version: number
  /** ISO instant of the publish. */
  publishedAt: string
  cities: readonly CatalogueCity[]
  events: readonly YaariEvent[]
  /**
   * Only a part of that version: what one page carries (decision 0020). The app installs the whole
   * version when it arrives, even at the same number.
   */
  excerpt?: true
  /**
   * The highest pass number ever given, archived events' included (they are kept out of the
   * snapshot's document: decision 0020), so a new event's is never one given before.
   */
  highestPassCode?: number
}

interface Installed {
  snapshot: PublishedCatalogue
  byId: Map<string, YaariEvent>
  byShortId: Map<string, YaariEvent>
  listed: readonly YaariEvent[]
}

function index(snapshot: PublishedCatalogue): Installed {
  const live = new Set(snapshot.cities.filter((city) => city.live).map((city) => city.id))
  return {
    snapshot,
    byId: new Map(snapshot.events.map((event) => [event.id, event])),
    byShortId: new Map(snapshot.events.flatMap((event) => (event.shortId ? [[event.shortId, event]] : []))),
    listed: snapshot.events.filter((event) => event.status === 'published' && live.has(event.city)),
  }
}

/** Before any is installed: nothing to list, book or host. */
export const NO_CATALOGUE: PublishedCatalogue = {
  version: -1,
  publishedAt: '1970-01-01T00:00:00.000Z',
  cities: [],
  events: [],
}

let installed = index(NO_CATALOGUE)
const listeners = new Set<() => void>()

/** Makes `snapshot` the catalogue every lookup reads, and tells the subscribers. */
export function installCatalogue(snapshot: PublishedCatalogue): void {
  installed = index(snapshot)
  for (const listener of listeners) listener()
}

/** The installed snapshot (the same object until another is installed). */
export function currentCatalogue(): PublishedCatalogue {
  return installed.snapshot
}

/** Calls `listener` after each install; returns the unsubscribe. */
export function onCatalogueInstalled(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The events a member can find and book: published, in a live city, in the team's order. */
export function listedEvents(): readonly YaariEvent[] {
  return installed.listed
}

/**
 * Whether the event is for sale: published (not archived) in a city that is live. An event of a
 * city listed as coming, or switched off, is not, whatever its own status.
 */
export function isOnSale(event: YaariEvent): boolean {
  return installed.listed.includes(event)
}

/** The cities of the city selector, live ones and the ones coming. */
export function catalogueCities(): readonly CatalogueCity[] {
  return installed.snapshot.cities
}

export function isEventId(value: string): value is EventId {
  return installed.byId.has(value)
}

/** The event with this canonical id (published or archived), or undefined. */
export function eventById(id: string): YaariEvent | undefined {
  return installed.byId.get(id)
}

/** The event a pass's number names, or undefined. */
export function eventByPassCode(code: number): YaariEvent | undefined {
  return installed.snapshot.events.find((event) => event.passCode === code)
}

/** The canonical id for a canonical or short (older link's) id, or undefined. */
export function canonicalEventId(id: string): EventId | undefined {
  return (installed.byId.get(id) ?? installed.byShortId.get(id))?.id
}

/** The price of one seat in rupees: always from the catalogue, never from the client. */
export function priceFor(eventId: EventId, tier: PriceTier): number {
  const event = installed.byId.get(eventId)
  if (!event) throw new Error(`Unknown event: ${eventId}`)
  return event.prices[tier]
}

/** How the tiers read on screen. */
export const TIER_LABELS: Record<PriceTier, string> = { girls: 'Girls', boys: 'Boys' }

/**
 * The price tiers a member may book: Girls for women, Boys for men, either for anyone whose
 * profile says something else (non-binary, prefer not to say). The server enforces it; a
 * signed-in member is offered only these.
 */
export function tiersFor(gender: string | undefined): readonly PriceTier[] {
  if (gender === 'female') return ['girls']
  if (gender === 'male') return ['boys']
  return PRICE_TIERS
}

/** Why a member may not book this tier, or undefined when they may. */
export function tierIssue(tier: PriceTier, gender: string | undefined): string | undefined {
  const allowed = tiersFor(gender)
  if (allowed.includes(tier)) return undefined
  return `The ${TIER_LABELS[tier]} price does not match your profile. Please choose the ${allowed.map((t) => TIER_LABELS[t]).join(' or ')} price.`
}

/** "₹499 - ₹1,299": the listing's price range per person. */
export function priceRange(event: YaariEvent): { min: number; max: number } {
  const values = PRICE_TIERS.map((tier) => event.prices[tier])
  return { min: Math.min(...values), max: Math.max(...values) }
}

/** How many of `events` fall in each listing category (zero counts included). */
export function categoryCounts(events: readonly YaariEvent[] = listedEvents()): Record<EventCategory, number> {
  const counts = Object.fromEntries(EVENT_CATEGORIES.map((c) => [c, 0])) as Record<EventCategory, number>
  for (const event of events) counts[event.category] += 1
  return counts
}
