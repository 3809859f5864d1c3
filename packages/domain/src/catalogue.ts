/**
 * The event catalogue as the pages and the functions read it: the published snapshot
 * (decision 0018), one version of the cities and events the team has published, with their
 * prices, schedules, capacities and venue areas. A price or a capacity is never written anywhere
 * else. A snapshot is read through `catalogueOf`, a value every lookup is given: this module holds
 * none (a test checks that the domain keeps no state between calls).
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

/** When an event takes place: a weekly rule and/or one-off dates, less the dates skipped. */
interface EventSchedule {
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
  /** The size the date's groups are planned at (4-8; 6 when unset). */
  tableSize?: number
  /** How many hours before the start each guest's group is revealed (2 when unset). */
  revealHours?: number
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

/**
 * A published snapshot as the domain reads it: a value, built once (`catalogueOf`) and passed to
 * whatever needs a price, a capacity, a city or a schedule. Nothing here holds a catalogue between
 * calls: the functions build one per request from what Firestore says, the app from what its page
 * carries and then what `/catalogue.json` says, the build and the tests from the seed.
 */
export interface Catalogue {
  /** The published version it was built from. */
  readonly snapshot: PublishedCatalogue
  /** The cities of the city selector, live ones and the ones coming. */
  readonly cities: readonly CatalogueCity[]
  /** Every event it knows, archived ones included (their tickets still open). */
  readonly events: readonly YaariEvent[]
  /** The events a member can find and book: published, in a live city, in the team's order. */
  readonly listed: readonly YaariEvent[]
  /** The event with this canonical id (published or archived), or undefined. */
  eventById(id: string): YaariEvent | undefined
  /** Whether `value` is the canonical id of an event it knows. */
  isEventId(value: string): value is EventId
  /** The event a pass's number names, or undefined. */
  eventByPassCode(code: number): YaariEvent | undefined
  /** The canonical id for a canonical or short (older link's) id, or undefined. */
  canonicalEventId(id: string): EventId | undefined
  /**
   * Whether the event is for sale: published (not archived) in a city that is live. An event of a
   * city listed as coming, or switched off, is not, whatever its own status.
   */
  isOnSale(event: YaariEvent): boolean
  /** The price of one seat in rupees: always from the catalogue, never from the client. */
  priceFor(eventId: EventId, tier: PriceTier): number
  /** The city's name as members read it ("Bangalore"), or its id when it is not listed. */
  cityName(id: City): string
}

/** Indexes `snapshot` once, for every lookup a request or a render makes. */
export function catalogueOf(snapshot: PublishedCatalogue): Catalogue {
  const live = new Set(snapshot.cities.filter((city) => city.live).map((city) => city.id))
  const byId = new Map(snapshot.events.map((event) => [event.id, event]))
  const byShortId = new Map(snapshot.events.flatMap((event) => (event.shortId ? [[event.shortId, event]] : [])))
  const listed = snapshot.events.filter((event) => event.status === 'published' && live.has(event.city))
  return Object.freeze({
    snapshot,
    cities: snapshot.cities,
    events: snapshot.events,
    listed,
    eventById: (id: string) => byId.get(id),
    isEventId: (value: string): value is EventId => byId.has(value),
    eventByPassCode: (code: number) => snapshot.events.find((event) => event.passCode === code),
    canonicalEventId: (id: string) => (byId.get(id) ?? byShortId.get(id))?.id,
    isOnSale: (event: YaariEvent) => event.status === 'published' && live.has(event.city),
    priceFor(eventId: EventId, tier: PriceTier) {
      const event = byId.get(eventId)
      if (!event) throw new Error(`Unknown event: ${eventId}`)
      return event.prices[tier]
    },
    cityName: (id: City) => snapshot.cities.find((city) => city.id === id)?.name ?? id,
  })
}

/** Before any is published: nothing to list, book or host. */
export const NO_CATALOGUE: PublishedCatalogue = {
  version: -1,
  publishedAt: '1970-01-01T00:00:00.000Z',
  cities: [],
  events: [],
}

/** The catalogue of `NO_CATALOGUE`. */
export const EMPTY_CATALOGUE: Catalogue = catalogueOf(NO_CATALOGUE)

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
export function categoryCounts(events: readonly YaariEvent[]): Record<EventCategory, number> {
  const counts = Object.fromEntries(EVENT_CATEGORIES.map((c) => [c, 0])) as Record<EventCategory, number>
  for (const event of events) counts[event.category] += 1
  return counts
}
