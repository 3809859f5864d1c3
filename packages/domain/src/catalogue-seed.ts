/**
 * The catalogue an empty project starts with (decision 0018): Bangalore, the cities listed as
 * coming, and the three events with their copy and prices. `npm start` loads it into an empty
 * stack and `npm run catalogue -- seed` into a real project; a build carries it as version 0, so
 * the first paint of a first visit needs no request.
 */
import { type Catalogue, type CatalogueCity, catalogueOf, type PublishedCatalogue, type YaariEvent } from './catalogue'

const CITIES: readonly CatalogueCity[] = [
  { id: 'bangalore', name: 'Bangalore', live: true },
  { id: 'hyderabad', name: 'Hyderabad', live: false },
  { id: 'chennai', name: 'Chennai', live: false },
  { id: 'pune', name: 'Pune', live: false },
  { id: 'jaipur', name: 'Jaipur', live: false },
]

export const SEED_EVENTS: readonly YaariEvent[] = [
  {
    id: 'first-hello-stranger-meetup',
    shortId: 'first-hello',
    title: 'The First Hello',
    kind: 'Stranger Meet Up',
    description:
      'A Saturday evening with a small table of strangers, easy conversation starters and a host who makes sure nobody sits alone.',
    category: 'Social Mixers',
    city: 'bangalore',
    schedule: { weekdays: [6], dates: [], skipped: [], monthsAhead: 2 },
    startTime: '18:00',
    durationMinutes: 180,
    venueArea: 'Manyata - Hebbal',
    capacity: 10,
    groupSize: '8-10 guests',
    tableSize: 6,
    revealHours: 2,
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
    passCode: 1,
    status: 'published',
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
    schedule: { weekdays: [0], dates: [], skipped: [], monthsAhead: 2 },
    startTime: '18:00',
    durationMinutes: 180,
    venueArea: 'Indiranagar',
    capacity: 10,
    groupSize: '8-10 guests',
    tableSize: 6,
    revealHours: 2,
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
    passCode: 2,
    status: 'published',
  },
  {
    id: 'midweek-wednesday-dinner',
    shortId: 'midweek-meetup',
    title: 'Midweek Meetup',
    kind: 'Wednesday Dinner',
    description: 'Break up the week over dinner with a curated group of 10 to 12 people from across the city.',
    category: 'Food & Drink',
    city: 'bangalore',
    schedule: { weekdays: [3], dates: [], skipped: [], monthsAhead: 2 },
    startTime: '20:00',
    durationMinutes: 150,
    venueArea: 'Indiranagar',
    capacity: 12,
    groupSize: '10-12 guests',
    tableSize: 6,
    revealHours: 2,
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
    passCode: 3,
    status: 'published',
  },
]

export const SEED_CATALOGUE: PublishedCatalogue = {
  version: 0,
  publishedAt: '2026-01-01T00:00:00.000Z',
  cities: CITIES,
  events: SEED_EVENTS,
}

/** The seed as the domain reads it: what the build and the tests render and book from. */
export const SEED: Catalogue = catalogueOf(SEED_CATALOGUE)
