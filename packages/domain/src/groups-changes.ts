/**
 * Changing a group plan after it is made: the group a guest who booked after the plan joins
 * (`placeLate`, computed the same way by every reader, so nothing is written on a read), and why a
 * host's move of a guest is refused (`moveProblem`). A late guest is seated by the planner's own
 * weights (groups-score.ts); a move the host makes stands, and `groupIssues` flags what it breaks.
 */
import { GROUP_SIZE_MAX, type GroupGuest, type GroupPlan, type PlannerInput } from './groups-planner'
import { ahead, bitCount, hasPair, interestMask, LONE_FOOD, needOf, pairSet, SHARED, TIER } from './groups-score'

/**
 * The group for a guest who booked after the plan, in this order: one that seats them with nobody
 * they must be kept apart from; under GROUP_SIZE_MAX; where a food need of theirs has company;
 * not empty; with room (smaller than the largest group or the event's size); the smallest; where
 * they share most interests and keep the tiers balanced; the lowest number. Only when every group
 * holds someone the guest must be kept apart from is the one with fewest of them returned: the
 * host's view flags it (`groupIssues`) for a move. A plan with no groups gives 1.
 */
export function placeLate(plan: GroupPlan, guest: GroupGuest, input: PlannerInput): number {
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
  plan: GroupPlan,
  guestId: string,
  toGroup: number,
  apart: PlannerInput['apart'],
): string | undefined {
  const target = plan.groups.find((group) => group.number === toGroup)
  if (!target) return 'No such group.'
  const pairs = pairSet(apart)
  if (target.members.some((id) => id !== guestId && hasPair(pairs, guestId, id)))
    return 'This guest cannot sit with someone in that group.'
  return undefined
}
