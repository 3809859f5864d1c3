/**
 * The evening after a date, as the functions keep it: nights/{eventId}_{date}, written once by the
 * morning-after job with the guests who came (checked in at the door, or marked as come by a host),
 * and the job itself: at 10:00 IST the day after a date it asks each of them by email and on their
 * booking; seven days later it closes the evening and deletes the picks that did not become
 * connections. Run as often as it likes: each date is asked once, each mail queued once.
 */
import { createHash } from 'node:crypto'
import { AFTER_WINDOW_DAYS, morningAfter, nightId, windowCloses } from '@yaari/domain/after-night-rules'
import type { Catalogue } from '@yaari/domain/catalogue'
import { firstNameOf } from '@yaari/domain/names'
import { istToday } from '@yaari/domain/schedule'
import type { Firestore } from 'firebase-admin/firestore'
import { nowOf } from '../../lib/context'
import { type BookingRecord, bookingRef, paidBookingsOn } from '../../lib/data/bookings'
import {
  closeNightRecord,
  markAsked,
  type NightGuest,
  type NightRecord,
  openNights,
  readNight,
  recordNight,
} from '../../lib/data/nights'
import { closePicks } from '../../lib/data/picks'
import { type BookingDeps, came, mapLimit } from '../../lib/records'
import { queueMail } from '../mail/outbox'

/** What a member's list calls another guest: an id made for this evening, never their account's. */
export const guestKey = (night: string, uid: string) =>
  createHash('sha256').update(`guest:${night}:${uid}`).digest('hex').slice(0, 16)

const firstName = (name: unknown) => firstNameOf(name) ?? 'A guest'

export { came }

/** The dates whose morning after has come and whose window has not closed, as of `now`. */
function datesToAsk(now: number): string[] {
  const today = istToday(new Date(now))
  const dates: string[] = []
  for (let back = 1; back <= AFTER_WINDOW_DAYS + 1; back++) {
    const date = new Date(Date.parse(`${today}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10)
    if (morningAfter(date) <= now && now < windowCloses(date)) dates.push(date)
  }
  return dates
}

export interface MorningAfterReport {
  asked: number
  nights: number
  noAttendance: number
  closed: number
  picksDeleted: number
}

/** Asks one date's guests: records the night (once), then queues each guest's mail and marks their booking. */
async function askNight(
  firestore: Firestore,
  catalogue: Catalogue,
  bookings: BookingRecord[],
  now: number,
): Promise<number> {
  const first = bookings[0]!
  const event = catalogue.eventById(first.event_id)
  const guests: Record<string, NightGuest> = {}
  for (const booking of bookings.filter(came)) {
    guests[booking.user_id] = { order_id: booking.order_id, first_name: firstName(booking.attendee?.name) }
  }
  const record: NightRecord = {
    event_id: first.event_id,
    event_date: first.event_date,
    city: event?.city ?? '',
    opened_at: now,
    guests,
    connections: 0,
    closed: false,
  }
  const existing = await readNight(firestore, first.event_id, first.event_date)
  if (existing?.asked_at !== undefined) return 0
  if (!existing) await recordNight(firestore, record, now)
  // Who came is what was recorded first: a run cut off after it asks the same guests.
  const asked = (await readNight(firestore, first.event_id, first.event_date))?.guests ?? {}
  const closesAt = windowCloses(first.event_date)
  const queued = await mapLimit(Object.values(asked), 4, async (guest) => {
    const booking = bookings.find((b) => b.order_id === guest.order_id)
    if (!booking) return false
    await bookingRef(firestore, guest.order_id).update({ after_closes_at: closesAt })
    return queueMail(firestore, booking, 'how-was', now)
  })
  await markAsked(firestore, first.event_id, first.event_date, now)
  return queued.filter(Boolean).length
}

/** Closes an evening past its window: its picks go (connections are kept apart), then it is marked closed. */
async function closeNight(firestore: Firestore, id: string, now: number): Promise<number> {
  const picks = await closePicks(firestore, id)
  await closeNightRecord(firestore, id, now)
  return picks
}

/**
 * The morningAfter job: asks the guests of every date whose morning after has come (a date with
 * no one recorded as come is recorded as such, and asks no one), and closes the evenings whose
 * seven days are over.
 */
export async function runMorningAfter(
  deps: Pick<BookingDeps, 'firestore' | 'now' | 'catalogue'>,
): Promise<MorningAfterReport> {
  const { firestore } = deps
  const now = nowOf(deps)
  const report: MorningAfterReport = { asked: 0, nights: 0, noAttendance: 0, closed: 0, picksDeleted: 0 }
  const dates = datesToAsk(now)
  if (dates.length > 0) {
    const paid = await paidBookingsOn(firestore, dates)
    const byDate = new Map<string, BookingRecord[]>()
    for (const booking of paid) {
      const id = nightId(booking.event_id, booking.event_date)
      byDate.set(id, [...(byDate.get(id) ?? []), booking])
    }
    for (const bookings of byDate.values()) {
      const asked = await askNight(firestore, deps.catalogue, bookings, now)
      report.nights++
      report.asked += asked
      if (!bookings.some(came)) report.noAttendance++
    }
  }
  for (const { id, record } of await openNights(firestore)) {
    if (windowCloses(record.event_date) > now) continue
    report.picksDeleted += await closeNight(firestore, id, now)
    report.closed++
  }
  return report
}
