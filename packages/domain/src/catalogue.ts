/**
 * The event catalogue: the single source of truth for Yaari's events, their prices,
 * weekdays, times, capacities and venue areas. The pages and the Cloud Functions both
 * read it; a price or a capacity is never written anywhere else.
 */

export const EVENT_IDS = [
  'first-hello-stranger-meetup',
  'unplanned-sunday-social-mixup',
  'midweek-wednesday-dinner',
] as const
export type EventId = (typeof EVENT_IDS)[number]

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

/** The cities Yaari runs events in; a host's role is scoped to some of them. */
export const CITIES = ['bangalore', 'mumbai'] as const
export type City = (typeof CITIES)[number]

/** 0 = Sunday ... 6 = Saturday, as Date#getUTCDay counts. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6

export interface YaariEvent {
  id: EventId
  /** The id the featured cards on the home page used; redirected to `id`. */
  shortId: string
  title: string
  /** The kind of gathering, e.g. "Stranger Meet Up". */
  kind: string
  description: string
  category: EventCategory
  /** The city it takes place in: who may host it. */
  city: City
  weekday: Weekday
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
  rating: number
  image: string
}

export const EVENTS: readonly YaariEvent[] = [
  {
    id: 'first-hello-stranger-meetup',
    shortId: 'first-hello',
    title: 'The First Hello',
    kind: 'Stranger Meet Up',
    description:
      'A Saturday evening with a small table of strangers, easy conversation starters and a host who makes sure nobody sits alone.',
    category: 'Social Mixers',
    city: 'bangalore',
    weekday: 6,
    startTime: '18:00',
    durationMinutes: 180,
    venueArea: 'Manyata - Hebbal',
    capacity: 10,
    groupSize: '8-10 guests',
    whatToExpect: [
      'A host who welcomes you and introduces everyone',
      'Icebreakers that make the first hello easy',
      'A cosy table of 8-10 people you have never met',
      'Plenty of time to talk, and maybe plans for next weekend',
    ],
    prices: { girls: 499, boys: 1299 },
    featured: true,
    rating: 4.8,
    image: '/images/events/first-hello-stranger-meetup.svg',
  },
  {
    id: 'unplanned-sunday-social-mixup',
    shortId: 'unplanned-sunday',
    title: 'The Unplanned Sunday',
    kind: 'Social Mix Up',
    description:
      'No agenda, just good company: games, stories and a relaxed Sunday evening with people you have not met yet.',
    category: 'Social Mixers',
    city: 'bangalore',
    weekday: 0,
    startTime: '18:00',
    durationMinutes: 180,
    venueArea: 'Indiranagar',
    capacity: 10,
    groupSize: '8-10 guests',
    whatToExpect: [
      'A relaxed evening with no fixed agenda',
      'Board games, stories and spontaneous plans',
      'A small group of 8-10 curious people',
      'A coordinator who keeps the mix friendly and fun',
    ],
    prices: { girls: 799, boys: 1999 },
    featured: true,
    rating: 4.9,
    image: '/images/events/unplanned-sunday-social-mixup.svg',
  },
  {
    id: 'midweek-wednesday-dinner',
    shortId: 'midweek-meetup',
    title: 'Midweek Meetup',
    kind: 'Wednesday Dinner',
    description: 'Break up the week over dinner with a curated group of 10 to 12 people from across the city.',
    category: 'Food & Drink',
    city: 'bangalore',
    weekday: 3,
    startTime: '20:00',
    durationMinutes: 150,
    venueArea: 'Indiranagar',
    capacity: 12,
    groupSize: '10-12 guests',
    whatToExpect: [
      'Dinner at a vetted restaurant with a table for the group',
      'Seating that mixes people from different walks of life',
      'Conversation cards for when the table goes quiet',
      'Home by a reasonable hour, ready for Thursday',
    ],
    prices: { girls: 499, boys: 1299 },
    featured: true,
    rating: 4.7,
    image: '/images/events/midweek-wednesday-dinner.svg',
  },
]

const byId = new Map<string, YaariEvent>(EVENTS.map((event) => [event.id, event]))
const byShortId = new Map<string, YaariEvent>(EVENTS.map((event) => [event.shortId, event]))

export function isEventId(value: string): value is EventId {
  return byId.has(value)
}

/** The event with this canonical id, or undefined. */
export function eventById(id: string): YaariEvent | undefined {
  return byId.get(id)
}

/** The canonical id for a canonical or short (featured-card) id, or undefined. */
export function canonicalEventId(id: string): EventId | undefined {
  return (byId.get(id) ?? byShortId.get(id))?.id
}

/** The price of one seat in rupees: always from here, never from the client. */
export function priceFor(eventId: EventId, tier: PriceTier): number {
  const event = byId.get(eventId)
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

/** How many catalogue events fall in each listing category (zero counts included). */
export function categoryCounts(events: readonly YaariEvent[] = EVENTS): Record<EventCategory, number> {
  const counts = Object.fromEntries(EVENT_CATEGORIES.map((c) => [c, 0])) as Record<EventCategory, number>
  for (const event of events) counts[event.category] += 1
  return counts
}
