/**
 * What others read of a date's published groups: a member's own group on their ticket (only a paid
 * guest of that date, only from the reveal, only their own group and only first names), the door's
 * group for each guest, and the evening after's "your group first".
 */
import type { TableView } from '@yaari/domain/booking'
import type { Catalogue, YaariEvent } from '@yaari/domain/catalogue'
import { revealAt, seatingOf } from '@yaari/domain/groups'
import { eventStartInstant } from '@yaari/domain/schedule'
import type { Firestore } from 'firebase-admin/firestore'
import { doorNow } from '../../lib/clock'
import { type BookingRecord, bookingRecords, bookingRef } from '../../lib/records'
import { dateGuests, firstNameOfBooking } from './guests'
import { asTheyStand, type PublishedGroup, readSeating } from './plans'

/** How long after its start a date's ticket still shows its group (the evening itself). */
const SHOWN_AFTER_START_MS = 12 * 3_600_000

/** A date's published groups, as the host published them; undefined before a publish. */
const publishedGroups = async (firestore: Firestore, eventId: string, date: string) =>
  (await readSeating(firestore, eventId, date))?.published?.groups

/** Published groups as they stand now: cancellations out, guests who paid after placed. */
async function standing(firestore: Firestore, event: YaariEvent, date: string, groups: readonly PublishedGroup[]) {
  const guests = await dateGuests(firestore, event, date)
  return asTheyStand(groups, guests, seatingOf(event).size)
}

/** The member's group on one confirmed booking: when it is revealed, and from then on the group. */
async function tableOf(
  firestore: Firestore,
  event: YaariEvent,
  booking: BookingRecord,
  now: number,
): Promise<TableView> {
  const at = revealAt(event, booking.event_date)
  const when = { revealAt: new Date(at).toISOString() }
  if (now < at) return when
  const published = await publishedGroups(firestore, event.id, booking.event_date)
  if (!published) return when
  // Most guests are where the host published them: one read of the others' bookings. A guest who paid
  // after the publish is placed as every reader places them.
  let group = published.find((known) => known.members.includes(booking.order_id))
  if (!group) {
    const late = (await standing(firestore, event, booking.event_date, published)).find((known) =>
      known.members.includes(booking.order_id),
    )
    if (!late) return when
    group = late
  }
  const others = group.members.filter((id) => id !== booking.order_id)
  const records =
    others.length > 0
      ? (await firestore.getAll(...others.map((id) => bookingRef(firestore, id)))).flatMap(
          (doc) => bookingRecords.one(doc) ?? [],
        )
      : []
  return {
    ...when,
    number: group.number,
    others: records.filter((other) => other.status === 'confirmed').map(firstNameOfBooking),
    shared: [...group.shared],
  }
}

/**
 * The groups of these bookings, by order id: each confirmed one of a date not yet over. Nobody
 * else's booking, and no cancelled one, learns anything. The reveal is judged by the server's clock
 * for the date (the one the door reads, which only the local stack's tests may move).
 */
export async function tablesFor(
  firestore: Firestore,
  catalogue: Catalogue,
  bookings: readonly BookingRecord[],
  now: number,
): Promise<Map<string, TableView>> {
  const tables = new Map<string, TableView>()
  await Promise.all(
    bookings.map(async (booking) => {
      const event = catalogue.eventById(booking.event_id)
      if (booking.status !== 'confirmed' || !event) return
      const at = await doorNow(firestore, event.id, booking.event_date, now)
      if (eventStartInstant(booking.event_date, event.startTime).getTime() + SHOWN_AFTER_START_MS <= at) return
      tables.set(booking.order_id, await tableOf(firestore, event, booking, at))
    }),
  )
  return tables
}

/**
 * Each paid guest's published group, by order id (empty before a publish): what the door says. `paid`
 * are the date's paid order ids, which the door list has read: when every one of them is where the
 * host published them, nothing more is read (the door syncs often); a guest who paid after the
 * publish is placed as every reader places them.
 */
export async function doorGroups(
  firestore: Firestore,
  event: YaariEvent,
  date: string,
  paid: readonly string[],
): Promise<Map<string, number>> {
  const published = await publishedGroups(firestore, event.id, date)
  if (!published) return new Map()
  const seated = new Set(published.flatMap((group) => group.members))
  const groups = paid.every((id) => seated.has(id)) ? published : await standing(firestore, event, date, published)
  return new Map(groups.flatMap((group) => group.members.map((id) => [id, group.number] as const)))
}

/** The other guests of a member's published group (order ids), for the evening after to list first. */
export async function groupMates(firestore: Firestore, eventId: string, date: string, orderId: string) {
  const group = (await publishedGroups(firestore, eventId, date))?.find((known) => known.members.includes(orderId))
  return new Set(group?.members.filter((id) => id !== orderId) ?? [])
}

/** The member's groups for their data export: event, date, group number and what it shared. */
export async function groupsOfMember(firestore: Firestore, bookings: readonly BookingRecord[]) {
  const found = await Promise.all(
    bookings
      .filter((booking) => booking.status === 'confirmed')
      .map(async (booking) => {
        const groups = await publishedGroups(firestore, booking.event_id, booking.event_date)
        const group = groups?.find((known) => known.members.includes(booking.order_id))
        return group
          ? [{ eventId: booking.event_id, eventDate: booking.event_date, group: group.number, shared: group.shared }]
          : []
      }),
  )
  return found.flat()
}
