/**
 * The team's numbers, kept as rollups (decision 0025): each event date's counts and sums, computed
 * from its records (bookings, seats, feedback, the night, connections, the waitlist's tallies) and
 * kept in one document per city and month (lib/data/insights.ts). The Insights page reads a few of
 * those documents, never the bookings; what each number means is the domain's (insight-numbers.ts).
 *
 * A roll recomputes each date from its records and writes only the rows that differ, so running it
 * again for the same day writes nothing and never counts twice. A row whose date is no longer one the
 * event offered (archived, skipped) is removed. A date over SEATS_KEPT_DAYS past keeps its seats and
 * holds as they were last rolled (its seat documents are gone by then), and a row stays in the city it
 * was first rolled in (an event that moves city does not move its past).
 */

import type { Catalogue, YaariEvent } from '@yaari/domain/catalogue'
import { bookingNumbers, type CountedBooking, paiseOf, sameRow } from '@yaari/domain/insight-numbers'
import { type InsightRow, tallyKey } from '@yaari/domain/insights'
import { addDays, availableDates, istToday, runsOn } from '@yaari/domain/schedule'
import type { Firestore } from 'firebase-admin/firestore'
import { type BookingRecord, bookingsOfDate, earliestConfirmedDate } from '../../lib/data/bookings'
import { isDateCancelled } from '../../lib/data/cancelled-dates'
import { connectionsOfDate } from '../../lib/data/connections'
import { feedbackOfDate } from '../../lib/data/feedback'
import { readMarks } from '../../lib/data/insight-marks'
import { readTally } from '../../lib/data/insight-tallies'
import {
  monthId,
  monthOf,
  monthsBetween,
  readMonthRows,
  rowKey,
  type StoredRow,
  writeMonthRows,
} from '../../lib/data/insights'
import { readNight } from '../../lib/data/nights'
import { came, mapLimit, mapUntil, paidBack, paidIn } from '../../lib/records'
import { readCapacity } from '../capacity'

/** How long a date's seat documents are kept (retention.ts `seats`): after that, its seats are as rolled. */
const SEATS_KEPT_DAYS = 30

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
  return { seats: capacity.capacity, held: capacity.held }
}

/** What the numbers need to know of each booking of a date (insight-numbers.ts counts them). */
async function countedBookings(
  bookings: readonly BookingRecord[],
  date: string,
  offers: ReadonlySet<string>,
  earliest: Earliest,
): Promise<CountedBooking[]> {
  return mapLimit(bookings, 8, async (booking) => {
    const kept = booking.status === 'confirmed'
    const member = kept && booking.user_id && booking.user_id !== 'deleted' ? booking.user_id : undefined
    const paid = booking.paid_at !== undefined
    return {
      paid,
      kept,
      paidPaise: paiseOf(paidIn(booking)),
      refundPaise: paiseOf(paidBack(booking)),
      came: came(booking),
      fromOffer: paid && offers.has(await tallyKey(booking.order_id)),
      ...(member ? { returning: ((await earliest(member)) ?? date) < date } : {}),
    }
  })
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
  const past = date < istToday(new Date(now))
  const numbers = bookingNumbers(await countedBookings(bookings, date, new Set(tally.offers), earliest), {
    past,
    cancelled,
  })
  const guests = new Set(bookings.filter(came).map((b) => b.user_id))
  const row: InsightRow = {
    eventId: event.id,
    eventDate: date,
    city: kept?.city ?? event.city,
    cancelled,
    past,
    seats: seats.seats,
    held: seats.held,
    ...numbers,
    waitlistJoins: tally.joins.length,
    waitlistOffers: tally.offers.length,
    ...ratings,
    connections: night?.connections ?? 0,
    guestsConnected: guests.size ? await guestsConnected(firestore, event.id, date, guests) : 0,
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

export interface RollReport {
  dates: number
  written: number
  removed: number
  marks: number
  /** Dates left for the next run (the run's time ran out). */
  left: number
}

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
  const marks = await readMarks(firestore)
  // What is stored for the window and the marked dates, in every city (a row stays where it was rolled).
  const cities = [...new Set([...catalogue.cities.map((c) => c.id), ...catalogue.events.map((e) => e.city)])]
  const wanted = [...new Set([...monthsBetween(from, to), ...marks.map(({ date }) => monthOf(date))])]
  const stored = new Map<string, StoredRow>()
  for (const found of await readMonthRows(firestore, cities, wanted))
    stored.set(rowKey(found.row.eventId, found.row.eventDate), found)
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
  for (const { eventId, date } of marks) target(eventId, date)

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
      const doc = previous?.doc ?? monthId(row.city, monthOf(date))
      if (!offered(catalogue, event, date, booked, row.cancelled))
        return previous ? { doc, remove: true as const, row } : undefined
      return sameRow(previous?.row, row) ? undefined : { doc, remove: false as const, row }
    },
    deadline,
  )
  const byDoc = new Map<string, { row: InsightRow; remove: boolean }[]>()
  for (const change of results) if (change) byDoc.set(change.doc, [...(byDoc.get(change.doc) ?? []), change])
  for (const [doc, changes] of byDoc) await writeMonthRows(firestore, doc, changes, now)
  // The marks of the dates rolled go; one written again while this roll ran stays for the next one.
  const rolled = new Set(order.slice(0, order.length - left).map(({ event, date }) => rowKey(event.id, date)))
  await Promise.all(
    marks
      .filter(({ eventId, date }) => rolled.has(rowKey(eventId, date)) || !targets.has(rowKey(eventId, date)))
      .map((mark) => mark.clear()),
  )
  const changes = results.filter((change) => change !== undefined)
  return {
    dates: targets.size,
    written: changes.filter((change) => !change.remove).length,
    removed: changes.filter((change) => change.remove).length,
    marks: marks.length,
    left,
  }
}
