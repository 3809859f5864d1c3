// @ts-check
/**
 * Lighthouse simulates a mid-tier phone by scaling the host's main-thread timings by a CPU
 * slowdown: 4x by default, which assumes a high-end desktop host (benchmarkIndex ~1500). On a
 * slower host the same 4x emulates a much slower phone, and Lighthouse says so in its report
 * ("The tested device appears to have a slower CPU than Lighthouse expects"). Its throttling guide
 * (docs/throttling.md, "Calibrating the CPU slowdown") has the multiplier chosen from the
 * benchmarkIndex it measures on every run, with the calculator it links to
 * (lighthouse-cpu-throttling-calculator): 1533 -> 4x, 1300 -> 3x, 800 -> 2x, 150 -> 1x, linear
 * in between.
 */

/**
 * The CPU slowdown that makes a host of this benchmarkIndex emulate Lighthouse's mid-tier phone.
 * @param {number} benchmarkIndex Lighthouse's measure of the host's CPU (lhr.environment.benchmarkIndex)
 * @returns {number} the multiplier, to two decimals, never below 1
 */
export function calibratedCpuSlowdown(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) throw new RangeError(`benchmarkIndex ${benchmarkIndex}`)
  let multiplier
  if (benchmarkIndex >= 1300) multiplier = 3 + (benchmarkIndex - 1300) / 233
  else if (benchmarkIndex >= 800) multiplier = 2 + (benchmarkIndex - 800) / 500
  else multiplier = 1 + (benchmarkIndex - 150) / 650
  return Math.max(1, Math.round(multiplier * 100) / 100)
}
