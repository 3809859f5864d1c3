/**
 * The catalogue as the team edits it (decision 0018): a city and an event are records with a
 * status (draft, published, archived), checked by these schemas in the console's forms and in the
 * functions alike, each field with the message its editor reads. An event's dates come from its
 * schedule: a weekly rule and/or one-off dates, less the dates skipped, offered a number of months
 * ahead. `seedCatalogue()` is today's catalogue as records: the initial data of an empty project.
 */
import * as v from 'valibot'
import { EVENT_CATEGORIES, EVENTS, PRICE_TIERS, type YaariEvent } from './catalogue'
import { CITIES as CITY_OPTIONS } from './event-listing'
import { MAX_CAPACITY, MIN_CAPACITY } from './host/schemas'
import {
  BOOKING_WINDOW_EXTRA_MONTHS,
  eventStartInstant,
  type IsoDate,
  istCalendarDay,
  parseIsoDate,
  toIsoDate,
} from './schedule'

export const CATALOGUE_STATUSES = ['draft', 'published', 'archived'] as const
export type CatalogueStatus = (typeof CATALOGUE_STATUSES)[number]

/** The most a seat may cost, in rupees: a price above it is a typo, not an event. */
export const PRICE_CEILING = 20_000
/** The furthest ahead, in months after the current one, an event's dates may be offered. */
export const MAX_MONTHS_AHEAD = 6
/** The only time zone a city may have: every date and time Yaari computes is IST. */
export const CITY_TIME_ZONE = 'Asia/Kolkata'

export const CATALOGUE_MESSAGES = {
  slug: 'Use 3-60 lowercase letters, digits and single hyphens, e.g. mumbai-sunday-brunch.',
  slugTaken: 'This address is taken by another event: choose another.',
  price: `A price is a whole number of rupees from ₹1 to ₹${PRICE_CEILING.toLocaleString('en-IN')}.`,
  capacity: `Capacity is a whole number of seats from ${MIN_CAPACITY} to ${MAX_CAPACITY}.`,
  time: 'Give the start time as HH:MM, 24-hour (e.g. 18:00).',
  duration: 'The duration is from 30 minutes to 12 hours.',
  noDates: 'Give the weekday it runs on, or at least one date.',
  timeZone: 'Yaari runs in India: a city’s time zone is Asia/Kolkata.',
  date: 'Give each date as YYYY-MM-DD, a day of the calendar.',
} as const

const slugSchema = v.pipe(
  v.string(CATALOGUE_MESSAGES.slug),
  v.regex(/^(?=.{3,60}$)[a-z0-9]+(?:-[a-z0-9]+)*$/, CATALOGUE_MESSAGES.slug),
)
/** Text an editor writes: trimmed, required, at most `max` characters. */
const copy = (field: string, max: number) =>
  v.pipe(
    v.string(`${field} must be text`),
    v.trim(),
    v.nonEmpty(`Please write the ${field.toLowerCase()}.`),
    v.maxLength(max, `The ${field.toLowerCase()} is at most ${max} characters.`),
  )
const priceSchema = v.pipe(
  v.number(CATALOGUE_MESSAGES.price),
  v.integer(CATALOGUE_MESSAGES.price),
  v.minValue(1, CATALOGUE_MESSAGES.price),
  v.maxValue(PRICE_CEILING, CATALOGUE_MESSAGES.price),
)
const calendarDate = v.pipe(
  v.string(CATALOGUE_MESSAGES.date),
  v.isoDate(CATALOGUE_MESSAGES.date),
  v.check((date) => parseIsoDate(date) !== undefined, CATALOGUE_MESSAGES.date),
)

export const cityRecordSchema = v.strictObject({
  id: slugSchema,
  name: copy('Name', 40),
  timeZone: v.literal(CITY_TIME_ZONE, CATALOGUE_MESSAGES.timeZone),
  /** Members can pick it and book in it. */
  live: v.boolean('live must be true or false'),
  status: v.picklist(CATALOGUE_STATUSES, 'status must be draft, published or archived'),
})
export type CityRecord = v.InferOutput<typeof cityRecordSchema>

/** When an event takes place: a weekly rule and/or one-off dates, less the dates skipped. */
export const scheduleSchema = v.pipe(
  v.strictObject({
    /** 0 = Sunday ... 6 = Saturday. */
    weekdays: v.pipe(
      v.array(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(6)), 'weekdays must be a list of 0-6'),
      v.maxLength(7),
    ),
    dates: v.pipe(v.array(calendarDate, 'dates must be a list'), v.maxLength(100, 'At most 100 one-off dates.')),
    skipped: v.pipe(v.array(calendarDate, 'skipped must be a list'), v.maxLength(100, 'At most 100 skipped dates.')),
    /** How many calendar months after the current one its dates are offered. */
    monthsAhead: v.pipe(
      v.number(),
      v.integer(),
      v.minValue(0, `From 0 to ${MAX_MONTHS_AHEAD} months ahead.`),
      v.maxValue(MAX_MONTHS_AHEAD, `From 0 to ${MAX_MONTHS_AHEAD} months ahead.`),
    ),
  }),
  v.check((schedule) => schedule.weekdays.length > 0 || schedule.dates.length > 0, CATALOGUE_MESSAGES.noDates),
)
export type Schedule = v.InferOutput<typeof scheduleSchema>

export const eventRecordSchema = v.strictObject({
  /** The event's address, /events/<id>; fixed once published. */
  id: slugSchema,
  city: slugSchema,
  category: v.picklist(EVENT_CATEGORIES, 'Pick one of the listing’s categories.'),
  title: copy('Title', 80),
  kind: copy('Kind', 40),
  description: copy('Description', 600),
  whatToExpect: v.pipe(
    v.array(copy('Line', 120), 'whatToExpect must be a list'),
    v.minLength(1, 'Give at least one thing to expect.'),
    v.maxLength(6, 'At most 6 things to expect.'),
  ),
  groupSize: copy('Group size', 40),
  venueArea: copy('Venue area', 60),
  /** The cover's path: the uploaded image's, or a bundled one for the seed. */
  image: v.pipe(v.string('image must be text'), v.regex(/^\/[\w./-]{1,200}$/, 'image must be a path on the site')),
  prices: v.strictObject(
    Object.fromEntries(PRICE_TIERS.map((tier) => [tier, priceSchema])) as Record<
      (typeof PRICE_TIERS)[number],
      typeof priceSchema
    >,
  ),
  capacity: v.pipe(
    v.number(CATALOGUE_MESSAGES.capacity),
    v.integer(CATALOGUE_MESSAGES.capacity),
    v.minValue(MIN_CAPACITY, CATALOGUE_MESSAGES.capacity),
    v.maxValue(MAX_CAPACITY, CATALOGUE_MESSAGES.capacity),
  ),
  startTime: v.pipe(v.string(CATALOGUE_MESSAGES.time), v.regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, CATALOGUE_MESSAGES.time)),
  durationMinutes: v.pipe(
    v.number(CATALOGUE_MESSAGES.duration),
    v.integer(CATALOGUE_MESSAGES.duration),
    v.minValue(30, CATALOGUE_MESSAGES.duration),
    v.maxValue(720, CATALOGUE_MESSAGES.duration),
  ),
  schedule: scheduleSchema,
  featured: v.boolean('featured must be true or false'),
  /** The id an older link used, redirected to `id`. */
  shortId: v.optional(slugSchema),
  rating: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(5))),
  status: v.picklist(CATALOGUE_STATUSES, 'status must be draft, published or archived'),
})
export type EventRecord = v.InferOutput<typeof eventRecordSchema>

/**
 * The dates a member can pick at `now`: the weekly rule's and the one-off dates, in the current
 * month and the next `monthsAhead` (IST), less the skipped ones, from today on (today's only until
 * it starts), in order.
 */
export function datesOf(event: Pick<EventRecord, 'schedule' | 'startTime'>, now: Date = new Date()): IsoDate[] {
  const { weekdays, dates, skipped, monthsAhead } = event.schedule
  const today = istCalendarDay(now)
  const todayIso = toIsoDate(today)
  const last = new Date(Date.UTC(today.year, today.month + monthsAhead, 0))
  const lastIso = toIsoDate({ year: last.getUTCFullYear(), month: last.getUTCMonth() + 1, day: last.getUTCDate() })
  const found = new Set<IsoDate>(dates.filter((date) => date <= lastIso))
  for (let day = new Date(Date.UTC(today.year, today.month - 1, today.day)); day <= last; ) {
    if (weekdays.includes(day.getUTCDay())) {
      found.add(toIsoDate({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() }))
    }
    day = new Date(day.getTime() + 24 * 60 * 60_000)
  }
  const skip = new Set(skipped)
  return [...found]
    .filter((date) => !skip.has(date))
    .filter((date) => date > todayIso || (date === todayIso && now < eventStartInstant(date, event.startTime)))
    .sort()
}

/**
 * Today's catalogue as records: the cities of the city selector (Bangalore live, the others listed
 * as coming) and the three events, all published.
 */
export function seedCatalogue(): { cities: CityRecord[]; events: EventRecord[] } {
  return {
    cities: CITY_OPTIONS.map((city) => ({
      id: city.id,
      name: city.name,
      timeZone: CITY_TIME_ZONE,
      live: city.live,
      status: 'published',
    })),
    events: EVENTS.map(recordOf),
  }
}

function recordOf(event: YaariEvent): EventRecord {
  return {
    id: event.id,
    city: event.city,
    category: event.category,
    title: event.title,
    kind: event.kind,
    description: event.description,
    whatToExpect: [...event.whatToExpect],
    groupSize: event.groupSize,
    venueArea: event.venueArea,
    image: event.image,
    prices: { ...event.prices },
    capacity: event.capacity,
    startTime: event.startTime,
    durationMinutes: event.durationMinutes,
    schedule: { weekdays: [event.weekday], dates: [], skipped: [], monthsAhead: BOOKING_WINDOW_EXTRA_MONTHS },
    featured: event.featured,
    shortId: event.shortId,
    rating: event.rating,
    status: 'published',
  }
}
