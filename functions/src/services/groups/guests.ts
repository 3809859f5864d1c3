/**
 * A date's paid guests as the planner takes them, and the rules between them: what each told us
 * when booking (personality and interests only if their profile lets us seat them by it), who must
 * never share a group (a block either way, an open report between them), and who sat at an earlier
 * evening together without connecting. Read here, at the groups floor: it calls nothing above it.
 */
import { pairId } from '@yaari/domain/after-night-rules'
import type { YaariEvent } from '@yaari/domain/catalogue'
import type { GroupGuest } from '@yaari/domain/groups-planner'
import { firstNameOf } from '@yaari/domain/names'
import { ageOn } from '@yaari/domain/profile'
import { FOOD_PREFERENCES, PERSONALITY_TYPES } from '@yaari/domain/profile-answers'
import { INTERESTS } from '@yaari/domain/profile-choices'
import { eventStartInstant } from '@yaari/domain/schedule'
import type { Firestore } from 'firebase-admin/firestore'
import { blocksByAny } from '../../lib/data/blocks'
import { type BookingRecord, paidBookingsOfDate, paidBookingsOfMembers } from '../../lib/data/bookings'
import { connectionsInvolving } from '../../lib/data/connections'
import { reportsAboutAny } from '../../lib/data/reports'
import { readProfiles } from '../../lib/data/user-profiles'
import { came } from '../../lib/records'

/** A paid guest of the date: the booking, the planner's view of them, their names. */
interface DateGuest {
  booking: BookingRecord
  seat: GroupGuest
  name: string
  firstName: string
}

/** The date's guests and the rules between them, in the planner's ids (booking order ids). */
export interface DateGuests {
  guests: DateGuest[]
  byOrder: Map<string, DateGuest>
  apart: [string, string][]
  metBefore: [string, string][]
}

/** Firestore takes at most 30 values in an `in` or `array-contains-any` filter. */
const IN_LIMIT = 30
const chunks = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / IN_LIMIT) }, (_, i) => items.slice(i * IN_LIMIT, (i + 1) * IN_LIMIT))

const oneOf = <T extends string>(value: unknown, allowed: readonly T[]): T | undefined =>
  allowed.find((known) => known === value)

const nameOf = (booking: BookingRecord) =>
  typeof booking.attendee?.name === 'string' && booking.attendee.name.trim() ? booking.attendee.name.trim() : 'Guest'
export const firstNameOfBooking = (booking: BookingRecord) => firstNameOf(booking.attendee?.name) ?? 'Guest'

/** The planner's view of a guest: what they told us, less what they asked us not to seat them by. */
export function seatOf(booking: BookingRecord, seatByAnswers: boolean, start: Date): GroupGuest {
  const told = booking.attendee ?? {}
  const interests: GroupGuest['interests'] = Array.isArray(told.interests)
    ? told.interests.flatMap((id) => oneOf(id, INTERESTS) ?? [])
    : []
  const personality = seatByAnswers ? oneOf(told.personalityType, PERSONALITY_TYPES) : undefined
  const food = oneOf(told.foodPreference, FOOD_PREFERENCES)
  const age = typeof told.dateOfBirth === 'string' ? ageOn(told.dateOfBirth, start) : undefined
  return {
    id: booking.order_id,
    tier: booking.tier === 'girls' ? 'girls' : 'boys',
    interests: seatByAnswers ? interests : [],
    ...(personality ? { personality } : {}),
    ...(food ? { food } : {}),
    ...(age !== undefined ? { age } : {}),
  }
}

/** Pairs of members by their pair id (after-night's `pairId`), each as [a, b]. */
type Pairs = Map<string, [string, string]>

/** Pairs of these members who must never share a group: a block either way, an open report between them. */
async function apartPairs(firestore: Firestore, uids: readonly string[]): Promise<Pairs> {
  const among = new Set(uids)
  const pairs: Pairs = new Map()
  await Promise.all(
    chunks(uids).map(async (chunk) => {
      const [blocks, reports] = await Promise.all([blocksByAny(firestore, chunk), reportsAboutAny(firestore, chunk)])
      for (const { from, to } of blocks) if (among.has(to)) pairs.set(pairId(from, to), [from, to])
      for (const { status, reporter_uid: reporter, reported_uid: reported } of reports)
        if (status === 'open' && reporter !== undefined && among.has(reporter))
          pairs.set(pairId(reporter, reported), [reporter, reported])
    }),
  )
  return pairs
}

/** Pairs of these members who came to an earlier evening together, and pairs who connected since. */
async function earlierEvenings(firestore: Firestore, uids: readonly string[], before: string) {
  const among = new Set(uids)
  const nights = new Map<string, Set<string>>()
  const connected = new Set<string>()
  await Promise.all(
    chunks(uids).map(async (chunk) => {
      const [bookings, connections] = await Promise.all([
        paidBookingsOfMembers(firestore, chunk),
        connectionsInvolving(firestore, chunk),
      ])
      for (const booking of bookings) {
        if (booking.event_date >= before || !came(booking)) continue
        const night = `${booking.event_id}_${booking.event_date}`
        nights.set(night, (nights.get(night) ?? new Set()).add(booking.user_id))
      }
      for (const {
        members: [a, b],
      } of connections)
        if (among.has(a) && among.has(b)) connected.add(pairId(a, b))
    }),
  )
  const met: Pairs = new Map()
  for (const guests of nights.values()) {
    const list = [...guests].sort()
    list.forEach((a, i) => {
      for (const b of list.slice(i + 1)) {
        const pair = pairId(a, b)
        if (!connected.has(pair)) met.set(pair, [a, b])
      }
    })
  }
  return met
}

/**
 * The date's paid guests, as the planner takes them, with the rules between them. Who met before is
 * read only to plan (`plan`): placing a late guest needs the rest, and runs on the door's syncs.
 */
export async function dateGuests(
  firestore: Firestore,
  event: Pick<YaariEvent, 'id' | 'startTime'>,
  date: string,
  { plan = false }: { plan?: boolean } = {},
): Promise<DateGuests> {
  const bookings = await paidBookingsOfDate(firestore, event.id, date)
  const uids = [...new Set(bookings.map((booking) => booking.user_id))]
  const [profiles, apart, met] = await Promise.all([
    readProfiles(firestore, uids),
    apartPairs(firestore, uids),
    plan ? earlierEvenings(firestore, uids, date) : Promise.resolve<Pairs>(new Map()),
  ])
  const optedOut = new Set([...profiles].filter(([, profile]) => profile.seat_by_answers === false).map(([uid]) => uid))
  const start = eventStartInstant(date, event.startTime)
  const guests = bookings
    .map((booking) => ({
      booking,
      seat: seatOf(booking, !optedOut.has(booking.user_id), start),
      name: nameOf(booking),
      firstName: firstNameOfBooking(booking),
    }))
    .sort((a, b) => (a.booking.paid_at ?? a.booking.created_at) - (b.booking.paid_at ?? b.booking.created_at))
  const orderOf = new Map(guests.map((guest) => [guest.booking.user_id, guest.booking.order_id]))
  const asOrders = (pairs: Pairs) =>
    [...pairs.values()].flatMap(([a, b]): [string, string][] => {
      const first = orderOf.get(a)
      const second = orderOf.get(b)
      return first && second ? [[first, second]] : []
    })
  return {
    guests,
    byOrder: new Map(guests.map((guest) => [guest.booking.order_id, guest])),
    apart: asOrders(apart),
    metBefore: asOrders(met),
  }
}
