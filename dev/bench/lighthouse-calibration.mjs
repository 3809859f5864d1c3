// @ts-check
/**
 * Lighthouse simulates a mid-tier phone by scaling the host's main-thread timings by a CPU
 * slowdown: 4x by default, which assumes a high-end desktop host (benchmarkIndex ~1500). On a
 * slower host the same 4x emulates a much slower phone, and Lighthouse says so in its report
 * ("The tested device appears to have a slower CPU than Lighthouse expects"). Its throttling guide
 * (docs/throttling.md, "Calibrating the CPU slowdown") has the multiplier chosen from the
 * benchmarkIndex it measures on every run, with the calculator it links to
 * (lighthouse-cpu-throttling-calculator): 1533 -> 4x, 1300 -> 3x, 800 -> 2x, 150 -> 1x, linear
 * in between, up to its last anchor, 2000 -> 6x, the top of the guide's high-end desktop bracket
 * (1,500-2,000).
 *
 * Past 2,000 the calculator's line would aim at ever slower phones (3,458 -> 12.3x: a phone of
 * index 281, where 2,000 -> 6x aims at 333). There the slowdown keeps the phone of its last anchor,
 * index ÷ (2000 / 6), and stops at 10x: the top of the guide's range for a mid-tier phone emulated
 * on a high-end desktop (2-10x; 10x is its low-end phone). Decision 0027.
 */

/** The phone the calculator's last anchor (2000 -> 6x) emulates: a benchmarkIndex of 333. */
const LAST_ANCHOR = { benchmarkIndex: 2000, slowdown: 6 }
/** The guide's upper bound for a mid-tier phone on a high-end desktop; beyond is a low-end phone. */
export const MID_TIER_MAX_SLOWDOWN = 10

/**
 * The CPU slowdown that makes a host of this benchmarkIndex emulate Lighthouse's mid-tier phone.
 * @param {number} benchmarkIndex Lighthouse's measure of the host's CPU (lhr.environment.benchmarkIndex)
 * @returns {number} the multiplier, to two decimals, never below 1 nor above MID_TIER_MAX_SLOWDOWN
 */
export function calibratedCpuSlowdown(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) throw new RangeError(`benchmarkIndex ${benchmarkIndex}`)
  let multiplier
  if (benchmarkIndex >= LAST_ANCHOR.benchmarkIndex)
    multiplier = benchmarkIndex / (LAST_ANCHOR.benchmarkIndex / LAST_ANCHOR.slowdown)
  else if (benchmarkIndex >= 1300) multiplier = 3 + (benchmarkIndex - 1300) / 233
  else if (benchmarkIndex >= 800) multiplier = 2 + (benchmarkIndex - 800) / 500
  else multiplier = 1 + (benchmarkIndex - 150) / 650
  return Math.min(MID_TIER_MAX_SLOWDOWN, Math.max(1, Math.round(multiplier * 100) / 100))
}
