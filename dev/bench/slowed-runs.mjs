// @ts-check
/** Timing a step on a phone's CPU: what the door and ticket benches both do, in one place. */
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js'
import { calibratedCpuSlowdown } from './lighthouse-calibration.mjs'
import { median } from './stats.mjs'

/**
 * `count` timings of `measure` after one warm-up (the first call, not counted: it warms the caches),
 * with the page's CPU slowed `slowdown` times, or, 'calibrated', to Lighthouse's mid-tier phone as
 * this host's benchmarkIndex (measured in the page just before) says; the CPU is full speed again after.
 * @param {import('@playwright/test').BrowserContext} context @param {import('@playwright/test').Page} page
 * @param {number | 'calibrated'} slowdown @param {number} count @param {(run: number) => Promise<number>} measure
 */
export async function slowedRuns(context, page, slowdown, count, measure) {
  const benchmarkIndex = Number(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex})()`))
  const rate = slowdown === 'calibrated' ? calibratedCpuSlowdown(benchmarkIndex) : slowdown
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
  /** @type {number[]} */
  const runs = []
  for (let run = 0; run <= count; run++) {
    const ms = await measure(run)
    if (run > 0) runs.push(ms)
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  return {
    cpuSlowdown: rate,
    benchmarkIndex: Math.round(benchmarkIndex),
    runsMs: runs,
    medianMs: median(runs),
    maxMs: Math.max(...runs),
  }
}
