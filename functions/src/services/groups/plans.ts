/**
 * A date's groups: seatings/{eventId}_{date} holds the host's plan (groups of booking order ids,
 * each perhaps locked) and what was last published. The host plans, moves, locks, re-plans and
 * publishes (`changeGroups`, each change audited, a change made by someone else meanwhile refused);
 * members see only what was published, at the reveal (published.ts).
 *
 * Nothing here writes on a read: a guest who cancelled leaves a gap, and a guest who paid after the
 * plan joins a group with room, as `withLateGuests` computes it the same way for every reader.
 */
import type { YaariEvent } from '@yaari/domain/catalogue'
import { type changeGroupsCall, GROUP_MESSAGES, type GroupChange, groupSettingsOf } from '@yaari/domain/groups'
import { moveProblem } from '@yaari/domain/groups-changes'
import { planGroups, sharedInterests } from '@yaari/domain/groups-planner'
import { HOST_MESSAGES } from '@yaari/domain/host'
import { eventStartInstant } from '@yaari/domain/schedule'
import type { Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import { isAlreadyExists, isFailedPrecondition } from '../../lib/claims'
import { dateCall, type HostCall } from '../../lib/context'
import { isDateCancelled } from '../../lib/data/cancelled-dates'
import {
  type GroupPlanRead,
  type GroupPlanRecord,
  type PlanGroup,
  readGroupPlanForChange,
  writeGroupPlanInBatch,
} from '../../lib/data/seatings'
import { doorNow } from '../../lib/data/stack-clocks'
import { type Actor, actorName, auditInBatch, onDate, recordAudit } from '../audit'
import { type DateGuests, dateGuests } from './guests'
import { asTheyStand, groupsView, sameGroups, seatsOf } from './view'

/** The groups after `change`, or a refusal in the host's words. */
function changed(
  change: GroupChange,
  groups: PlanGroup[],
  guests: DateGuests,
  size: number,
): { groups: PlanGroup[]; publish?: true } {
  if (change.kind === 'plan') {
    const locked = groups.filter((group) => group.locked && group.members.length > 0)
    const plan = planGroups({
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
export const changeGroups: HostCall<typeof changeGroupsCall> = async (context, actor, input) => {
  const { firestore, event, now } = dateCall(context, input)
  const date = input.eventDate
  // The date's clock (the one the door and the reveal read): the server's, never the phone's.
  if (eventStartInstant(date, event.startTime).getTime() <= (await doorNow(firestore, event.id, date, now)))
    throw new HttpsError('failed-precondition', HOST_MESSAGES.datePassed)
  if (await isDateCancelled(firestore, event.id, date))
    throw new HttpsError('failed-precondition', HOST_MESSAGES.dateCancelled)
  const { size } = groupSettingsOf(event)
  const [read, guests] = await Promise.all([
    readGroupPlanForChange(firestore, event.id, date),
    dateGuests(firestore, event, date, { plan: input.change.kind === 'plan' }),
  ])
  const { record } = read
  // Groups no reader can see (written by hand, an older shape) are never written over: members may hold a published one.
  if (read.version.exists && !record) throw new HttpsError('failed-precondition', GROUP_MESSAGES.unreadable)
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
    await write(firestore, read, next, actor, event, input.change, now)
  }
  return { dateGroups: await groupsView(firestore, event, date, next, guests), changed: isChange }
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
  read: GroupPlanRead,
  record: GroupPlanRecord,
  actor: Actor,
  event: YaariEvent,
  change: GroupChange,
  now: number,
) {
  const batch = firestore.batch()
  writeGroupPlanInBatch(batch, read, record, now)
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
