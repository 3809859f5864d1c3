/**
 * The team's insights: each event date's numbers as the rollup job keeps them (counts and sums,
 * never a member), and what the Insights page asks for and is answered (`loadInsights`). How the
 * page turns the rows into its charts, tables and CSV files is insight-series.ts.
 */
import * as v from 'valibot'
import { contract } from './callable'
import { eventIdField } from './event-id'
import { HOST_MESSAGES } from './host/schemas'
import { INSIGHT_DATE_BOUNDS } from './insight-bounds'
import { parseIsoDate } from './schedule'

/**
 * One event date's numbers. Money in paise. `kept` are the paid seats still booked (the fill), `sold`
 * every seat ever paid for (refunded ones too). No-shows are counted once the evening is over.
 */
export interface InsightRow {
  eventId: string
  eventDate: string
  city: string
  cancelled: boolean
  /** The evening is over: who came and who did not is final. */
  past: boolean
  /** The capacity in force. */
  seats: number
  sold: number
  kept: number
  /** Seats held unpaid or offered from the waitlist when it was counted. */
  held: number
  /** Bookings with money going back (a failed refund is not counted). */
  refunded: number
  grossPaise: number
  refundsPaise: number
  netPaise: number
  /** Guests who came: checked in at the door (late ones included) or marked by a host. */
  came: number
  noShows: number
  waitlistJoins: number
  waitlistOffers: number
  /** Offers booked and paid for. */
  offersTaken: number
  ratingCount: number
  ratingSum: number
  /** Connections made at the evening (both picked each other). */
  connections: number
  /** Guests who came away with at least one connection. */
  guestsConnected: number
  /** Guests of the kept seats booking for the first time, and those who had a kept seat before. */
  firstTime: number
  returning: number
}

/** The numbers of a row (what a total sums). */
export const INSIGHT_NUMBERS = [
  'seats',
  'sold',
  'kept',
  'held',
  'refunded',
  'grossPaise',
  'refundsPaise',
  'netPaise',
  'came',
  'noShows',
  'waitlistJoins',
  'waitlistOffers',
  'offersTaken',
  'ratingCount',
  'ratingSum',
  'connections',
  'guestsConnected',
  'firstTime',
  'returning',
] as const satisfies readonly (keyof InsightRow)[]

/**
 * The key a waitlist join or an offer is noted under in a date's tally: a digest of what makes it
 * unique (the place and when it was joined, the offer's order id), never a uid.
 */
export async function tallyKey(unique: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`tally:${unique}`))
  return [...new Uint8Array(digest)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 20)
}

/** The longest period one request may ask for. */
const MAX_INSIGHT_DAYS = 400
/** How far back the hourly roll recomputes every date: late check-ins, the week of the evening after. */
export const ROLL_BACK_DAYS = 10
/** How far ahead the emptiest upcoming dates are looked for. */
export const UPCOMING_DAYS = 28

export { INSIGHT_DATE_BOUNDS }

export const INSIGHT_MESSAGES = {
  period: 'The period ends before it starts.',
  outOfBounds: `Choose a date from ${INSIGHT_DATE_BOUNDS.min.slice(0, 4)} to ${INSIGHT_DATE_BOUNDS.max.slice(0, 4)}.`,
  tooLong: `A period is at most ${MAX_INSIGHT_DAYS} days.`,
  shape: 'A request for insights has from and to (YYYY-MM-DD), and may have city and eventId',
  unknownCity: 'Unknown city',
  notInCity: 'This event is not in the city asked for.',
} as const

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000

const periodDate = (name: string) =>
  v.pipe(
    v.string(`${name} must be a date`),
    v.isoDate(`${name} must be a date (YYYY-MM-DD)`),
    v.check((date) => parseIsoDate(date) !== undefined, `${name} must be a day of the calendar`),
    v.check((date) => date >= INSIGHT_DATE_BOUNDS.min && date <= INSIGHT_DATE_BOUNDS.max, INSIGHT_MESSAGES.outOfBounds),
  )

export const insightsRequestSchema = v.pipe(
  v.strictObject(
    {
      from: periodDate('from'),
      to: periodDate('to'),
      city: v.optional(
        v.pipe(v.string('city must be text'), v.regex(/^[a-z0-9-]{1,40}$/, INSIGHT_MESSAGES.unknownCity)),
      ),
      eventId: v.optional(eventIdField('Unknown event')),
    },
    INSIGHT_MESSAGES.shape,
  ),
  v.check(({ from, to }) => from <= to, INSIGHT_MESSAGES.period),
  v.check(({ from, to }) => dayNumber(to) - dayNumber(from) < MAX_INSIGHT_DAYS, INSIGHT_MESSAGES.tooLong),
)

/** An event the caller may filter by. */
interface InsightEvent {
  id: string
  title: string
  city: string
}

export interface InsightsView {
  /** The dates of the period (the caller's cities, the filter's city and event), by date. */
  rows: InsightRow[]
  /** Dates from today to UPCOMING_DAYS ahead, for the emptiest ones. */
  upcoming: InsightRow[]
  cities: { id: string; name: string }[]
  events: InsightEvent[]
  /** Today (IST), as the server counts it. */
  today: string
  /** When the rollups read were last written (ISO), if any were. */
  rolledAt?: string
}

/** The Insights page's one read: a few rollup documents, never the bookings. */
export const loadInsightsCall = contract<typeof insightsRequestSchema, InsightsView>(
  'loadInsights',
  insightsRequestSchema,
  [HOST_MESSAGES, INSIGHT_MESSAGES],
)

export const INSIGHT_CALLABLES = [loadInsightsCall] as const
