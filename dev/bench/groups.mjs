// @ts-check
/**
 * The group planner, for `npm run bench` (no browser, no stack): synthetic dates of 12, 30 and
 * 60 paid guests (GROUPS.datesPerSize of each, seeded), drawn from the onboarding answers' stated
 * distributions below, planned by planGroups and, for comparison, seated at random (a seeded
 * shuffle cut into the same group sizes). For each: the interests a pair in a group shares (mean),
 * the share of groups mixing personality types, a group's age range (median), how far a group's
 * girls' share is from the date's (mean), and the hard rules broken (apart pairs together, guests
 * alone with a food need; zero for the plan). Also the time to plan 60 guests (median and p95 of
 * GROUPS.runs after a warm-up). It reads the built domain (packages/domain/dist): `npm run build
 * -w @yaari/domain` first. `node dev/bench/groups.mjs` runs it alone and prints the JSON.
 */
import { seededRandom } from '@yaari/domain/random'
import { GROUPS } from './budgets.mjs'
import { median, quantile } from './stats.mjs'

/** @typedef {import('@yaari/domain/groups-planner').GroupGuest} GroupGuest */
/** @typedef {import('@yaari/domain/groups-planner').PlannerInput} PlannerInput */
/** @typedef {import('@yaari/domain/groups-planner').GroupPlan} GroupPlan */
/** @typedef {import('@yaari/domain/groups-planner').Interest} Interest */

/**
 * The onboarding answers a synthetic guest is drawn from (weights, not counts): a stated guess at
 * Bangalore's members, not measured. Every guest says a personality and a food preference; one
 * to five interests, the popular ones more often; ages mostly 21-45.
 */
const ANSWERS = {
  personality: { extrovert: 35, introvert: 30, ambivert: 35 },
  food: { non_vegetarian: 55, vegetarian: 33, jain: 6, vegan: 6 },
  tier: { girls: 50, boys: 50 },
  /** Age bands [from, to] (inclusive), each drawn uniformly. */
  ages: [
    { band: [21, 28], weight: 50 },
    { band: [29, 35], weight: 32 },
    { band: [36, 45], weight: 15 },
    { band: [46, 55], weight: 3 },
  ],
  interestCount: { 1: 15, 2: 25, 3: 30, 4: 20, 5: 10 },
  /** @type {Record<Interest, number>} */
  interests: {
    brunch: 14,
    food_tours: 14,
    travel: 13,
    nightlife: 10,
    photography: 10,
    fitness: 10,
    book_clubs: 8,
    art: 8,
    gaming: 7,
    outdoor: 6,
  },
  /**
   * Block or report pairs on a date: one per 20 guests, plus one half of the time; never two guests
   * with the same food need, so every date has a plan that breaks no rule (a block between two of
   * three vegans leaves one of them alone whatever the plan).
   */
  apartPer: 20,
  /** Pairs who met before without connecting: one per 10 guests. */
  metBeforePer: 10,
}

/**
 * One of `weights`' keys, drawn by its weight.
 * @template {string} K @param {() => number} random @param {Record<K, number>} weights @returns {K}
 */
function pick(random, weights) {
  const entries = /** @type {[K, number][]} */ (Object.entries(weights))
  let left = random() * entries.reduce((sum, [, weight]) => sum + weight, 0)
  for (const [key, weight] of entries) {
    left -= weight
    if (left < 0) return key
  }
  return /** @type {[K, number]} */ (entries.at(-1))[0]
}

/** A synthetic date of `count` guests. @param {() => number} random @param {number} count @param {number} date @returns {PlannerInput} */
function syntheticDate(random, count, date) {
  /** @type {GroupGuest[]} */
  const guests = Array.from({ length: count }, (_, i) => {
    const band = ANSWERS.ages[Number(pick(random, Object.fromEntries(ANSWERS.ages.map((age, at) => [at, age.weight]))))]
    const [from, to] = band?.band ?? [21, 45]
    const wanted = Number(pick(random, ANSWERS.interestCount))
    /** @type {Set<Interest>} */
    const interests = new Set()
    while (interests.size < wanted) interests.add(pick(random, ANSWERS.interests))
    return {
      id: `d${date}_${String(i).padStart(3, '0')}_${Math.floor(random() * 1e6).toString(36)}`,
      tier: pick(random, ANSWERS.tier),
      personality: pick(random, ANSWERS.personality),
      interests: [...interests],
      food: pick(random, ANSWERS.food),
      age: from + Math.floor(random() * (to - from + 1)),
    }
  })
  /** @param {GroupGuest | undefined} a @param {GroupGuest | undefined} b */
  const sameNeed = (a, b) => a?.food === b?.food && a?.food !== 'non_vegetarian'
  /** Distinct pairs of two different guests (`apart`: with no food need in common). @param {number} wanted @param {boolean} apart */
  const pairs = (wanted, apart) => {
    /** @type {Map<string, [string, string]>} */
    const chosen = new Map()
    while (chosen.size < wanted) {
      const first = guests[Math.floor(random() * count)]
      const second = guests[Math.floor(random() * count)]
      const [a, b] = [first?.id ?? '', second?.id ?? '']
      if (a !== b && !(apart && sameNeed(first, second))) chosen.set(a < b ? `${a} ${b}` : `${b} ${a}`, [a, b])
    }
    return [...chosen.values()]
  }
  return {
    guests,
    size: 6,
    apart: pairs(Math.round(count / ANSWERS.apartPer) + (random() < 0.5 ? 1 : 0), true),
    metBefore: pairs(Math.round(count / ANSWERS.metBeforePer), false),
  }
}

/** The guests shuffled (seeded) and cut into `sizes`. @param {() => number} random @param {PlannerInput} input @param {number[]} sizes @returns {GroupPlan} */
function randomSeating(random, input, sizes) {
  const ids = input.guests.map((guest) => guest.id)
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[ids[i], ids[j]] = [/** @type {string} */ (ids[j]), /** @type {string} */ (ids[i])]
  }
  const starts = sizes.map((_, g) => sizes.slice(0, g).reduce((sum, size) => sum + size, 0))
  return {
    groups: sizes.map((size, g) => ({
      number: g + 1,
      members: ids.slice(starts[g], (starts[g] ?? 0) + size),
      shared: [],
    })),
  }
}

/** @param {number} value @param {number} digits */
const round = (value, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits

/**
 * What a plan gives its dates, over all of them.
 * @param {{ input: PlannerInput, plan: GroupPlan }[]} seated
 * @param {typeof import('@yaari/domain/groups-planner').groupIssues} groupIssues
 */
function quality(seated, groupIssues) {
  let pairs = 0
  let shared = 0
  let groups = 0
  let mixed = 0
  let bothEnds = 0
  let tierOff = 0
  let apartTogether = 0
  let loneFoodNeeds = 0
  /** @type {number[]} */
  const ageRanges = []
  for (const { input, plan } of seated) {
    const byId = new Map(input.guests.map((guest) => [guest.id, guest]))
    const girlsShare = input.guests.filter((guest) => guest.tier === 'girls').length / input.guests.length
    for (const group of plan.groups) {
      const members = group.members.flatMap((id) => byId.get(id) ?? [])
      for (let x = 0; x < members.length; x++)
        for (let y = x + 1; y < members.length; y++) {
          const mine = new Set(members[x]?.interests)
          shared += (members[y]?.interests ?? []).filter((interest) => mine.has(interest)).length
          pairs++
        }
      const kinds = new Set(members.map((guest) => guest.personality))
      // Mixed: an ambivert (who mixes with either), or an extrovert and an introvert.
      if (kinds.has('ambivert') || (kinds.has('extrovert') && kinds.has('introvert'))) mixed++
      // The stricter reading: an extrovert and an introvert at the same table.
      if (kinds.has('extrovert') && kinds.has('introvert')) bothEnds++
      const ages = members.flatMap((guest) => guest.age ?? [])
      if (ages.length) ageRanges.push(Math.max(...ages) - Math.min(...ages))
      tierOff += Math.abs(members.filter((guest) => guest.tier === 'girls').length / members.length - girlsShare)
      groups++
    }
    const issues = groupIssues(plan, input)
    apartTogether += issues.apartTogether
    loneFoodNeeds += issues.loneFoodNeeds
  }
  return {
    meanSharedPerPair: round(shared / pairs),
    mixedPersonalityShare: round(mixed / groups),
    extrovertAndIntrovertShare: round(bothEnds / groups),
    medianAgeRange: median(ageRanges),
    tierImbalance: round(tierOff / groups),
    apartTogether,
    loneFoodNeeds,
    hardViolations: apartTogether + loneFoodNeeds,
  }
}

/** The planner's quality against random groups, and its time for 60 guests. */
export async function measureGroups() {
  const { groupSizes, planGroups, groupIssues } = await import('@yaari/domain/groups-planner')
  const random = seededRandom(GROUPS.seed)
  /** @type {Record<string, { dates: number, plan: ReturnType<typeof quality>, random: ReturnType<typeof quality> }>} */
  const byDateSize = {}
  /** @type {PlannerInput[]} */
  let largest = []
  for (const count of GROUPS.guests) {
    const dates = Array.from({ length: GROUPS.datesPerSize }, (_, date) => syntheticDate(random, count, date))
    byDateSize[`guests${count}`] = {
      dates: dates.length,
      plan: quality(
        dates.map((input) => ({ input, plan: planGroups(input) })),
        groupIssues,
      ),
      random: quality(
        dates.map((input) => ({ input, plan: randomSeating(random, input, groupSizes(count, input.size)) })),
        groupIssues,
      ),
    }
    largest = dates
  }
  const timed = largest.slice(0, Math.max(1, GROUPS.runs))
  for (let i = 0; i < GROUPS.warmUpRuns; i++) planGroups(timed[i % timed.length])
  /** @type {number[]} */
  const runsMs = []
  for (let i = 0; i < GROUPS.runs; i++) {
    const input = timed[i % timed.length]
    const started = performance.now()
    planGroups(input)
    runsMs.push(performance.now() - started)
  }
  const sorted = [...runsMs].sort((a, b) => a - b)
  return {
    byDateSize,
    planMs: {
      guests: GROUPS.guests.at(-1),
      runs: runsMs.length,
      medianMs: round(median(runsMs), 2),
      p95Ms: round(quantile(sorted, 0.95), 2),
      p95BudgetMs: GROUPS.p95BudgetMs,
    },
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await measureGroups(), null, 2))
}
