/**
 * The seating planner: a date's paid guests split into small groups (tables). Members are promised
 * a curated small group, so the plan is more than a cut of the list: it keeps apart two members
 * who must never meet (a block either way, an open report), gives a guest with a food need the
 * venue is told about company in it when the date has another, mixes personality types and the
 * two tiers, keeps a group's ages close, seats guests who share interests together and splits
 * those who already sat together without connecting. It proposes; the host decides (moves, locks
 * a group, plans again, publishes), and a locked group is never touched.
 *
 * A group's reason, shown to its members, is the interests they share, never a private field (age,
 * food, personality, tier). Everything here is pure and deterministic: the same guests, in any
 * order, give the same plan (a seeded generator, seeded by the guests, where chance helps).
 */
import type { FOOD_PREFERENCES, PERSONALITY_TYPES } from './booking'
import type { PriceTier } from './catalogue'
import { INTEREST_LABELS, INTERESTS } from './profile'
import { seededRandom, seedOf } from './random'

export const GROUP_SIZE_MIN = 4
export const GROUP_SIZE_MAX = 8
export const DEFAULT_GROUP_SIZE = 6
/** A group's ages are kept within this many years of each other where the date allows. */
export const AGE_SPREAD_YEARS = 12
/** Food preferences a venue is told about: nobody with one is the only one of it in a group when another guest of the date shares it. */
export const FOOD_NEEDS = ['vegetarian', 'vegan', 'jain'] as const

export type Interest = (typeof INTERESTS)[number]

/** A paid guest as the planner sees them: what they told us, less what they asked us not to seat them by. */
export interface SeatingGuest {
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

export interface SeatingInput {
  guests: readonly SeatingGuest[]
  /** The event's target group size, GROUP_SIZE_MIN to GROUP_SIZE_MAX. */
  size: number
  /** Pairs who never share a group (a block either way, an open report): a hard rule. */
  apart: ReadonlyArray<readonly [string, string]>
  /** Pairs who sat together at an earlier evening and did not connect: split up where the plan can. */
  metBefore?: ReadonlyArray<readonly [string, string]>
  /** Groups the host locked: kept as given (members no longer among `guests` dropped); only the other guests are planned. */
  locked?: ReadonlyArray<{ number: number; members: readonly string[] }>
}

export interface SeatingGroup {
  number: number
  members: string[]
  /** The interests at least two of its guests share (sharedInterests). */
  shared: Interest[]
}

export interface SeatingPlan {
  groups: SeatingGroup[]
}

// The plan's score: the sum over groups, higher is better. A hard rule outweighs everything, a lone
// food need everything soft; the soft terms are weighed against each other.
/** An apart pair in one group. */
const HARD = 1_000_000
/** A guest alone with a food need another guest of the date shares. */
const LONE_FOOD = 10_000
/** Per interest two guests of a group share. */
const SHARED = 2
/** Two guests who met before and did not connect, in one group. */
const MET_BEFORE = 30
/** A group of only introverts or only extroverts, when the date could mix it. */
const ONE_SIDED = 25
/** A group with no extrovert or no introvert, when the date has both (ambiverts mix, but both ends mix more). */
const BOTH_ENDS = 10
/** Per squared seat a group's girls are off the date's share. */
const TIER = 12
/** Per year a group's age range is over AGE_SPREAD_YEARS, and per year of range. */
const AGE_OVER = 6
const AGE_RANGE = 0.25

/** Swap passes of the local search, and rounds of shaking it out of a local best. */
const MAX_PASSES = 40
/** Swaps weighed in all (a large date stops improving sooner; 60 guests stay well inside it). */
const MAX_EVALUATIONS = 1_500_000
const SOFT_ROUNDS = 3
const HARD_ROUNDS = 40

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
export function sharedInterests(members: readonly SeatingGuest[]): Interest[] {
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

/** Food need of a guest as an index into FOOD_NEEDS, or -1. */
const needOf = (guest: SeatingGuest | undefined) => {
  const needs: readonly string[] = FOOD_NEEDS
  return guest?.food ? needs.indexOf(guest.food) : -1
}

/** A set of unordered pairs, by "a\nb" with a < b. */
function pairSet(pairs: ReadonlyArray<readonly [string, string]> | undefined): Set<string> {
  const set = new Set<string>()
  for (const [a, b] of pairs ?? []) if (a !== b) set.add(a < b ? `${a}\n${b}` : `${b}\n${a}`)
  return set
}
const hasPair = (set: ReadonlySet<string>, a: string, b: string) => set.has(a < b ? `${a}\n${b}` : `${b}\n${a}`)

const bitCount = (x: number) => {
  let v = x - ((x >>> 1) & 0x55555555)
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}
const interestMask = (guest: SeatingGuest) =>
  guest.interests.reduce((mask, interest) => {
    const at = INTERESTS.indexOf(interest)
    return at < 0 ? mask : mask | (1 << at)
  }, 0)

/**
 * The guests to plan as arrays (index = place in id order), with the score of one group: the pair
 * terms (shared interests, met before, apart) from a matrix, the rest (food, personality, tier, age)
 * from the group's counts, each computed for the group with one guest swapped for another.
 */
function scorer(guests: readonly SeatingGuest[], apart: ReadonlySet<string>, metBefore: ReadonlySet<string>) {
  const n = guests.length
  const pair = new Float64Array(n * n)
  const masks = guests.map(interestMask)
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const a = guests[i]!.id
      const b = guests[j]!.id
      const value =
        SHARED * bitCount(masks[i]! & masks[j]!) -
        (hasPair(metBefore, a, b) ? MET_BEFORE : 0) -
        (hasPair(apart, a, b) ? HARD : 0)
      pair[i * n + j] = value
      pair[j * n + i] = value
    }
  const need = Int8Array.from(guests, needOf)
  const needCount = [0, 0, 0]
  for (const f of need) if (f >= 0) needCount[f]!++
  /** 1 extrovert, 2 introvert, 3 ambivert, 0 not said. */
  const personality = Int8Array.from(guests, (guest) =>
    guest.personality === 'extrovert' ? 1 : guest.personality === 'introvert' ? 2 : guest.personality ? 3 : 0,
  )
  const kinds = new Set(personality)
  const canMix = kinds.has(3) || (kinds.has(1) && kinds.has(2))
  const hasBothEnds = kinds.has(1) && kinds.has(2)
  const girl = Int8Array.from(guests, (guest) => (guest.tier === 'girls' ? 1 : 0))
  const girlsShare = n ? girl.reduce((sum, x) => sum + x, 0) / n : 0
  const age = Float64Array.from(guests, (guest) =>
    typeof guest.age === 'number' && Number.isFinite(guest.age) ? guest.age : Number.NaN,
  )

  /** The non-pair terms of `members` with `out` replaced by `inn` (pass -1 for no swap). */
  function extras(members: Int32Array, out: number, inn: number): number {
    let needs0 = 0
    let needs1 = 0
    let needs2 = 0
    let extro = 0
    let intro = 0
    let ambi = 0
    let girls = 0
    let low = Number.POSITIVE_INFINITY
    let high = Number.NEGATIVE_INFINITY
    for (let k = 0; k < members.length; k++) {
      const m = members[k] === out ? inn : members[k]!
      const f = need[m]!
      if (f === 0) needs0++
      else if (f === 1) needs1++
      else if (f === 2) needs2++
      const p = personality[m]!
      if (p === 1) extro++
      else if (p === 2) intro++
      else if (p === 3) ambi++
      girls += girl[m]!
      const years = age[m]!
      if (!Number.isNaN(years)) {
        if (years < low) low = years
        if (years > high) high = years
      }
    }
    let score = 0
    if (needs0 === 1 && needCount[0]! >= 2) score -= LONE_FOOD
    if (needs1 === 1 && needCount[1]! >= 2) score -= LONE_FOOD
    if (needs2 === 1 && needCount[2]! >= 2) score -= LONE_FOOD
    if (canMix && ambi === 0 && extro + intro >= 2 && (extro === 0 || intro === 0)) score -= ONE_SIDED
    if (hasBothEnds && (extro === 0 || intro === 0)) score -= BOTH_ENDS
    const off = girls - girlsShare * members.length
    score -= TIER * off * off
    if (high >= low) {
      const range = high - low
      score -= AGE_RANGE * range + (range > AGE_SPREAD_YEARS ? AGE_OVER * (range - AGE_SPREAD_YEARS) : 0)
    }
    return score
  }

  /** The pair terms of `members`. */
  function pairs(members: Int32Array): number {
    let sum = 0
    for (let x = 0; x < members.length; x++)
      for (let y = x + 1; y < members.length; y++) sum += pair[members[x]! * n + members[y]!]!
    return sum
  }

  /** How the pair terms of `members` change with `out` replaced by `inn`. */
  function pairsChange(members: Int32Array, out: number, inn: number): number {
    let sum = 0
    for (let k = 0; k < members.length; k++) {
      const m = members[k]!
      if (m !== out) sum += pair[inn * n + m]! - pair[out * n + m]!
    }
    return sum
  }

  return { pair, need, needCount, extras, pairs, pairsChange }
}

/** Whether `a` comes before `b`, compared entry by entry (higher first). */
const ahead = (a: readonly number[], b: readonly number[]) => {
  for (let at = 0; at < a.length; at++) if (a[at] !== b[at]) return a[at]! > b[at]!
  return false
}

/** The guests split into groups of exactly `sizes` (each a list of indexes into `guests`), the best found. */
function arrange(
  guests: readonly SeatingGuest[],
  sizes: readonly number[],
  apart: ReadonlySet<string>,
  metBefore: ReadonlySet<string>,
): number[][] {
  const n = guests.length
  const k = sizes.length
  if (k <= 1) return k ? [guests.map((_, i) => i)] : []
  const score = scorer(guests, apart, metBefore)
  const { pair, need, needCount } = score
  const isApart = (i: number, j: number) => pair[i * n + j]! <= -HARD / 2
  const needy = (i: number) => (need[i]! >= 0 && needCount[need[i]!]! >= 2 ? 1 : 0)

  // The greedy start: the guests with most apart partners first, then those with a food need another
  // guest shares; each to the group with room where it breaks fewest hard rules, then where it finds
  // food company, then has most in common, then the emptiest.
  const degree = new Int32Array(n)
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j && isApart(i, j)) degree[i]!++
  const order = guests.map((_, i) => i).sort((a, b) => degree[b]! - degree[a]! || needy(b) - needy(a) || a - b)
  const start: number[][] = sizes.map(() => [])
  for (const i of order) {
    let chosen = -1
    let chosenKey: number[] = []
    for (let g = 0; g < k; g++) {
      const members = start[g]!
      if (members.length >= sizes[g]!) continue
      let conflicts = 0
      let together = 0
      let company = 0
      for (const m of members) {
        if (isApart(i, m)) conflicts++
        else together += pair[i * n + m]!
        if (need[m] === need[i] && need[i]! >= 0) company = 1
      }
      const key = [-conflicts, needy(i) * company, together, -members.length / sizes[g]!]
      if (chosen < 0 || ahead(key, chosenKey)) {
        chosen = g
        chosenKey = key
      }
    }
    start[chosen]!.push(i)
  }

  // Local search: swap two guests of different groups while that raises the score, for a bounded
  // number of passes; then, from the best plan found, a few seeded random swaps to shake it loose and
  // search again (more rounds while an apart pair or a lone food need remains).
  const groups = start.map((members) => Int32Array.from(members))
  const groupOf = new Int32Array(n)
  const place = new Int32Array(n)
  const restore = (assignment: ArrayLike<number>) => {
    const fill = new Int32Array(k)
    for (let i = 0; i < n; i++) {
      const g = assignment[i]!
      groups[g]![fill[g]!] = i
      groupOf[i] = g
      place[i] = fill[g]!
      fill[g]!++
    }
  }
  groups.forEach((members, g) => {
    members.forEach((m, at) => {
      groupOf[m] = g
      place[m] = at
    })
  })
  const extra = new Float64Array(k)
  /** The plan's score, and whether it breaks a hard rule or leaves a food need alone. */
  const rescore = () => {
    let total = 0
    let broken = false
    for (let g = 0; g < k; g++) {
      const pairs = score.pairs(groups[g]!)
      extra[g] = score.extras(groups[g]!, -1, -1)
      total += pairs + extra[g]!
      if (pairs <= -HARD / 2 || extra[g]! <= -LONE_FOOD / 2) broken = true
    }
    return { total, broken }
  }
  const swap = (a: number, b: number) => {
    const ga = groupOf[a]!
    const gb = groupOf[b]!
    const pa = place[a]!
    const pb = place[b]!
    groups[ga]![pa] = b
    groups[gb]![pb] = a
    groupOf[a] = gb
    groupOf[b] = ga
    place[a] = pb
    place[b] = pa
  }
  let evaluations = 0
  const search = () => {
    for (let pass = 0; pass < MAX_PASSES && evaluations < MAX_EVALUATIONS; pass++) {
      let improved = false
      for (let a = 0; a < n; a++)
        for (let b = a + 1; b < n; b++) {
          const ga = groupOf[a]!
          const gb = groupOf[b]!
          if (ga === gb) continue
          evaluations++
          const extraA = score.extras(groups[ga]!, a, b)
          const extraB = score.extras(groups[gb]!, b, a)
          const gain =
            extraA +
            extraB -
            extra[ga]! -
            extra[gb]! +
            score.pairsChange(groups[ga]!, a, b) +
            score.pairsChange(groups[gb]!, b, a)
          if (gain > 1e-9) {
            swap(a, b)
            extra[ga] = extraA
            extra[gb] = extraB
            improved = true
          }
        }
      if (!improved) break
    }
    return rescore()
  }

  rescore()
  let best = search()
  let bestPlan = Int32Array.from(groupOf)
  const random = seededRandom(seedOf(guests.map((guest) => guest.id).join('\n')))
  const shakes = Math.max(2, Math.round(n / 8))
  for (
    let round = 0;
    round < HARD_ROUNDS && evaluations < MAX_EVALUATIONS && (round < SOFT_ROUNDS || best.broken);
    round++
  ) {
    restore(bestPlan)
    for (let s = 0; s < shakes; s++) {
      const a = Math.floor(random() * n)
      const b = Math.floor(random() * n)
      if (groupOf[a] !== groupOf[b]) swap(a, b)
    }
    rescore()
    const found = search()
    if (found.total > best.total + 1e-9) {
      best = found
      bestPlan = Int32Array.from(groupOf)
    }
  }
  const result = sizes.map(() => [] as number[])
  bestPlan.forEach((g, i) => {
    result[g]!.push(i)
  })
  return result
}

/**
 * The date's plan: the locked groups as given (less members no longer among the guests), and the
 * other guests in groups of `groupSizes`, numbered with the lowest numbers the locked groups leave.
 * Guests are taken in id order, so the plan does not depend on the order they come in.
 */
export function planSeating(input: SeatingInput): SeatingPlan {
  const known = new Map<string, SeatingGuest>()
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
export function seatingIssues(
  plan: SeatingPlan,
  input: SeatingInput,
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

/**
 * The group for a guest who booked after the plan, in this order: one that seats them with nobody
 * they must be kept apart from; under GROUP_SIZE_MAX; where a food need of theirs has company;
 * not empty; with room (smaller than the largest group or the event's size); the smallest; where
 * they share most interests and keep the tiers balanced; the lowest number. Only when every group
 * holds someone the guest must be kept apart from is the one with fewest of them returned: the
 * host's view flags it (`seatingIssues`) for a move. A plan with no groups gives 1.
 */
export function placeLate(plan: SeatingPlan, guest: SeatingGuest, input: SeatingInput): number {
  if (plan.groups.length === 0) return 1
  const known = new Map(input.guests.map((seat) => [seat.id, seat]))
  known.set(guest.id, guest)
  const apart = pairSet(input.apart)
  const everyone = [...new Set(plan.groups.flatMap((group) => group.members))].flatMap((id) => known.get(id) ?? [])
  const girlsShare =
    (everyone.filter((seat) => seat.id !== guest.id && seat.tier === 'girls').length +
      (guest.tier === 'girls' ? 1 : 0)) /
    (everyone.filter((seat) => seat.id !== guest.id).length + 1)
  const room = Math.max(input.size, ...plan.groups.map((group) => group.members.length))
  const mask = interestMask(guest)
  const need = needOf(guest)
  const candidates = plan.groups.map((group) => {
    const others = group.members.filter((id) => id !== guest.id)
    const seats = others.flatMap((id) => known.get(id) ?? [])
    const conflicts = others.filter((id) => hasPair(apart, guest.id, id)).length
    const shared = seats.reduce((sum, seat) => sum + bitCount(mask & interestMask(seat)), 0)
    const company = need >= 0 && seats.some((seat) => needOf(seat) === need) ? 1 : 0
    const girls = seats.filter((seat) => seat.tier === 'girls').length + (guest.tier === 'girls' ? 1 : 0)
    const off = girls - girlsShare * (seats.length + 1)
    const fit = SHARED * shared + (company ? LONE_FOOD : 0) - TIER * off * off
    // Higher first: clean; under the largest size a group may have; with food company for a need;
    // not empty (a group the others left is no table to sit alone at); with room; smallest; best
    // fit; lowest number.
    return {
      number: group.number,
      key: [
        -conflicts,
        others.length < GROUP_SIZE_MAX ? 1 : 0,
        company,
        others.length > 0 ? 1 : 0,
        others.length < room ? 1 : 0,
        -others.length,
        fit,
        -group.number,
      ],
    }
  })
  const clean = candidates.filter((candidate) => candidate.key[0] === 0)
  const pool = clean.length > 0 ? clean : candidates
  return pool.reduce((best, candidate) => (ahead(candidate.key, best.key) ? candidate : best)).number
}

/** Why `guestId` cannot move to group `toGroup` of `plan`, or nothing when they can. */
export function moveProblem(
  plan: SeatingPlan,
  guestId: string,
  toGroup: number,
  apart: SeatingInput['apart'],
): string | undefined {
  const target = plan.groups.find((group) => group.number === toGroup)
  if (!target) return 'No such group.'
  const pairs = pairSet(apart)
  if (target.members.some((id) => id !== guestId && hasPair(pairs, guestId, id)))
    return 'This guest cannot sit with someone in that group.'
  return undefined
}
