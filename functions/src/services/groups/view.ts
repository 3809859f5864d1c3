/**
 * A date's groups as a host reads them (getGroups): the plan as it stands for the paid guests, each
 * group's guests and what to watch for, and what changed since publishing that the host did not do.
 * Reads only: a guest who cancelled leaves a gap, one who paid later joins a group with room.
 */
import type { YaariEvent } from '@yaari/domain/catalogue'
import {
  GROUP_MESSAGES,
  type GroupsView,
  type GroupView,
  groupSettingsOf,
  revealAt,
  type StoredGroup,
  withLateGuests,
} from '@yaari/domain/groups'
import { groupIssues, sharedInterests } from '@yaari/domain/groups-planner'
import { FOOD_NEEDS } from '@yaari/domain/groups-score'
import type { Firestore } from 'firebase-admin/firestore'
import { type Context, eventOf } from '../../lib/context'
import { type BookingRecord, bookingRecords, bookingRef } from '../../lib/data/bookings'
import { type GroupPlanRecord, type PlanGroup, type PublishedGroup, readGroupPlan } from '../../lib/data/seatings'
import { type DateGuests, dateGuests, firstNameOfBooking } from './guests'

/**
 * `groups` as they stand for the date's paid guests: gaps where a guest cancelled, latecomers placed.
 * Given what was published, the host's plan places a guest who paid after the publish in the group
 * the members' view (and the door) places them in, where the plan has that group open.
 */
export function asTheyStand<G extends StoredGroup & { locked?: boolean }>(
  groups: readonly G[],
  guests: DateGuests,
  size: number,
  published?: readonly StoredGroup[],
) {
  const rules = { size, apart: guests.apart }
  const seats = guests.guests.map((guest) => guest.seat)
  if (!published) return withLateGuests(groups, seats, rules)
  const shown = new Map(
    withLateGuests(published, seats, rules).flatMap((group) => group.late.map((id) => [id, group.number] as const)),
  )
  const planned = new Set(groups.flatMap((group) => group.members))
  const placed = groups.map((group) => ({
    ...group,
    members: group.locked
      ? group.members
      : [
          ...group.members,
          ...[...shown].filter(([id, number]) => number === group.number && !planned.has(id)).map(([id]) => id),
        ],
  }))
  return withLateGuests(placed, seats, rules)
}

export const seatsOf = (members: readonly string[], guests: DateGuests) =>
  members.flatMap((id) => guests.byOrder.get(id)?.seat ?? [])

export const sameGroups = (a: readonly StoredGroup[], b: readonly StoredGroup[]) => {
  const key = (groups: readonly StoredGroup[]) =>
    JSON.stringify([...groups].sort((x, y) => x.number - y.number).map((g) => [g.number, [...g.members].sort()]))
  return key(a) === key(b)
}

/** What changed since publishing that the host did not do: a seat cancelled, a guest who paid after. */
async function changesSincePublished(
  firestore: Firestore,
  published: readonly PublishedGroup[],
  guests: DateGuests,
  size: number,
): Promise<string[]> {
  const standing = asTheyStand(published, guests, size)
  const gone = published.flatMap((group) =>
    group.members.filter((id) => !guests.byOrder.has(id)).map((id) => ({ id, number: group.number })),
  )
  const left =
    gone.length > 0
      ? (await firestore.getAll(...gone.map(({ id }) => bookingRef(firestore, id)))).flatMap(
          (doc) => bookingRecords.one(doc) ?? [],
        )
      : []
  const nameOf = (id: string, records: readonly BookingRecord[]) => {
    const booking = records.find((known) => known.order_id === id)
    return booking ? firstNameOfBooking(booking) : 'A guest'
  }
  return [
    ...gone.map(({ id, number }) => `${nameOf(id, left)} cancelled: group ${number} has a free seat.`),
    ...standing.flatMap((group) =>
      group.late.map(
        (id) =>
          `${guests.byOrder.get(id)?.firstName ?? 'A guest'} booked after publishing and joins group ${group.number}.`,
      ),
    ),
  ]
}

/** What a group breaks, in the host's words (never who blocked or reported whom). */
function warningOf(group: PlanGroup, guests: DateGuests): string | undefined {
  const issues = groupIssues(
    { groups: [{ ...group, shared: [] }] },
    { guests: guests.guests.map((guest) => guest.seat), size: 0, apart: guests.apart },
  )
  if (issues.apartTogether > 0) return GROUP_MESSAGES.apartHere
  if (issues.loneFoodNeeds > 0) return GROUP_MESSAGES.loneFoodHere
  return undefined
}

function groupView(group: PlanGroup, guests: DateGuests): GroupView {
  const members = group.members.flatMap((id) => guests.byOrder.get(id) ?? [])
  const needs: readonly string[] = FOOD_NEEDS
  const warning = warningOf(group, guests)
  return {
    number: group.number,
    locked: group.locked,
    ...(warning ? { warning } : {}),
    guests: members.map((guest) => ({
      orderId: guest.booking.order_id,
      name: guest.name,
      ...(guest.seat.food && needs.includes(guest.seat.food) ? { food: guest.seat.food } : {}),
    })),
    shared: sharedInterests(members.map((guest) => guest.seat)),
    girls: members.filter((guest) => guest.seat.tier === 'girls').length,
    boys: members.filter((guest) => guest.seat.tier === 'boys').length,
  }
}

/** The host's view of a date's groups, as they stand. */
export async function groupsView(
  firestore: Firestore,
  event: YaariEvent,
  date: string,
  record: GroupPlanRecord | undefined,
  guests: DateGuests,
): Promise<GroupsView> {
  const { size } = groupSettingsOf(event)
  const published = record?.published
  const groups = record ? asTheyStand(record.groups, guests, size, published?.groups) : []
  return {
    eventId: event.id,
    eventDate: date,
    version: record?.updated_at ?? 0,
    size,
    revealAt: new Date(revealAt(event, date)).toISOString(),
    status: !record || record.groups.length === 0 ? 'none' : published ? 'published' : 'draft',
    groups: groups.map((group) => groupView(group, guests)),
    unpublishedChanges: published ? !sameGroups(groups, asTheyStand(published.groups, guests, size)) : false,
    ...(published ? { publishedAt: new Date(published.at).toISOString() } : {}),
    changes: published ? await changesSincePublished(firestore, published.groups, guests, size) : [],
  }
}

/** getGroups: the date's groups as the host's console shows them. */
export async function getGroups(
  context: Context,
  _host: unknown,
  input: { eventId: string; eventDate: string },
): Promise<{ dateGroups: GroupsView }> {
  const { firestore } = context
  const event = eventOf(context, input.eventId)
  const [record, guests] = await Promise.all([
    readGroupPlan(firestore, event.id, input.eventDate),
    dateGuests(firestore, event, input.eventDate),
  ])
  return { dateGroups: await groupsView(firestore, event, input.eventDate, record, guests) }
}
