/**
 * A date's groups: seatings/{eventId}_{date} holds the host's plan (groups of booking order ids,
 * each perhaps locked) and what was last published. The host plans, moves, locks, re-plans and
 * publishes (`changeSeating`, each change audited, a change made by someone else meanwhile refused);
 * members see only what was published, at the reveal (tables.ts).
 *
 * Nothing here writes on a read: a guest who cancelled leaves a gap, and a guest who paid after the
 * plan joins a group with room, as `withLateGuests` computes it the same way for every reader.
 */
import type { RequestOf } from '@yaari/domain/callable'
import type { YaariEvent } from '@yaari/domain/catalogue'
import {
  type changeSeatingCall,
  GROUP_MESSAGES,
  type GroupView,
  revealAt,
  type SeatingChange,
  type SeatingView,
  type StoredGroup,
  seatingOf,
  withLateGuests,
} from '@yaari/domain/groups'
import { HOST_MESSAGES } from '@yaari/domain/host'
import { eventStartInstant } from '@yaari/domain/schedule'
import { type Interest, planSeating, seatingIssues, sharedInterests } from '@yaari/domain/seating'
import { moveProblem } from '@yaari/domain/seating-changes'
import { FOOD_NEEDS } from '@yaari/domain/seating-score'
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import { isAlreadyExists, isFailedPrecondition } from '../../lib/claims'
import { doorNow } from '../../lib/clock'
import { collectionOf } from '../../lib/collections'
import { type BookingRecord, bookingRecords, bookingRef } from '../../lib/data/bookings'
import { reader } from '../../lib/documents'
import { isDateCancelled } from '../../lib/records'
import { expiry } from '../../lib/retention'
import { type Actor, actorName, auditInBatch, onDate, recordAudit } from '../audit'
import { type DateGuests, dateGuests, firstNameOfBooking } from './guests'

interface PlanGroup extends StoredGroup {
  locked: boolean
}
export interface PublishedGroup extends StoredGroup {
  /** The interests at least two of its guests share (of those who let us seat them by them). */
  shared: Interest[]
}

/** seatings/{eventId}_{date}. */
interface SeatingRecord {
  event_id: string
  event_date: string
  city: string
  groups: PlanGroup[]
  published: { at: number; by: string; groups: PublishedGroup[] } | null
  updated_at: number
  updated_by: string
}

const seatingRef = (firestore: Firestore, eventId: string, date: string) =>
  collectionOf(firestore, 'seatings').doc(`${eventId}_${date}`)
const seatingRecords = reader<SeatingRecord>()
export const readSeating = async (firestore: Firestore, eventId: string, date: string) =>
  seatingRecords.one(await seatingRef(firestore, eventId, date).get())

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

const seatsOf = (members: readonly string[], guests: DateGuests) =>
  members.flatMap((id) => guests.byOrder.get(id)?.seat ?? [])

const sameGroups = (a: readonly StoredGroup[], b: readonly StoredGroup[]) => {
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
  const issues = seatingIssues(
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
async function seatingView(
  firestore: Firestore,
  event: YaariEvent,
  date: string,
  record: SeatingRecord | undefined,
  guests: DateGuests,
): Promise<SeatingView> {
  const { size } = seatingOf(event)
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

/** getSeating: the date's groups as the host's console shows them. */
export async function getSeating(
  firestore: Firestore,
  event: YaariEvent,
  input: { eventDate: string },
): Promise<{ seating: SeatingView }> {
  const [record, guests] = await Promise.all([
    readSeating(firestore, event.id, input.eventDate),
    dateGuests(firestore, event, input.eventDate),
  ])
  return { seating: await seatingView(firestore, event, input.eventDate, record, guests) }
}

/** The groups after `change`, or a refusal in the host's words. */
function changed(
  change: SeatingChange,
  groups: PlanGroup[],
  guests: DateGuests,
  size: number,
): { groups: PlanGroup[]; publish?: true } {
  if (change.kind === 'plan') {
    const locked = groups.filter((group) => group.locked && group.members.length > 0)
    const plan = planSeating({
      guests: guests.guests.map((guest) => guest.seat),
      size,
      apart: guests.apart,
      metBefore: guests.metBefore,
      locked,
    })
    const isLocked = new Set(locked.map((group) => group.number))
    return { groups: plan.groups.map(({ number, members }) => ({ number, members, locked: isLocked.has(number) })) }
  }
  if (groups.length === 0) throw new HttpsError('failed-precondition', GROUP_MESSAGES.noPlan)
  if (change.kind === 'publish') return { groups, publish: true }
  const target = groups.find((group) => group.number === change.group)
  if (!target) throw new HttpsError('invalid-argument', GROUP_MESSAGES.noGroup)
  if (change.kind === 'lock')
    return { groups: groups.map((group) => (group === target ? { ...group, locked: change.locked } : group)) }
  if (!guests.byOrder.has(change.orderId)) throw new HttpsError('invalid-argument', GROUP_MESSAGES.unknownGuest)
  const source = groups.find((group) => group.members.includes(change.orderId))
  if (source === target) return { groups }
  if (target.locked || source?.locked) throw new HttpsError('failed-precondition', GROUP_MESSAGES.locked)
  const problem = moveProblem(
    { groups: groups.map((group) => ({ ...group, shared: [] })) },
    change.orderId,
    target.number,
    guests.apart,
  )
  if (problem) throw new HttpsError('failed-precondition', problem)
  return {
    // A group its last guest left is no group (unless the host locked it).
    groups: groups
      .map((group) => ({
        ...group,
        members:
          group === target ? [...group.members, change.orderId] : group.members.filter((id) => id !== change.orderId),
      }))
      .filter((group) => group.members.length > 0 || group.locked),
  }
}

/** A host's change to a date's groups, refused once the date has started or when it is cancelled. */
export async function changeSeating(
  firestore: Firestore,
  actor: Actor,
  event: YaariEvent,
  input: RequestOf<typeof changeSeatingCall>,
  now: number,
): Promise<{ seating: SeatingView; changed: boolean }> {
  const date = input.eventDate
  // The date's clock (the one the door and the reveal read): the server's, never the phone's.
  if (eventStartInstant(date, event.startTime).getTime() <= (await doorNow(firestore, event.id, date, now)))
    throw new HttpsError('failed-precondition', HOST_MESSAGES.datePassed)
  if (await isDateCancelled(firestore, event.id, date))
    throw new HttpsError('failed-precondition', HOST_MESSAGES.dateCancelled)
  const { size } = seatingOf(event)
  const ref = seatingRef(firestore, event.id, date)
  const [snapshot, guests] = await Promise.all([
    ref.get(),
    dateGuests(firestore, event, date, { plan: input.change.kind === 'plan' }),
  ])
  const record = seatingRecords.one(snapshot)
  // A change is made to the groups the host last saw: another host's change since is refused.
  if ((record?.updated_at ?? 0) !== input.version) throw new HttpsError('aborted', GROUP_MESSAGES.busy)
  const before = record ? asTheyStand(record.groups, guests, size, record.published?.groups) : []
  let after: ReturnType<typeof changed>
  try {
    after = changed(input.change, before, guests, size)
  } catch (error) {
    // A move refused for a pair kept apart says something private: who tried is on the record.
    if (input.change.kind === 'move' && error instanceof HttpsError && error.message === GROUP_MESSAGES.apart)
      await recordAudit(firestore, actor, {
        action: 'move-guest',
        about: onDate(event, date),
        change: { orderId: input.change.orderId, group: input.change.group, refused: 'kept apart' },
        at: now,
      })
    throw error
  }
  const published = after.publish
    ? {
        at: now,
        by: actorName(actor),
        groups: after.groups.map(({ number, members }) => ({
          number,
          members,
          shared: sharedInterests(seatsOf(members, guests)),
        })),
      }
    : (record?.published ?? null)
  const isChange =
    after.publish ||
    !record ||
    !sameGroups(after.groups, record.groups) ||
    after.groups.some((group) => group.locked !== before.find((b) => b.number === group.number)?.locked)
  let next = record
  if (isChange) {
    next = {
      event_id: event.id,
      event_date: date,
      city: event.city,
      groups: after.groups.map(({ number, members, locked }) => ({ number, members, locked })),
      published,
      updated_at: now,
      updated_by: actorName(actor),
    }
    await write(firestore, snapshot, next, actor, event, input.change, now)
  }
  return { seating: await seatingView(firestore, event, date, next, guests), changed: isChange }
}

const AUDIT_ACTIONS = {
  plan: 'plan-groups',
  move: 'move-guest',
  lock: 'lock-group',
  publish: 'publish-groups',
} as const

/** Writes the plan with its audit line, unless someone else changed it since it was read. */
async function write(
  firestore: Firestore,
  snapshot: DocumentSnapshot,
  record: SeatingRecord,
  actor: Actor,
  event: YaariEvent,
  change: SeatingChange,
  now: number,
) {
  const batch = firestore.batch()
  const data = { ...record, ...expiry('seatings', now, record.event_date) }
  if (snapshot.exists && snapshot.updateTime) batch.update(snapshot.ref, data, { lastUpdateTime: snapshot.updateTime })
  else batch.create(snapshot.ref, data)
  const { kind: _kind, ...details } = change
  auditInBatch(batch, firestore, actor, {
    action: AUDIT_ACTIONS[change.kind],
    about: onDate(event, record.event_date),
    change: { ...details, groups: record.groups.length },
    at: now,
  })
  try {
    await batch.commit()
  } catch (error) {
    // Updated meanwhile (the update's precondition), or created meanwhile: what the host saw is gone.
    throw isFailedPrecondition(error) || isAlreadyExists(error) ? new HttpsError('aborted', GROUP_MESSAGES.busy) : error
  }
}
