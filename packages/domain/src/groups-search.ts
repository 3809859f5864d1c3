/**
 * The group planner's search: guests split into groups of given sizes, the best plan it finds.
 * A greedy start seats the hardest guests first (most apart partners, then a food need to keep
 * company); a local search swaps two guests of different groups while that raises the score
 * (groups-score.ts), then shakes the best plan loose with a few seeded swaps and searches again.
 * Deterministic: the seed is the guests'.
 */

import type { GroupGuest } from './groups-planner'
import { ahead, HARD, LONE_FOOD, scorer } from './groups-score'
import { seededRandom, seedOf } from './random'

/** Swap passes of the local search, and rounds of shaking it out of a local best. */
const MAX_PASSES = 40
/** Swaps weighed in all (a large date stops improving sooner; 60 guests stay well inside it). */
const MAX_EVALUATIONS = 1_500_000
const SOFT_ROUNDS = 3
const HARD_ROUNDS = 40

/** The guests split into groups of exactly `sizes` (each a list of indexes into `guests`), the best found. */
export function arrange(
  guests: readonly GroupGuest[],
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
