/**
 * The team's numbers, kept as rollups (decision 0025): each event date's counts and sums, computed
 * from its records (bookings, seats, feedback, the night, connections, the waitlist's tallies) and
 * kept in one document per city and month, insights/{city}_{YYYY-MM}, under rows.{eventId}_{date}.
 * The Insights page reads a few of those documents, never the bookings.
 *
 * A roll recomputes each date from its records and writes only the rows that differ, so running it
 * again for the same day writes nothing and never counts twice. The hourly job rolls every date from
 * ROLL_BACK_DAYS ago (late check-ins, the week of feedback and connections) to UPCOMING_DAYS ahead,
 * and any older date whose money moved since (insight_marks). A date past the window keeps its
 * seats and holds as they were last rolled: its seat documents are gone by then.
 */

import type { RequestOf } from '@yaari/domain/callable'
import type { Catalogue, YaariEvent } from '@yaari/domain/catalogue'
import { HOST_MESSAGES, type Roles } from '@yaari/domain/host'
import type { loadInsightsCall } from '@yaari/domain/insights'
import { type InsightRow, type InsightsView, tallyKey, UPCOMING_DAYS } from '@yaari/domain/insights'
import { mayHostCity } from '@yaari/domain/roles'
import { availableDates, istToday, runsOn } from '@yaari/domain/schedule'
import type { Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import { collectionOf } from '../../lib/collections'
import { reader } from '../../lib/documents'
import { type BookingRecord, bookingsOfDate, came, isDateCancelled, mapLimit, nowOf } from '../../lib/records'
import { expiry } from '../../lib/retention'
import { readTally } from '../../lib/tallies'
import { readNight } from '../after-night/nights'
import { isBlocked, readCapacity } from '../capacity'

/** How far back the hourly roll recomputes every date: late check-ins, the week of the evening after. */
const ROLL_BACK_DAYS = 10

const DAY = 86_400_000
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10)

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
const refundOf = (booking: BookingRecord) =>
  booking.refund && booking.refund.status !== 'failed' ? paise(booking.refund.amount) : 0

/** Whether the member had a kept seat at an evening before `date`. */
async function cameBefore(firestore: Firestore, uid: string, date: string): Promise<boolean> {
  const earlier = await collectionOf(firestore, 'bookings')
    .where('user_id', '==', uid)
    .where('status', '==', 'confirmed')
    .where('event_date', '<', date)
    .limit(1)
    .get()
  return !earlier.empty
}

/** A date's feedback: how many rated it, and the ratings' sum. */
async function ratingsOf(firestore: Firestore, eventId: string, date: string) {
  const feedback = await collectionOf(firestore, 'feedback')
    .where('event_id', '==', eventId)
    .where('event_date', '==', date)
    .get()
  const ratings = feedback.docs.map((doc) => doc.get('rating')).filter((r): r is number => typeof r === 'number')
  return { ratingCount: ratings.length, ratingSum: ratings.reduce((total, r) => total + r, 0) }
}

/** The guests of a date who came away with a connection (still kept), counted once each. */
async function guestsConnected(firestore: Firestore, eventId: string, date: string, guests: Set<string>) {
  const connections = await collectionOf(firestore, 'connections')
    .where('event_id', '==', eventId)
    .where('event_date', '==', date)
    .get()
  const members = new Set(connections.docs.flatMap((doc) => (doc.get('members') as string[] | undefined) ?? []))
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
  kept?: Pick<InsightRow, 'seats' | 'held'>,
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
  const before = await mapLimit(members, 8, (uid) => cameBefore(firestore, uid, date))
  const fromOffers = await Promise.all(paid.map(async (b) => offers.has(await tallyKey(b.order_id))))
  const grossPaise = paid.reduce((total, b) => total + paise(b.amount), 0)
  const refundsPaise = bookings.reduce((total, b) => total + refundOf(b), 0)
  const guests = new Set(cameHere.map((b) => b.user_id))
  const row: InsightRow = {
    eventId: event.id,
    eventDate: date,
    city: event.city,
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
function offered(event: YaariEvent, date: string, booked: number, cancelled: boolean): boolean {
  if (booked > 0 || cancelled) return true
  if (event.status !== 'published' || event.schedule.skipped.includes(date)) return false
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
  marks: number
}

/**
 * Rolls the dates from `from` to `to` (every event's) and the marked ones, writing the rows that
 * changed. A date before `frozenBefore` keeps its seats as last rolled.
 */
export async function rollDates(
  firestore: Firestore,
  catalogue: Catalogue,
  now: number,
  { from, to, frozenBefore }: { from: string; to: string; frozenBefore: string },
): Promise<RollReport> {
  const today = istToday(new Date(now))
  const marks = await collectionOf(firestore, 'insight_marks').get()
  const targets = new Map<string, { event: YaariEvent; date: string }>()
  for (const event of catalogue.events) {
    // Dates to come only while on sale (not yet offered, a date is not "empty"); past ones all.
    const onSale = new Set(event.status === 'published' ? availableDates(event, new Date(now)) : [])
    for (const date of scheduledBetween(event, from, to)) {
      if (date <= today || onSale.has(date)) targets.set(rowKey(event.id, date), { event, date })
    }
  }
  for (const mark of marks.docs) {
    const event = catalogue.eventById(String(mark.get('event_id')))
    const date = String(mark.get('event_date'))
    if (event) targets.set(rowKey(event.id, date), { event, date })
  }
  // The months the dates fall in, read once each.
  const docs = new Map<string, MonthRecord | undefined>()
  const docKey = (city: string, date: string) => `${city}_${date.slice(0, 7)}`
  await Promise.all(
    [...new Set([...targets.values()].map(({ event, date }) => docKey(event.city, date)))].map(async (key) => {
      docs.set(key, months.one(await collectionOf(firestore, 'insights').doc(key).get()))
    }),
  )
  const changed = new Map<string, InsightRow[]>() // by month document
  await mapLimit([...targets.values()], 4, async ({ event, date }) => {
    const key = docKey(event.city, date)
    const previous = docs.get(key)?.rows[rowKey(event.id, date)]
    const frozen = date < frozenBefore && previous ? { seats: previous.seats, held: previous.held } : undefined
    const { row, booked } = await rollDate(firestore, event, date, now, frozen)
    if (!offered(event, date, booked, row.cancelled) || sameRow(previous, row)) return
    changed.set(key, [...(changed.get(key) ?? []), row])
  })
  let written = 0
  for (const rows of changed.values()) {
    const [first] = rows as [InsightRow]
    const month = first.eventDate.slice(0, 7)
    await monthRef(firestore, first.city, month).set(
      {
        city: first.city,
        month,
        rows: Object.fromEntries(rows.map((row) => [rowKey(row.eventId, row.eventDate), row])),
        rolled_at: now,
        ...expiry('insights', now, `${month}-28`),
      },
      { merge: true },
    )
    written += rows.length
  }
  // A mark written again while this roll ran stays for the next one.
  await Promise.all(
    marks.docs.map((mark) => mark.ref.delete({ lastUpdateTime: mark.updateTime }).catch(() => undefined)),
  )
  return { dates: targets.size, written, marks: marks.size }
}

/** The hourly job: the window of dates whose records still move, and the dates marked since. */
export function rollInsights(deps: { firestore: Firestore; catalogue: Catalogue; now?: () => Date }) {
  const now = nowOf(deps)
  const today = istToday(new Date(now))
  const from = addDays(today, -ROLL_BACK_DAYS)
  return rollDates(deps.firestore, deps.catalogue, now, { from, to: addDays(today, UPCOMING_DAYS), frozenBefore: from })
}

/** The months (YYYY-MM) from one date's to another's. */
function monthsBetween(from: string, to: string): string[] {
  const found: string[] = []
  for (let month = from.slice(0, 7); month <= to.slice(0, 7); ) {
    found.push(month)
    const [y, m] = month.split('-').map(Number) as [number, number]
    month = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`
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
  roles: Roles,
  input: RequestOf<typeof loadInsightsCall>,
  now: number,
): Promise<InsightsView> {
  const event = input.eventId ? catalogue.eventById(input.eventId) : undefined
  const city = event?.city ?? input.city
  if (city !== undefined && !catalogue.cities.some((c) => c.id === city)) {
    throw new HttpsError('invalid-argument', 'city: Unknown city')
  }
  if (city !== undefined && !mayHostCity(roles, city))
    throw new HttpsError('permission-denied', HOST_MESSAGES.notYourCity)
  const mine = catalogue.cities.filter((c) => mayHostCity(roles, c.id))
  const cities = city ? [city] : mine.map((c) => c.id)
  const today = istToday(new Date(now))
  const until = addDays(today, UPCOMING_DAYS)
  const wanted = [...new Set([...monthsBetween(input.from, input.to), ...monthsBetween(today, until)])]
  const refs = cities.flatMap((c) => wanted.map((month) => monthRef(firestore, c, month)))
  const snapshots = refs.length ? await firestore.getAll(...refs) : []
  const records = snapshots.map((snapshot) => months.one(snapshot)).filter((r) => r !== undefined)
  const rows = records
    .flatMap((record) => Object.values(record.rows ?? {}))
    .filter((row) => mayHostCity(roles, row.city) && (!event || row.eventId === event.id))
    .sort((a, b) => a.eventDate.localeCompare(b.eventDate) || a.eventId.localeCompare(b.eventId))
  const rolledAt = Math.max(0, ...records.map((record) => record.rolled_at ?? 0))
  return {
    rows: rows.filter((row) => row.eventDate >= input.from && row.eventDate <= input.to),
    upcoming: rows.filter((row) => row.eventDate >= today && row.eventDate <= until),
    cities: mine.map((c) => ({ id: c.id, name: c.name })),
    events: catalogue.events
      .filter((e) => mayHostCity(roles, e.city))
      .map((e) => ({ id: e.id, title: e.title, city: e.city })),
    today,
    ...(rolledAt ? { rolledAt: new Date(rolledAt).toISOString() } : {}),
  }
}
