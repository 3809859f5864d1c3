/**
 * The team's numbers, kept as rollups (decision 0025): each event date's counts and sums, computed
 * from its records (bookings, seats, feedback, the night, connections, the waitlist's tallies) and
 * kept in one document per city and month, insights/{city}_{YYYY-MM}, under rows.{eventId}_{date}.
 * The Insights page reads a few of those documents, never the bookings.
 *
 * A roll recomputes each date from its records and writes only the rows that differ, so running it
 * again for the same day writes nothing and never counts twice. The hourly job rolls every date from
 * ROLL_BACK_DAYS ago (late check-ins, the week of feedback and connections) to the last date on sale
 * (a seat paid, refunded or cancelled months ahead counts within the hour), and any older date whose
 * money moved since (insight_marks). A row whose date is no longer one the
 * event offered (archived, skipped) is removed. A date over SEATS_KEPT_DAYS past keeps its seats and
 * holds as they were last rolled (its seat documents are gone by then), and a row stays in the city it
 * was first rolled in (an event that moves city does not move its past).
 */

import type { RequestOf } from '@yaari/domain/callable'
import type { Catalogue, YaariEvent } from '@yaari/domain/catalogue'
import { HOST_MESSAGES, type Roles } from '@yaari/domain/host'
import type { loadInsightsCall } from '@yaari/domain/insights'
import {
  INSIGHT_MESSAGES,
  type InsightRow,
  type InsightsView,
  ROLL_BACK_DAYS,
  tallyKey,
  UPCOMING_DAYS,
} from '@yaari/domain/insights'
import { mayHostCity } from '@yaari/domain/roles'
import { addDays, availableDates, eventStartInstant, istToday, lastOfferedDate, runsOn } from '@yaari/domain/schedule'
import { FieldValue, type Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import { collectionOf } from '../../lib/collections'
import { connectionsOfDate } from '../../lib/data/connections'
import { feedbackOfDate } from '../../lib/data/feedback'
import { reader } from '../../lib/documents'
import { ALERTS, alert } from '../../lib/log'
import {
  type BookingRecord,
  bookingsOfDate,
  came,
  earliestConfirmedDate,
  isDateCancelled,
  isFailedPrecondition,
  mapLimit,
  mapUntil,
  nowOf,
  paidBack,
  paidIn,
} from '../../lib/records'
import { expiry } from '../../lib/retention'
import { readTally } from '../../lib/tallies'
import { readNight } from '../after-night/nights'
import { isBlocked, readCapacity } from '../capacity'

/** How long a date's seat documents are kept (retention.ts `seats`): after that, its seats are as rolled. */
const SEATS_KEPT_DAYS = 30
/** How far back records are kept whole (feedback, nights, tallies: a year): no period older is re-rolled. */
export const RECOMPUTABLE_DAYS = 365

/** insights/last-roll: when a roll last looked at every date of its window (the page says "as of"). */
const LAST_ROLL = 'last-roll'

/** insights/{city}_{YYYY-MM}: a city's month, a row per event date. */
interface MonthRecord {
  city: string
  month: string
  rows: Record<string, InsightRow>
  rolled_at: number
}
const months = reader<MonthRecord>()

const monthRef = (firestore: Firestore, city: string, month: string) =>
  collectionOf(firestore, 'insights').doc(`${city}_${month}`)
const rowKey = (eventId: string, date: string) => `${eventId}_${date}`

const paise = (rupees: number) => Math.round(rupees * 100)
const refundOf = (booking: BookingRecord) => paise(paidBack(booking))

/** A member's earliest kept seat (its date), asked once per member per roll. */
type Earliest = (uid: string) => Promise<string | undefined>
function earliestKeptSeats(firestore: Firestore): Earliest {
  const asked = new Map<string, Promise<string | undefined>>()
  return (uid) => {
    const answer = asked.get(uid) ?? earliestConfirmedDate(firestore, uid)
    asked.set(uid, answer)
    return answer
  }
}

/** A date's feedback: how many rated it, and the ratings' sum. */
async function ratingsOf(firestore: Firestore, eventId: string, date: string) {
  const ratings = (await feedbackOfDate(firestore, eventId, date)).map((feedback) => feedback.rating)
  return { ratingCount: ratings.length, ratingSum: ratings.reduce((total, r) => total + r, 0) }
}

/** The guests of a date who came away with a connection (still kept), counted once each. */
async function guestsConnected(firestore: Firestore, eventId: string, date: string, guests: Set<string>) {
  const members = new Set((await connectionsOfDate(firestore, eventId, date)).flatMap((found) => found.members))
  return [...members].filter((uid) => guests.has(uid)).length
}

/** The seats of a date as they stand: the capacity in force, and the seats held unpaid or offered. */
async function seatsNow(firestore: Firestore, event: YaariEvent, date: string, now: number) {
  const capacity = await readCapacity(firestore, event, date, now)
  const held = capacity.live.filter((seat) => seat.get('status') !== 'taken' && !isBlocked(seat.data())).length
  return { seats: capacity.capacity, held }
}

/**
 * One date's numbers from its records as of `now`. `kept` (a row rolled before) gives the seats of
 * a date whose seat documents are gone.
 */
async function rollDate(
  firestore: Firestore,
  event: YaariEvent,
  date: string,
  now: number,
  earliest: Earliest,
  kept?: Pick<InsightRow, 'seats' | 'held' | 'city'>,
): Promise<{ row: InsightRow; booked: number }> {
  const [bookings, seats, cancelled, tally, night, ratings] = await Promise.all([
    bookingsOfDate(firestore, event.id, date),
    kept ?? seatsNow(firestore, event, date, now),
    isDateCancelled(firestore, event.id, date),
    readTally(firestore, event.id, date),
    readNight(firestore, event.id, date),
    ratingsOf(firestore, event.id, date),
  ])
  const paid = bookings.filter((b) => b.paid_at !== undefined)
  const keptSeats = bookings.filter((b) => b.status === 'confirmed')
  const cameHere = bookings.filter(came)
  const past = date < istToday(new Date(now))
  const offers = new Set(tally.offers)
  const members = keptSeats.map((b) => b.user_id).filter((uid) => uid && uid !== 'deleted')
  const before = await mapLimit(members, 8, async (uid) => ((await earliest(uid)) ?? date) < date)
  const fromOffers = await Promise.all(paid.map(async (b) => offers.has(await tallyKey(b.order_id))))
  const grossPaise = bookings.reduce((total, b) => total + paise(paidIn(b)), 0)
  const refundsPaise = bookings.reduce((total, b) => total + refundOf(b), 0)
  const guests = new Set(cameHere.map((b) => b.user_id))
  const row: InsightRow = {
    eventId: event.id,
    eventDate: date,
    city: kept?.city ?? event.city,
    cancelled,
    past,
    seats: seats.seats,
    held: seats.held,
    sold: paid.length,
    kept: keptSeats.length,
    refunded: bookings.filter((b) => refundOf(b) > 0).length,
    grossPaise,
    refundsPaise,
    netPaise: grossPaise - refundsPaise,
    came: cameHere.length,
    noShows: past && !cancelled ? keptSeats.length - cameHere.length : 0,
    waitlistJoins: tally.joins.length,
    waitlistOffers: tally.offers.length,
    offersTaken: fromOffers.filter(Boolean).length,
    ...ratings,
    connections: night?.connections ?? 0,
    guestsConnected: cameHere.length ? await guestsConnected(firestore, event.id, date, guests) : 0,
    firstTime: before.filter((was) => !was).length,
    returning: before.filter(Boolean).length,
  }
  return { row, booked: bookings.length }
}

/**
 * Whether a date is one the event offered: it had a booking (or a cancellation), or the event was
 * on sale that day (published, the date not skipped, on or after its last publish). An event
 * published today does not count its past week's dates as empty evenings, nor an archived one its
 * dates after it stopped.
 */
function offered(catalogue: Catalogue, event: YaariEvent, date: string, booked: number, cancelled: boolean): boolean {
  if (booked > 0 || cancelled) return true
  if (!catalogue.isOnSale(event) || event.schedule.skipped.includes(date)) return false
  return !event.publishedAt || istToday(new Date(event.publishedAt)) <= date
}

/** The dates an event ran or runs on between two days: its schedule's, skipped ones too (a cancelled date). */
function scheduledBetween(event: YaariEvent, from: string, to: string): string[] {
  const dates: string[] = []
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (runsOn({ schedule: { ...event.schedule, skipped: [] } }, date)) dates.push(date)
  }
  return dates
}

const sameRow = (a: InsightRow | undefined, b: InsightRow) =>
  a !== undefined && (Object.keys(b) as (keyof InsightRow)[]).every((key) => a[key] === b[key])

export interface RollReport {
  dates: number
  written: number
  removed: number
  marks: number
  /** Dates left for the next run (the run's time ran out). */
  left: number
}

const monthOf = (date: string) => date.slice(0, 7)

/**
 * Rolls the dates from `from` to `to` (every event's, and every row stored for them) and the marked
 * ones, writing the rows that changed and removing those of dates no longer offered. Stops taking
 * dates at `deadline`; what it did not reach (and its marks) is left for the next run.
 */
export async function rollDates(
  firestore: Firestore,
  catalogue: Catalogue,
  now: number,
  { from, to, deadline = Number.POSITIVE_INFINITY }: { from: string; to: string; deadline?: number },
): Promise<RollReport> {
  const today = istToday(new Date(now))
  const frozenBefore = addDays(today, -SEATS_KEPT_DAYS)
  const marks = await collectionOf(firestore, 'insight_marks').get()
  const marked = marks.docs.map((mark) => ({
    mark,
    key: rowKey(String(mark.get('event_id')), String(mark.get('event_date'))),
    date: String(mark.get('event_date')),
  }))
  // What is stored for the window and the marked dates, in every city (a row stays where it was rolled).
  const cities = [...new Set([...catalogue.cities.map((c) => c.id), ...catalogue.events.map((e) => e.city)])]
  const wanted = [...new Set([...monthsBetween(from, to), ...marked.map(({ date }) => monthOf(date))])]
  const refs = cities.flatMap((city) => wanted.map((month) => monthRef(firestore, city, month)))
  const stored = new Map<string, { doc: string; row: InsightRow }>()
  for (const snapshot of refs.length ? await firestore.getAll(...refs) : []) {
    for (const [key, row] of Object.entries(months.one(snapshot)?.rows ?? {}))
      stored.set(key, { doc: snapshot.id, row })
  }
  const targets = new Map<string, { event: YaariEvent; date: string }>()
  const target = (eventId: string, date: string) => {
    const event = catalogue.eventById(eventId)
    if (event) targets.set(rowKey(event.id, date), { event, date })
  }
  for (const event of catalogue.events) {
    // Dates to come only while on sale (a date not yet offered is not "empty"); past ones all.
    const onSale = new Set(catalogue.isOnSale(event) ? availableDates(event, new Date(now)) : [])
    for (const date of scheduledBetween(event, from, to)) if (date <= today || onSale.has(date)) target(event.id, date)
  }
  for (const { row } of stored.values())
    if (row.eventDate >= from && row.eventDate <= to) target(row.eventId, row.eventDate)
  for (const { mark, date } of marked) target(String(mark.get('event_id')), date)

  const earliest = earliestKeptSeats(firestore)
  // Nearest dates first (the last days' and the coming weeks'): a run its deadline cuts short leaves
  // the furthest ones, not a whole event's, to the next run.
  const distance = (date: string) => Math.abs(Date.parse(date) - Date.parse(today))
  const order = [...targets.values()].sort((a, b) => distance(a.date) - distance(b.date))
  const { results, left } = await mapUntil(
    order,
    4,
    async ({ event, date }) => {
      const previous = stored.get(rowKey(event.id, date))
      const kept =
        previous && date < frozenBefore
          ? previous.row
          : previous
            ? { ...previous.row, ...(await seatsNow(firestore, event, date, now)) }
            : undefined
      const { row, booked } = await rollDate(firestore, event, date, now, earliest, kept)
      const doc = previous?.doc ?? `${row.city}_${monthOf(date)}`
      if (!offered(catalogue, event, date, booked, row.cancelled))
        return previous ? { doc, remove: true as const, row } : undefined
      return sameRow(previous?.row, row) ? undefined : { doc, remove: false as const, row }
    },
    deadline,
  )
  const byDoc = new Map<string, { row: InsightRow; remove: boolean }[]>()
  for (const change of results) if (change) byDoc.set(change.doc, [...(byDoc.get(change.doc) ?? []), change])
  for (const [doc, changes] of byDoc) {
    const first = changes[0]!.row
    const month = monthOf(first.eventDate)
    await collectionOf(firestore, 'insights')
      .doc(doc)
      .set(
        {
          city: first.city,
          month,
          rows: Object.fromEntries(
            changes.map(({ row, remove }) => [rowKey(row.eventId, row.eventDate), remove ? FieldValue.delete() : row]),
          ),
          rolled_at: now,
          ...expiry('insights', now, `${month}-28`),
        },
        { merge: true },
      )
  }
  // The marks of the dates rolled go; one written again while this roll ran stays for the next one.
  const rolled = new Set(order.slice(0, order.length - left).map(({ event, date }) => rowKey(event.id, date)))
  await Promise.all(
    marked
      .filter(({ key }) => rolled.has(key) || !targets.has(key))
      .map(({ mark }) =>
        mark.ref.delete({ lastUpdateTime: mark.updateTime }).catch((error: unknown) => {
          if (!isFailedPrecondition(error)) throw error
        }),
      ),
  )
  const changes = results.filter((change) => change !== undefined)
  return {
    dates: targets.size,
    written: changes.filter((change) => !change.remove).length,
    removed: changes.filter((change) => change.remove).length,
    marks: marks.size,
    left,
  }
}

/** The hourly job: the window of dates whose records still move, and the dates marked since. */
export async function rollInsights(deps: {
  firestore: Firestore
  catalogue: Catalogue
  now?: () => Date
  deadline?: number
}): Promise<RollReport> {
  const now = nowOf(deps)
  const today = istToday(new Date(now))
  // To the last date any event has on sale (up to six months ahead): a seat paid, refunded or
  // cancelled on a date ten weeks away is counted within the hour, like one next week.
  const saleEnds = deps.catalogue.events.reduce(
    (last, event) => {
      const end = lastOfferedDate(event.schedule.monthsAhead, new Date(now))
      return end > last ? end : last
    },
    addDays(today, UPCOMING_DAYS),
  )
  const window = { from: addDays(today, -ROLL_BACK_DAYS), to: saleEnds }
  const report = await rollDates(deps.firestore, deps.catalogue, now, { ...window, deadline: deps.deadline })
  if (report.left === 0) {
    await collectionOf(deps.firestore, 'insights')
      .doc(LAST_ROLL)
      .set({ at: now, ...expiry('insights', now) })
  }
  return report
}

/** The months (YYYY-MM) from one date's to another's, counted as numbers (as text, "10000-01" < "9999-12"). */
export function monthsBetween(from: string, to: string): string[] {
  const index = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1
  const found: string[] = []
  for (let month = index(from); month <= index(to); month += 1) {
    found.push(`${String(Math.floor(month / 12)).padStart(4, '0')}-${String((month % 12) + 1).padStart(2, '0')}`)
  }
  return found
}

/**
 * What the Insights page shows a host or an admin: the rows of their cities (or the one city or
 * event asked for) in the period, and those of the dates to come, from the month documents alone.
 */
export async function loadInsights(
  firestore: Firestore,
  catalogue: Catalogue,
  { roles, uid }: { roles: Roles; uid: string },
  input: RequestOf<typeof loadInsightsCall>,
  now: number,
): Promise<InsightsView> {
  const event = input.eventId ? catalogue.eventById(input.eventId) : undefined
  if (event && input.city && event.city !== input.city) {
    throw new HttpsError('invalid-argument', INSIGHT_MESSAGES.notInCity, {
      field: 'eventId',
      reason: INSIGHT_MESSAGES.notInCity,
    })
  }
  const city = event?.city ?? input.city
  if (city !== undefined && !catalogue.cities.some((c) => c.id === city)) {
    throw new HttpsError('invalid-argument', INSIGHT_MESSAGES.unknownCity, {
      field: 'city',
      reason: INSIGHT_MESSAGES.unknownCity,
    })
  }
  if (city !== undefined && !mayHostCity(roles, city)) {
    alert(ALERTS.hostRefused, { callable: 'loadInsights', uid, reason: HOST_MESSAGES.notYourCity, city })
    throw new HttpsError('permission-denied', HOST_MESSAGES.notYourCity)
  }
  const mine = catalogue.cities.filter((c) => mayHostCity(roles, c.id))
  const cities = city ? [city] : mine.map((c) => c.id)
  const today = istToday(new Date(now))
  const until = addDays(today, UPCOMING_DAYS)
  const wanted = [...new Set([...monthsBetween(input.from, input.to), ...monthsBetween(today, until)])]
  const refs = cities.flatMap((c) => wanted.map((month) => monthRef(firestore, c, month)))
  const [last, ...snapshots] = await firestore.getAll(collectionOf(firestore, 'insights').doc(LAST_ROLL), ...refs)
  const records = snapshots.map((snapshot) => months.one(snapshot)).filter((r) => r !== undefined)
  const rows = records
    .flatMap((record) => Object.values(record.rows ?? {}))
    .filter((row) => cities.includes(row.city) && (!event || row.eventId === event.id))
    .sort((a, b) => a.eventDate.localeCompare(b.eventDate) || a.eventId.localeCompare(b.eventId))
  const rolledAt = Number(last?.get('at') ?? 0)
  return {
    rows: rows.filter((row) => row.eventDate >= input.from && row.eventDate <= input.to),
    // Dates to come: today's only until its evening starts.
    upcoming: rows.filter((row) => {
      if (row.eventDate > until || row.eventDate < today) return false
      const starts = catalogue.eventById(row.eventId)?.startTime
      return row.eventDate > today || (starts !== undefined && eventStartInstant(today, starts).getTime() > now)
    }),
    cities: mine.map((c) => ({ id: c.id, name: c.name })),
    events: catalogue.events
      .filter((e) => mayHostCity(roles, e.city))
      .map((e) => ({ id: e.id, title: e.title, city: e.city })),
    today,
    ...(rolledAt ? { rolledAt: new Date(rolledAt).toISOString() } : {}),
  }
}
