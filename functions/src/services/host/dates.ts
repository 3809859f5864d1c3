/**
 * What a host reads: every upcoming date of their cities with its numbers, and one date's guest
 * list (viewed or exported as a file). Nothing here sweeps or sends; the only writes are the audit
 * lines of a list viewed or exported.
 */
import type { YaariEvent } from '@yaari/domain/catalogue'
import {
  type exportGuestListCall,
  type GuestList,
  type GuestRow,
  type GuestState,
  type getGuestListCall,
  guestListCsv,
  type HostDateSummary,
  mayHost,
  VENUE_WARNING_HOURS,
} from '@yaari/domain/host'
import { ageOn, localMobile } from '@yaari/domain/profile'
import { availableDates, eventStartInstant } from '@yaari/domain/schedule'
import type { Firestore } from 'firebase-admin/firestore'
import type { HostCaller } from '../../lib/auth'
import { isLive } from '../../lib/claims'
import { type Context, dateCall, type HostCall, nowOf } from '../../lib/context'
import { type BookingRecord, bookingsOfDate } from '../../lib/data/bookings'
import { isDateCancelled } from '../../lib/data/cancelled-dates'
import { readStandings } from '../../lib/data/moderation'
import { verifiedAmong } from '../../lib/data/phone-numbers'
import { readProfiles } from '../../lib/data/user-profiles'
import { readBrief } from '../../lib/data/venue-briefs'
import { entriesOfDate } from '../../lib/data/waitlist'
import { paidBack, paidIn } from '../../lib/records'
import { onDate, recordAudit } from '../audit'
import { readCapacity } from '../capacity'
import { nightSummary } from './night'

async function dateRecords(firestore: Firestore, eventId: string, date: string) {
  const [bookings, line] = await Promise.all([
    bookingsOfDate(firestore, eventId, date),
    entriesOfDate(firestore, eventId, date),
  ])
  return {
    bookings,
    line: line.filter((e) => e.status !== 'passed'),
  }
}

/** One date read once: its seats, bookings, waitlist, venue brief and cancellation, and its numbers. */
async function readDate(firestore: Firestore, event: YaariEvent, date: string, now: number) {
  const [seats, records, brief, cancelled] = await Promise.all([
    readCapacity(firestore, event, date, now),
    dateRecords(firestore, event.id, date),
    readBrief(firestore, event.id, date),
    isDateCancelled(firestore, event.id, date),
  ])
  const { bookings, line } = records
  const paid = bookings.filter((b) => b.status === 'confirmed').length
  const gross = bookings.reduce((sum, b) => sum + paidIn(b), 0)
  const refunded = bookings.reduce((sum, b) => sum + paidBack(b), 0)
  const startsAt = eventStartInstant(date, event.startTime)
  const venueShared = brief !== undefined
  const summary: HostDateSummary = {
    eventId: event.id,
    eventDate: date,
    title: event.title,
    city: event.city,
    startsAt: startsAt.toISOString(),
    capacity: seats.capacity,
    paid,
    checkedIn: bookings.filter((b) => b.status === 'confirmed' && b.checked_in_at !== undefined).length,
    held: seats.held,
    free: Math.max(0, seats.capacity - seats.live.length),
    waiting: line.filter((entry) => entry.status === 'waiting').length,
    gross,
    refunded,
    net: gross - refunded,
    venueShared,
    venueMissing: !venueShared && !cancelled && startsAt.getTime() - now <= VENUE_WARNING_HOURS * 3_600_000,
    salesOpen: !seats.salesClosed,
    cancelled,
  }
  return { summary, seats, records, venue: brief }
}

/** One date's numbers. */
export async function summarizeDate(firestore: Firestore, event: YaariEvent, date: string, now: number) {
  return (await readDate(firestore, event, date, now)).summary
}

/** Every upcoming date the host may run, soonest first. */
export async function listHostDates(context: Context, { roles }: HostCaller): Promise<{ dates: HostDateSummary[] }> {
  const { firestore, catalogue } = context
  const now = nowOf(context)
  // Published and archived events alike: an archived event's dates still run for its guests.
  const dates = catalogue.events
    .filter((event) => mayHost(roles, event))
    .flatMap((event) => availableDates(event, new Date(now)).map((date) => ({ event, date })))
  const summaries = await Promise.all(dates.map(({ event, date }) => summarizeDate(firestore, event, date, now)))
  return { dates: summaries.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.eventId.localeCompare(b.eventId)) }
}

function bookingState(booking: BookingRecord, seated: boolean): GuestState | undefined {
  if (booking.status === 'confirmed') return 'paid'
  if (booking.status === 'pending') return seated ? 'held' : undefined
  if (booking.status === 'refunded' || (booking.status === 'cancelled' && paidBack(booking) > 0)) return 'refunded'
  if (booking.status === 'cancelled') return 'cancelled'
  return undefined // failed or expired: never came
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)

/** One date's guest list: every booking that is or was real, and everyone in line. */
async function guestList(firestore: Firestore, event: YaariEvent, date: string, now: number): Promise<GuestList> {
  const { summary, seats, records, venue } = await readDate(firestore, event, date, now)
  const seatedOrders = new Set(seats.live.map((seat) => seat.record.order_id))
  const uids = [...new Set([...records.bookings.map((b) => b.user_id), ...records.line.map((e) => e.user_id)])]
  const [profiles, standings] = await Promise.all([readProfiles(firestore, uids), readStandings(firestore, uids, now)])
  const verified = await verifiedAmong(
    firestore,
    new Map([...profiles].map(([uid, profile]) => [uid, profile.mobile] as const)),
  )
  const mobileOf = (uid: string, fallback?: unknown) => {
    const mobile = text(profiles.get(uid)?.mobile) ?? text(fallback)
    if (!mobile) return {}
    return { mobile: localMobile(mobile), ...(verified.has(uid) ? { mobileVerified: true as const } : {}) }
  }
  const standingOf = (uid: string) => {
    const standing = standings.get(uid)
    return standing
      ? {
          standing: {
            level: standing.level,
            reason: standing.reason,
            ...(standing.until ? { until: standing.until } : {}),
          },
        }
      : {}
  }
  const guests: GuestRow[] = []
  for (const booking of records.bookings) {
    const state = bookingState(
      booking,
      seatedOrders.has(booking.order_id) && isLive({ hold_expires_at: booking.hold_expires_at }, now),
    )
    if (!state || booking.account_deleted_at) continue
    const profile = profiles.get(booking.user_id)
    const attendee = booking.attendee
    const dateOfBirth = text(attendee.dateOfBirth) ?? text(profile?.date_of_birth)
    guests.push({
      uid: booking.user_id,
      orderId: booking.order_id,
      name: text(attendee.name) ?? text(profile?.name) ?? 'Member',
      ...(dateOfBirth ? { age: ageOn(dateOfBirth, new Date(now)) } : {}),
      ...(text(profile?.gender) ? { gender: text(profile?.gender) } : {}),
      tier: booking.tier,
      ...(text(attendee.foodPreference) ? { foodPreference: text(attendee.foodPreference) } : {}),
      ...(text(attendee.drinkingPreference) ? { drinkingPreference: text(attendee.drinkingPreference) } : {}),
      ...mobileOf(booking.user_id, attendee.mobile),
      bookedAt: new Date(booking.created_at).toISOString(),
      state,
      ...(state === 'paid' && booking.checked_in_at !== undefined
        ? { came: 'door' as const }
        : state === 'paid' && booking.came_marked
          ? { came: 'marked' as const }
          : {}),
      ...standingOf(booking.user_id),
      ...((booking.disputes ?? []).some((dispute) => !dispute.status.endsWith('MERCHANT_WON'))
        ? { paymentDisputed: true as const }
        : {}),
      ...(booking.door_refused_entry
        ? {
            enteredUnpaid: {
              at: new Date(booking.door_refused_entry.at).toISOString(),
              door: booking.door_refused_entry.door,
              state: booking.door_refused_entry.state,
            },
          }
        : {}),
    })
  }
  for (const entry of records.line) {
    const profile = profiles.get(entry.user_id)
    const dateOfBirth = text(profile?.date_of_birth)
    guests.push({
      uid: entry.user_id,
      name: text(entry.attendee.name) ?? text(profile?.name) ?? 'Member',
      ...(dateOfBirth ? { age: ageOn(dateOfBirth, new Date(now)) } : {}),
      ...(text(profile?.gender) ? { gender: text(profile?.gender) } : {}),
      ...mobileOf(entry.user_id),
      bookedAt: new Date(entry.joined_at).toISOString(),
      state: entry.status === 'offered' ? 'offered' : 'waiting',
      ...standingOf(entry.user_id),
    })
  }
  const night = await nightSummary(firestore, event.id, date, records.bookings)
  return { date: summary, ...(venue ? { venue } : {}), guests, night, readAt: new Date(now).toISOString() }
}

/** getGuestList: a date's list as the console shows it, its viewing audited once per host, date and 10 minutes. */
export const getGuestList: HostCall<typeof getGuestListCall> = async (context, host, input) => {
  const { firestore, event, now } = dateCall(context, input)
  const list = await guestList(firestore, event, input.eventDate, now)
  // One line per host, date and 10 minutes: an open console refreshes its list every 30 s.
  const window = Math.floor(now / 600_000)
  await recordAudit(
    context.firestore,
    host,
    {
      action: 'view-guest-list',
      about: onDate(event, input.eventDate),
      change: { guests: list.guests.length },
      at: now,
    },
    `view_${host.uid}_${input.eventId}_${input.eventDate}_${window}`,
  )
  return list
}

/** exportGuestList: a date's list as a CSV file, each export audited. */
export const exportGuestList: HostCall<typeof exportGuestListCall> = async (context, host, input) => {
  const { firestore, event, now } = dateCall(context, input)
  const list = await guestList(firestore, event, input.eventDate, now)
  await recordAudit(firestore, host, {
    action: 'export-guest-list',
    about: onDate(event, input.eventDate),
    change: { guests: list.guests.length },
    at: now,
  })
  return { filename: `yaari-${input.eventId}-${input.eventDate}.csv`, csv: guestListCsv(list.guests) }
}
