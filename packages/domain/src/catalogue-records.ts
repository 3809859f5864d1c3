/**
 * The catalogue as the team edits it (decision 0018): a city and an event are records with a
 * status (draft, published, archived), checked by these schemas in the console's forms and in the
 * functions alike, each field with the message its editor reads. An event's dates come from its
 * schedule (`availableDates`): a weekly rule and/or one-off dates, less the dates skipped, offered a
 * number of months ahead. `seedCatalogue()` is the seed as records: an empty project's first data.
 * How records become what members see is catalogue-publish.ts.
 */
import * as v from 'valibot'
import { EVENT_CATEGORIES, PRICE_TIERS } from './catalogue'
import { SEED_CATALOGUE } from './catalogue-seed'
import { GROUP_SIZE_MAX, GROUP_SIZE_MIN } from './groups-planner'
import { MAX_CAPACITY, MIN_CAPACITY } from './host/schemas'
import { parseIsoDate } from './schedule'

/** The most hours before the start a date's groups may be revealed. */
const MAX_REVEAL_HOURS = 72

const CATALOGUE_STATUSES = ['draft', 'published', 'archived'] as const
export type CatalogueStatus = (typeof CATALOGUE_STATUSES)[number]

/** The most a seat may cost, in rupees: a price above it is a typo, not an event. */
const PRICE_CEILING = 20_000
/** The furthest ahead, in months after the current one, an event's dates may be offered. */
export const MAX_MONTHS_AHEAD = 6
/** The only time zone a city may have: every date and time Yaari computes is IST. */
export const CITY_TIME_ZONE = 'Asia/Kolkata'
/** New events one account may create a day (an insider with a host's account fills no catalogue). */
export const NEW_EVENTS_PER_DAY = 10
/** Cover uploads one account may make a day. */
export const COVER_UPLOADS_PER_DAY = 30
/** Publishes and archives one account may make a day (each one grows what every member downloads). */
export const PUBLISHES_PER_DAY = 30
/** Addresses an event may not take: the editor's own page for a new event. */
export const RESERVED_SLUGS: readonly string[] = ['new']

export const CATALOGUE_MESSAGES = {
  slug: 'Use 3-60 lowercase letters, digits and single hyphens, e.g. mumbai-sunday-brunch.',
  slugRequired: 'Give the event its web address: it starts from the title, e.g. mumbai-sunday-brunch.',
  slugTaken: 'This address is taken by another event: choose another.',
  price: `A price is a whole number of rupees from ₹1 to ₹${PRICE_CEILING.toLocaleString('en-IN')}.`,
  capacity: `Capacity is a whole number of seats from ${MIN_CAPACITY} to ${MAX_CAPACITY}.`,
  tableSize: `A group is a whole number of guests from ${GROUP_SIZE_MIN} to ${GROUP_SIZE_MAX}.`,
  revealHours: `Reveal the groups a whole number of hours from 1 to ${MAX_REVEAL_HOURS} before the start.`,
  time: 'Give the start time as HH:MM, 24-hour (e.g. 18:00).',
  duration: 'The duration is from 30 minutes to 12 hours.',
  noDates: 'Give the weekday it runs on, or at least one date.',
  timeZone: 'Yaari runs in India: a city’s time zone is Asia/Kolkata.',
  date: 'Give each date as YYYY-MM-DD, a day of the calendar.',
  cover: 'Add a cover image.',
  coverAfterSave: 'Save the draft first, then add its cover.',
  coverUpload:
    'Upload this event’s own cover with “Choose a cover”: a picture from elsewhere, or another event’s, is not used.',
  coverType: 'A cover is a JPEG, PNG or WebP photo (SVG and other files are refused).',
  coverSize: 'A cover is at most 5 MB.',
  notFound: 'There is no such event in the catalogue.',
  notYourCity: 'You do not host events in this city.',
  cityUnknown: 'Pick one of the published cities.',
  archived: 'This event is archived: it cannot be edited or published again.',
  notPublished: 'Only a published event can be archived: a draft is simply left unpublished.',
  reservedSlug: 'This address is the editor’s own: choose another.',
  controlCharacters: 'Write it on one line, without tabs or other control characters.',
  tooManyNewEvents: `You can create at most ${NEW_EVENTS_PER_DAY} new events a day. Try again tomorrow, or ask an admin.`,
  tooManyCovers: `You can upload at most ${COVER_UPLOADS_PER_DAY} covers a day. Try again tomorrow.`,
  busy: 'Someone else is publishing the catalogue right now. Please try again in a moment.',
  changedSince: 'This event was saved again since you saved it: open it again to see what changed, then publish.',
  tooManyPublishes: `You can publish or archive at most ${PUBLISHES_PER_DAY} times a day. Try again tomorrow.`,
  tooLarge:
    'The published catalogue is full: archive what no longer runs, or ask a developer to move archived events out of it.',
} as const

/** Why a publish that would drop dates with bookings is refused, and what to do instead. */
export const datesBookedMessage = (dates: readonly string[]) =>
  `These dates have bookings and cannot be removed by an edit: ${dates.join(', ')}. Cancel a date from its page in the console (every guest is refunded in full), then edit.`

const SLUG = /^(?=.{3,60}$)[a-z0-9]+(?:-[a-z0-9]+)*$/
const slugSchema = v.pipe(v.string(CATALOGUE_MESSAGES.slug), v.regex(SLUG, CATALOGUE_MESSAGES.slug))
/** An event's address: said to be missing when it is (a new event's starts from its title). */
const eventSlugSchema = v.pipe(
  v.string(CATALOGUE_MESSAGES.slug),
  v.nonEmpty(CATALOGUE_MESSAGES.slugRequired),
  v.regex(SLUG, CATALOGUE_MESSAGES.slug),
)
/** The city an event is in: one of the cities (the functions check it is published), never the address's message. */
const eventCitySchema = v.pipe(v.string(CATALOGUE_MESSAGES.cityUnknown), v.regex(SLUG, CATALOGUE_MESSAGES.cityUnknown))
/**
 * A control character (C0 below space, DEL, C1), a line or paragraph separator (U+2028/9, which end
 * a line as \n does), or a direction override or isolate (U+202A-E, U+2066-9, which can make a
 * title read as another); a line break (\n) only where `lines` allows it.
 */
const hasControlCharacter = (text: string, lines: boolean) =>
  [...text].some((char) => {
    const code = char.codePointAt(0) ?? 0
    if (code === 0x0a) return !lines
    return (
      code < 0x20 ||
      (code >= 0x7f && code <= 0x9f) ||
      code === 0x2028 ||
      code === 0x2029 ||
      (code >= 0x202a && code <= 0x202e) ||
      (code >= 0x2066 && code <= 0x2069)
    )
  })

/**
 * Text an editor writes: trimmed, required, at most `max` characters, and on one line (no control
 * character: a carriage return in a title would end a line of a member's calendar entry). Only a
 * description may hold line breaks (written as \n).
 */
const copy = (field: string, max: number, { lines = false } = {}) =>
  v.pipe(
    v.string(`${field} must be text`),
    v.trim(),
    v.nonEmpty(`Please write the ${field.toLowerCase()}.`),
    v.maxLength(max, `The ${field.toLowerCase()} is at most ${max} characters.`),
    v.check((text) => !hasControlCharacter(text, lines), CATALOGUE_MESSAGES.controlCharacters),
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
const scheduleSchema = v.pipe(
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

export const eventRecordSchema = v.strictObject({
  /** The event's address, /events/<id>; fixed once published. */
  id: eventSlugSchema,
  city: eventCitySchema,
  category: v.picklist(EVENT_CATEGORIES, 'Pick one of the listing’s categories.'),
  title: copy('Title', 80),
  kind: copy('Kind', 40),
  description: copy('Description', 600, { lines: true }),
  whatToExpect: v.pipe(
    v.array(copy('Line', 120), 'whatToExpect must be a list'),
    v.minLength(1, 'Give at least one thing to expect.'),
    v.maxLength(6, 'At most 6 things to expect.'),
  ),
  groupSize: copy('Group size', 40),
  tableSize: v.optional(
    v.pipe(
      v.number(CATALOGUE_MESSAGES.tableSize),
      v.integer(CATALOGUE_MESSAGES.tableSize),
      v.minValue(GROUP_SIZE_MIN, CATALOGUE_MESSAGES.tableSize),
      v.maxValue(GROUP_SIZE_MAX, CATALOGUE_MESSAGES.tableSize),
    ),
  ),
  revealHours: v.optional(
    v.pipe(
      v.number(CATALOGUE_MESSAGES.revealHours),
      v.integer(CATALOGUE_MESSAGES.revealHours),
      v.minValue(1, CATALOGUE_MESSAGES.revealHours),
      v.maxValue(MAX_REVEAL_HOURS, CATALOGUE_MESSAGES.revealHours),
    ),
  ),
  venueArea: copy('Venue area', 60),
  /**
   * The cover: an event picture the site carries under /images/events/ (the seed's), or the URL an upload
   * through the editor gave (the functions check it is their store's); empty on a draft saved
   * before its cover (publishing needs one). Never another site's address, protocol-relative
   * ("//host/x.png") included.
   */
  image: v.pipe(
    v.string(CATALOGUE_MESSAGES.cover),
    v.maxLength(2048, CATALOGUE_MESSAGES.cover),
    v.regex(
      /^(?:|\/images\/events\/[\w-]+\.(?:svg|webp|jpe?g|png)|https?:\/\/[^/\s]+\/\S*)$/,
      CATALOGUE_MESSAGES.cover,
    ),
  ),
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
 * Today's catalogue as records: the cities of the city selector (Bangalore live, the others listed
 * as coming) and the three events, all published.
 */
export function seedCatalogue(): { cities: CityRecord[]; events: EventRecord[] } {
  return {
    cities: SEED_CATALOGUE.cities.map((city) => ({
      id: city.id,
      name: city.name,
      timeZone: CITY_TIME_ZONE,
      live: city.live,
      status: 'published',
    })),
    events: SEED_CATALOGUE.events.map(({ passCode: _code, ...event }) => ({
      ...event,
      whatToExpect: [...event.whatToExpect],
      prices: { ...event.prices },
      schedule: {
        weekdays: [...event.schedule.weekdays],
        dates: [...event.schedule.dates],
        skipped: [...event.schedule.skipped],
        monthsAhead: event.schedule.monthsAhead,
      },
    })),
  }
}
