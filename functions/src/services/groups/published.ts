/**
 * What others read of a date's published groups: a member's own group on their ticket (only a paid
 * guest of that date, only from the reveal, only their own group, only first names, never someone
 * they blocked or who blocked them), the door's group for each guest, the evening after's "your
 * group first", and the member's export. Each reads the published groups as they stand now: a guest
 * who cancelled is out, and a guest who paid after the publish is where every reader places them.
 */
import type { YourGroupView } from '@yaari/domain/booking'
import type { Catalogue, YaariEvent } from '@yaari/domain/catalogue'
import { groupSettingsOf, revealAt } from '@yaari/domain/groups'
import { eventStartInstant, formatShortDate, formatTime, istToday } from '@yaari/domain/schedule'
import type { Firestore } from 'firebase-admin/firestore'
import { type Context, nowOf } from '../../lib/context'
import { blockedWith } from '../../lib/data/blocks'
import { type BookingRecord, paidBookingsOfDate } from '../../lib/data/bookings'
import { type PublishedGroup, readGroupPlan } from '../../lib/data/seatings'
import { doorNow } from '../../lib/data/stack-clocks'
import { warn } from '../../lib/log'
import { notificationUntil, tell } from '../notifications/member-notifications'
import { dateGuests, firstNameOfBooking } from './guests'
import { asTheyStand } from './view'

/** How long after its start a date's ticket still shows its group (the evening itself). */
const SHOWN_AFTER_START_MS = 12 * 3_600_000

/**
 * A date's published groups as they stand for `paid` (its paid order ids), or undefined before a
 * publish. While every paid guest is where the host published them, nothing more is read (the door
 * syncs often); otherwise the late guests are placed, as the host's view and the door place them.
 */
async function standing(
  firestore: Firestore,
  event: Pick<YaariEvent, 'id' | 'startTime' | 'tableSize' | 'revealHours'>,
  date: string,
  paid: readonly string[],
): Promise<PublishedGroup[] | undefined> {
  const published = (await readGroupPlan(firestore, event.id, date))?.published?.groups
  if (!published) return undefined
  const seated = new Set(published.flatMap((group) => group.members))
  const stillPaid = new Set(paid)
  if (paid.every((id) => seated.has(id)))
    return published.map((group) => ({ ...group, members: group.members.filter((id) => stillPaid.has(id)) }))
  const guests = await dateGuests(firestore, event, date)
  return asTheyStand(published, guests, groupSettingsOf(event).size)
}

/** The date's paid bookings, and the published group one booking of it is in as the groups stand. */
async function bookingGroup(firestore: Firestore, event: YaariEvent, booking: BookingRecord) {
  const paid = await paidBookingsOfDate(firestore, event.id, booking.event_date)
  const groups = await standing(
    firestore,
    event,
    booking.event_date,
    paid.map((other) => other.order_id),
  )
  return { paid, group: groups?.find((known) => known.members.includes(booking.order_id)) }
}

/** The member's group on one confirmed booking: when it is revealed, and from then on the group. */
async function yourGroupOf(
  firestore: Firestore,
  event: YaariEvent,
  booking: BookingRecord,
  now: number,
): Promise<YourGroupView> {
  const at = revealAt(event, booking.event_date)
  const when = { revealAt: new Date(at).toISOString() }
  if (now < at) return when
  const { paid, group } = await bookingGroup(firestore, event, booking)
  if (!group) return when
  // Someone they blocked, or who blocked them, since the plan is not named to them (the host is told).
  const blocked = await blockedWith(firestore, booking.user_id)
  const others = paid.filter(
    (other) =>
      other.order_id !== booking.order_id && group.members.includes(other.order_id) && !blocked.has(other.user_id),
  )
  return { ...when, number: group.number, others: others.map(firstNameOfBooking), shared: [...group.shared] }
}

/**
 * The groups of these bookings, by order id: each confirmed one of a date not yet over. Nobody
 * else's booking, and no cancelled one, learns anything. The reveal is judged by the server's clock
 * for the date (the one the door reads, which only the local stack's tests may move).
 */
export async function yourGroupsFor(
  firestore: Firestore,
  catalogue: Catalogue,
  bookings: readonly BookingRecord[],
  now: number,
): Promise<Map<string, YourGroupView>> {
  const tables = new Map<string, YourGroupView>()
  await Promise.all(
    bookings.map(async (booking) => {
      const event = catalogue.eventById(booking.event_id)
      if (booking.status !== 'confirmed' || !event) return
      const at = await doorNow(firestore, event.id, booking.event_date, now)
      if (eventStartInstant(booking.event_date, event.startTime).getTime() + SHOWN_AFTER_START_MS <= at) return
      tables.set(booking.order_id, await yourGroupOf(firestore, event, booking, at))
    }),
  )
  return tables
}

/** Each paid guest's published group, by order id (empty before a publish): what the door says. */
export async function doorGroups(
  firestore: Firestore,
  event: YaariEvent,
  date: string,
  paid: readonly string[],
): Promise<Map<string, number>> {
  const groups = (await standing(firestore, event, date, paid)) ?? []
  return new Map(groups.flatMap((group) => group.members.map((id) => [id, group.number] as const)))
}

/** A member's group on one paid booking of theirs, as the published groups stand; undefined when none. */
async function groupOn(
  { firestore, catalogue }: Pick<Context, 'firestore' | 'catalogue'>,
  booking: BookingRecord,
): Promise<PublishedGroup | undefined> {
  if (booking.status !== 'confirmed') return undefined
  const event = catalogue.eventById(booking.event_id)
  if (!event) return undefined
  return (await bookingGroup(firestore, event, booking)).group
}

/** The other guests of a member's group (order ids), for the evening after to list first. */
export async function groupMates(
  context: Pick<Context, 'firestore' | 'catalogue'>,
  booking: BookingRecord,
): Promise<Set<string>> {
  const group = await groupOn(context, booking)
  return new Set(group?.members.filter((id) => id !== booking.order_id) ?? [])
}

/** The member's revealed groups for their data export: event, date, group number and what it shared. */
export async function groupsOfMember(
  context: Pick<Context, 'firestore' | 'catalogue' | 'now'>,
  bookings: readonly BookingRecord[],
) {
  const { firestore, catalogue } = context
  const now = nowOf(context)
  const found = await Promise.all(
    bookings
      .filter((booking) => booking.status === 'confirmed')
      .map(async (booking) => {
        const event = catalogue.eventById(booking.event_id)
        if (!event) return []
        // Before its reveal a group is the team's plan, not yet the member's to know (the ticket
        // says only when it is revealed), by the date's clock as the ticket reads it.
        const at = await doorNow(firestore, event.id, booking.event_date, now)
        if (at < revealAt(event, booking.event_date)) return []
        const { group } = await bookingGroup(firestore, event, booking)
        return group
          ? [{ eventId: booking.event_id, eventDate: booking.event_date, group: group.number, shared: group.shared }]
          : []
      }),
  )
  return found.flat()
}

/**
 * The tellGroups job: from a date's reveal until it starts, each paid guest in a published group is
 * told their group is revealed (once per booking; the ticket says who). Today's dates only (IST):
 * a reveal is at most a few hours before the evening.
 */
export async function tellGroups(deps: { firestore: Firestore; catalogue: Catalogue; now?: () => Date }) {
  const { firestore, catalogue } = deps
  const now = (deps.now ?? (() => new Date()))().getTime()
  let told = 0
  // A reveal may come days before its evening (revealHours up to 72): today's dates and the next three.
  const dates = Array.from({ length: 4 }, (_, n) => istToday(new Date(now + n * 86_400_000)))
  for (const event of catalogue.events) {
    for (const date of dates) {
      try {
        told += await tellDate(firestore, event, date, now)
      } catch (error) {
        // One date's trouble (a read that failed) does not keep the others' guests from being told.
        warn('tell-groups-failed', { eventId: event.id, date, error: String(error).slice(0, 300) })
      }
    }
  }
  return { told }
}

/** Tells one date's paid guests in a published group, once each, when its reveal has come. */
async function tellDate(firestore: Firestore, event: YaariEvent, date: string, now: number): Promise<number> {
  const start = eventStartInstant(date, event.startTime).getTime()
  if (now < revealAt(event, date) || now >= start) return 0
  const paid = (await paidBookingsOfDate(firestore, event.id, date)).filter((booking) => booking.user_id !== 'deleted')
  if (paid.length === 0) return 0
  const groups = await standing(
    firestore,
    event,
    date,
    paid.map((booking) => booking.order_id),
  )
  if (!groups) return 0
  let told = 0
  for (const booking of paid) {
    if (!groups.some((known) => known.members.includes(booking.order_id))) continue
    const wrote = await tell(
      firestore,
      {
        id: `${booking.order_id}_group`,
        uid: booking.user_id,
        kind: 'group',
        title: `Your group for ${event.title}`,
        // The day too: a reveal may come up to three days before its evening.
        body: `Groups are revealed: see who you are sitting with on ${formatShortDate(date)} at ${formatTime(event.startTime)}.`,
        url: `/my-bookings/${booking.order_id}`,
        tag: `group-${event.id}-${date}`,
        critical: false,
        until: notificationUntil('group', now, {
          evening: { date, start, end: start + event.durationMinutes * 60_000 },
        }),
      },
      now,
    )
    if (wrote) told += 1
  }
  return told
}
