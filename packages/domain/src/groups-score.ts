/**
 * How the group planner weighs a plan: the rules it keeps (a food need the venue is told about,
 * a group's age spread) and what each is worth, and the score of one group, kept fast enough to
 * weigh a swap of two guests a million times (groups-search.ts). A hard rule outweighs everything,
 * a lone food need everything soft; the soft terms are weighed against each other.
 */

import type { GroupGuest } from './groups-planner'
import { INTERESTS } from './profile-choices'

/** A group's ages are kept within this many years of each other where the date allows. */
export const AGE_SPREAD_YEARS = 12
/** Food preferences a venue is told about: nobody with one is the only one of it in a group when another guest of the date shares it. */
export const FOOD_NEEDS = ['vegetarian', 'vegan', 'jain'] as const

// The plan's score: the sum over groups, higher is better.
/** An apart pair in one group. */
export const HARD = 1_000_000
/** A guest alone with a food need another guest of the date shares. */
export const LONE_FOOD = 10_000
/** Per interest two guests of a group share. */
export const SHARED = 2
/** Two guests who met before and did not connect, in one group. */
const MET_BEFORE = 30
/** A group of only introverts or only extroverts, when the date could mix it. */
const ONE_SIDED = 25
/** A group with no extrovert or no introvert, when the date has both (ambiverts mix, but both ends mix more). */
const BOTH_ENDS = 10
/** Per squared seat a group's girls are off the date's share. */
export const TIER = 12
/** Per year a group's age range is over AGE_SPREAD_YEARS, and per year of range. */
const AGE_OVER = 6
const AGE_RANGE = 0.25

/** Food need of a guest as an index into FOOD_NEEDS, or -1. */
export const needOf = (guest: GroupGuest | undefined) => {
  const needs: readonly string[] = FOOD_NEEDS
  return guest?.food ? needs.indexOf(guest.food) : -1
}

/** A set of unordered pairs, by "a\nb" with a < b. */
export function pairSet(pairs: ReadonlyArray<readonly [string, string]> | undefined): Set<string> {
  const set = new Set<string>()
  for (const [a, b] of pairs ?? []) if (a !== b) set.add(a < b ? `${a}\n${b}` : `${b}\n${a}`)
  return set
}
export const hasPair = (set: ReadonlySet<string>, a: string, b: string) => set.has(a < b ? `${a}\n${b}` : `${b}\n${a}`)

export const bitCount = (x: number) => {
  let v = x - ((x >>> 1) & 0x55555555)
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}
export const interestMask = (guest: GroupGuest) =>
  guest.interests.reduce((mask, interest) => {
    const at = INTERESTS.indexOf(interest)
    return at < 0 ? mask : mask | (1 << at)
  }, 0)

/** Whether `a` comes before `b`, compared entry by entry (higher first). */
export const ahead = (a: readonly number[], b: readonly number[]) => {
  for (let at = 0; at < a.length; at++) if (a[at] !== b[at]) return a[at]! > b[at]!
  return false
}

/**
 * The guests to plan as arrays (index = place in id order), with the score of one group: the pair
 * terms (shared interests, met before, apart) from a matrix, the rest (food, personality, tier, age)
 * from the group's counts, each computed for the group with one guest swapped for another.
 */
export function scorer(guests: readonly GroupGuest[], apart: ReadonlySet<string>, metBefore: ReadonlySet<string>) {
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
