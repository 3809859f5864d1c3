/**
 * A date's groups as the host and the member see them: the host plans the paid guests into groups
 * (the planner in groups-planner.ts proposes, the host moves, locks, re-plans and publishes); each member
 * learns their own group at the reveal, a number of hours before the start, on their ticket.
 *
 * What the members see is the published plan as it stands: a guest who cancelled leaves a gap
 * (never shown), and a guest who paid after the publish joins a group with room (`withLateGuests`,
 * computed the same way by every reader, so the host, the door and the member agree without a write).
 */
import * as v from 'valibot'
import { contract } from './callable'
import type { YaariEvent } from './catalogue'
import { placeLate } from './groups-changes'
import { DEFAULT_GROUP_SIZE, type GroupGuest, type Interest, type PlannerInput } from './groups-planner'
import { dateScoped, HOST_MESSAGES, hostDateSchema } from './host/schemas'
import { eventStartInstant } from './schedule'

/** Hours before the start that a member's group is revealed, unless the event says otherwise. */
export const DEFAULT_REVEAL_HOURS = 2

export const GROUP_MESSAGES = {
  noPlan: 'Plan the groups first.',
  unknownGuest: 'This guest has no paid seat on this date.',
  locked: 'This group is locked: unlock it to change it.',
  apart: 'This guest cannot sit with someone in that group.',
  noGroup: 'No such group.',
  busy: 'Someone else changed these groups since you opened them: they are shown again as they now stand.',
  unreadable: 'These groups could not be read, so nothing was changed. Please tell the team.',
  apartHere: 'Two guests here must not share a group: move one of them, or re-plan.',
  loneFoodHere: 'A guest here is the only one with their food need while another guest shares it: move them together.',
} as const

/** The group size and reveal an event plans its dates with. */
export function groupSettingsOf(event: Pick<YaariEvent, 'tableSize' | 'revealHours'>) {
  return { size: event.tableSize ?? DEFAULT_GROUP_SIZE, revealHours: event.revealHours ?? DEFAULT_REVEAL_HOURS }
}

/** When a date's groups are revealed to its guests (ms since the epoch). */
export function revealAt(event: Pick<YaariEvent, 'tableSize' | 'revealHours' | 'startTime'>, date: string): number {
  return eventStartInstant(date, event.startTime).getTime() - groupSettingsOf(event).revealHours * 3_600_000
}

/** A group as stored: its number and its guests (booking order ids). */
export interface StoredGroup {
  number: number
  members: string[]
}

const isLocked = (group: StoredGroup) => (group as { locked?: unknown }).locked === true

/**
 * The groups as they stand for the date's paid guests (`paid`, in the order they paid): a guest no
 * longer paid leaves a gap, and each paid guest in none joins a group with room, one at a time in
 * that order, by the planner's rules (scored against the guests already seated).
 */
export function withLateGuests<G extends StoredGroup>(
  groups: readonly G[],
  paid: readonly GroupGuest[],
  rules: Pick<PlannerInput, 'size' | 'apart'>,
): (G & { late: string[] })[] {
  const ids = new Set(paid.map((guest) => guest.id))
  const kept = groups.map((group) => ({
    ...group,
    members: group.members.filter((id) => ids.has(id)),
    late: [] as string[],
  }))
  const seated = new Set(kept.flatMap((group) => group.members))
  // A locked group is the host's as it is: a late guest joins one only when every group is locked.
  const open = kept.some((group) => !isLocked(group)) ? kept.filter((group) => !isLocked(group)) : kept
  for (const guest of paid) {
    if (seated.has(guest.id)) continue
    const plan = { groups: open.map(({ number, members }) => ({ number, members, shared: [] })) }
    const group = kept.find((known) => known.number === placeLate(plan, guest, { guests: paid, ...rules }))
    if (!group) break
    group.members = [...group.members, guest.id]
    group.late.push(guest.id)
    seated.add(guest.id)
  }
  return kept
}

/** A guest as the host's Groups section lists them: never their age, personality or relationship status. */
interface GroupGuestView {
  orderId: string
  name: string
  /** A food preference the venue is told about (vegetarian, vegan, jain). */
  food?: string
}

export interface GroupView {
  number: number
  locked: boolean
  /** A rule this group breaks (a late booking, a block since the plan, a host's move), for the host to fix. */
  warning?: string
  guests: GroupGuestView[]
  /** Why it is a group, in the words members read ("You share Photography and Travel"). */
  shared: Interest[]
  girls: number
  boys: number
}

/** The host's view of a date's groups. */
export interface GroupsView {
  eventId: string
  eventDate: string
  /** Which saved plan this is: a change names it, and is refused if another change came since. */
  version: number
  size: number
  revealAt: string
  /** No plan yet, a plan not yet published, or published (perhaps changed since). */
  status: 'none' | 'draft' | 'published'
  groups: GroupView[]
  /** The host's plan differs from what members were shown. */
  unpublishedChanges: boolean
  publishedAt?: string
  /** What changed since publishing without the host: a booking made after it, a seat cancelled. */
  changes: string[]
}

const groupNumber = v.pipe(
  v.number('group must be a number'),
  v.integer('group must be a whole number'),
  v.minValue(1, GROUP_MESSAGES.noGroup),
  v.maxValue(60, GROUP_MESSAGES.noGroup),
)

/** What a host does to a date's groups. */
export const groupChangeSchema = dateScoped({
  version: v.pipe(
    v.number('version must be a number'),
    v.integer('version must be a whole number'),
    v.minValue(0, 'version must be 0 or more'),
  ),
  change: v.variant(
    'kind',
    [
      /** Plan (or re-plan) every group that is not locked. */
      v.strictObject({ kind: v.literal('plan') }),
      v.strictObject({
        kind: v.literal('move'),
        orderId: v.pipe(v.string('orderId must be text'), v.regex(/^[\w-]{1,64}$/, 'orderId is not a booking')),
        group: groupNumber,
      }),
      v.strictObject({
        kind: v.literal('lock'),
        group: groupNumber,
        locked: v.boolean('locked must be true or false'),
      }),
      /** Members see the plan as it now stands, at the reveal. */
      v.strictObject({ kind: v.literal('publish') }),
    ],
    'change must be plan, move, lock or publish',
  ),
})
export type GroupChange = v.InferOutput<typeof groupChangeSchema>['change']

export const getGroupsCall = contract<typeof hostDateSchema, { dateGroups: GroupsView }>('getGroups', hostDateSchema, [
  HOST_MESSAGES,
  GROUP_MESSAGES,
])
export const changeGroupsCall = contract<typeof groupChangeSchema, { dateGroups: GroupsView; changed: boolean }>(
  'changeGroups',
  groupChangeSchema,
  [HOST_MESSAGES, GROUP_MESSAGES],
)

export const GROUP_CALLABLES = [getGroupsCall, changeGroupsCall] as const
