/**
 * The group planner: a date's paid guests split into small groups (tables). Members are promised
 * a curated small group, so the plan is more than a cut of the list: it keeps apart two members
 * who must never meet (a block either way, an open report), gives a guest with a food need the
 * venue is told about company in it when the date has another, mixes personality types and the
 * two tiers, keeps a group's ages close, seats guests who share interests together and splits
 * those who already sat together without connecting. It proposes; the host decides (moves, locks
 * a group, plans again, publishes: groups-changes.ts), and a locked group is never touched.
 *
 * Here: the guests and the plan as the planner takes and gives them, the groups' sizes and reasons,
 * the plan (`planGroups`) and what a plan breaks (`groupIssues`). How a plan is weighed is in
 * groups-score.ts, how the best one is searched for in groups-search.ts.
 *
 * A group's reason, shown to its members, is the interests they share, never a private field (age,
 * food, personality, tier). Everything here is pure and deterministic: the same guests, in any
 * order, give the same plan (a seeded generator, seeded by the guests, where chance helps).
 */

import type { PriceTier } from './catalogue'
import { hasPair, needOf, pairSet } from './groups-score'
import { arrange } from './groups-search'
import type { FOOD_PREFERENCES, PERSONALITY_TYPES } from './profile-answers'
import { INTEREST_LABELS, INTERESTS } from './profile-choices'

export const GROUP_SIZE_MIN = 4
export const GROUP_SIZE_MAX = 8
export const DEFAULT_GROUP_SIZE = 6

export type Interest = (typeof INTERESTS)[number]

/** A paid guest as the planner sees them: what they told us, less what they asked us not to seat them by. */
export interface GroupGuest {
  /** An opaque key (the service passes booking order ids). */
  id: string
  tier: PriceTier
  /** Absent when the member opted out or did not say. */
  personality?: (typeof PERSONALITY_TYPES)[number]
  /** Empty when the member opted out. */
  interests: readonly Interest[]
  food?: (typeof FOOD_PREFERENCES)[number]
  age?: number
}

export interface PlannerInput {
  guests: readonly GroupGuest[]
  /** The event's target group size, GROUP_SIZE_MIN to GROUP_SIZE_MAX. */
  size: number
  /** Pairs who never share a group (a block either way, an open report): a hard rule. */
  apart: ReadonlyArray<readonly [string, string]>
  /** Pairs who sat together at an earlier evening and did not connect: split up where the plan can. */
  metBefore?: ReadonlyArray<readonly [string, string]>
  /** Groups the host locked: kept as given (members no longer among `guests` dropped); only the other guests are planned. */
  locked?: ReadonlyArray<{ number: number; members: readonly string[] }>
}

export interface PlannedGroup {
  number: number
  members: string[]
  /** The interests at least two of its guests share (sharedInterests). */
  shared: Interest[]
}

export interface GroupPlan {
  groups: PlannedGroup[]
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
const clampSize = (size: number) =>
  Number.isFinite(size) ? Math.min(GROUP_SIZE_MAX, Math.max(GROUP_SIZE_MIN, Math.round(size))) : DEFAULT_GROUP_SIZE

/**
 * The sizes `guestCount` guests are split into for a target of `size`: as many groups as is nearest
 * guestCount / size (ties to fewer) that keeps every group within GROUP_SIZE_MIN..GROUP_SIZE_MAX,
 * as even as can be, larger first. Fewer than GROUP_SIZE_MIN guests make one group.
 */
export function groupSizes(guestCount: number, size: number): number[] {
  const n = Math.max(0, Math.floor(guestCount))
  if (n === 0) return []
  if (n < GROUP_SIZE_MIN) return [n]
  const fewest = Math.ceil(n / GROUP_SIZE_MAX)
  const most = Math.max(1, Math.floor(n / GROUP_SIZE_MIN))
  const k = Math.min(most, Math.max(fewest, Math.ceil(n / clampSize(size) - 0.5)))
  return evenSizes(n, k)
}

/** `n` guests in `k` groups as even as can be, larger first. */
function evenSizes(n: number, k: number): number[] {
  const base = Math.floor(n / k)
  return Array.from({ length: k }, (_, i) => (i < n % k ? base + 1 : base))
}

/** The interests held by at least two of `members`, most widely held first (ties in INTERESTS order), at most three. */
export function sharedInterests(members: readonly GroupGuest[]): Interest[] {
  const counts = new Map<Interest, number>()
  for (const member of members)
    for (const interest of new Set(member.interests)) counts.set(interest, (counts.get(interest) ?? 0) + 1)
  return INTERESTS.filter((interest) => (counts.get(interest) ?? 0) >= 2)
    .sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0) || INTERESTS.indexOf(a) - INTERESTS.indexOf(b))
    .slice(0, 3)
}

/** A group's reason in members' words ("You share Photography and Travel"), or none. */
export function sharedReason(shared: readonly Interest[]): string | undefined {
  const labels = shared.map((interest) => INTEREST_LABELS[interest])
  const last = labels.pop()
  if (last === undefined) return undefined
  return `You share ${labels.length ? `${labels.join(', ')} and ${last}` : last}`
}

/**
 * The date's plan: the locked groups as given (less members no longer among the guests), and the
 * other guests in groups of `groupSizes`, numbered with the lowest numbers the locked groups leave.
 * Guests are taken in id order, so the plan does not depend on the order they come in.
 */
export function planGroups(input: PlannerInput): GroupPlan {
  const known = new Map<string, GroupGuest>()
  for (const guest of [...input.guests].sort((a, b) => byId(a.id, b.id)))
    if (!known.has(guest.id)) known.set(guest.id, guest)
  const placed = new Set<string>()
  const locked = [...(input.locked ?? [])]
    .sort((a, b) => a.number - b.number)
    .map(({ number, members }) => {
      // A member seated already (earlier in this group or in one before) is not seated twice.
      const kept: string[] = []
      for (const id of members)
        if (known.has(id) && !placed.has(id)) {
          kept.push(id)
          placed.add(id)
        }
      return { number, members: kept }
    })
  const free = [...known.values()].filter((guest) => !placed.has(guest.id))
  const apart = pairSet(input.apart)
  const metBefore = pairSet(input.metBefore)
  // A hard rule outranks the size: when no split into `groupSizes` keeps every apart pair apart (a
  // small date in one group, say), one more group at a time, as even as can be.
  let sizes = groupSizes(free.length, input.size)
  let arranged = arrange(free, sizes, apart, metBefore)
  const apartInside = (groups: number[][]) =>
    groups.some((members) =>
      members.some((i, at) => members.slice(at + 1).some((j) => hasPair(apart, free[i]!.id, free[j]!.id))),
    )
  while (apartInside(arranged) && sizes.length < free.length) {
    sizes = evenSizes(free.length, sizes.length + 1)
    arranged = arrange(free, sizes, apart, metBefore)
  }
  const taken = new Set(locked.map((group) => group.number))
  const numbers: number[] = []
  for (let number = 1; numbers.length < sizes.length; number++) if (!taken.has(number)) numbers.push(number)
  const planned = arranged.map((members, g) => ({
    number: numbers[g]!,
    members: members.map((i) => free[i]!.id),
  }))
  const seats = (members: readonly string[]) => members.flatMap((id) => known.get(id) ?? [])
  return {
    groups: [...locked, ...planned]
      .sort((a, b) => a.number - b.number)
      .map((group) => ({ ...group, shared: sharedInterests(seats(group.members)) })),
  }
}

/** Counts of what a plan breaks: apart pairs in one group, guests alone with a food need, groups out of size bounds. */
export function groupIssues(
  plan: GroupPlan,
  input: PlannerInput,
): { apartTogether: number; loneFoodNeeds: number; sizeOutOfBounds: number } {
  const known = new Map(input.guests.map((guest) => [guest.id, guest]))
  const needCount = [0, 0, 0]
  for (const guest of known.values()) if (needOf(guest) >= 0) needCount[needOf(guest)]!++
  const apart = pairSet(input.apart)
  let apartTogether = 0
  let loneFoodNeeds = 0
  let sizeOutOfBounds = 0
  for (const group of plan.groups) {
    const members = [...new Set(group.members)]
    for (let x = 0; x < members.length; x++)
      for (let y = x + 1; y < members.length; y++) if (hasPair(apart, members[x]!, members[y]!)) apartTogether++
    const needs = [0, 0, 0]
    for (const id of members) if (needOf(known.get(id)) >= 0) needs[needOf(known.get(id))]!++
    needs.forEach((count, f) => {
      if (count === 1 && needCount[f]! >= 2) loneFoodNeeds++
    })
    if (
      known.size >= GROUP_SIZE_MIN &&
      (group.members.length < GROUP_SIZE_MIN || group.members.length > GROUP_SIZE_MAX)
    )
      sizeOutOfBounds++
  }
  return { apartTogether, loneFoodNeeds, sizeOutOfBounds }
}
