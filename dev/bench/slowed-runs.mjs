// @ts-check
/** Timing a step on a phone's CPU: what the door and ticket benches both do, in one place. */
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js'
import { calibratedCpuSlowdown } from './lighthouse-calibration.mjs'
import { median } from './stats.mjs'

/**
 * The host's benchmarkIndex, measured on a blank page as Lighthouse measures it: on the app's page
 * the index would count the app's own start-up against the host (a lighter app would read as a
 * faster host and be slowed down more).
 * @param {{ newPage: () => Promise<import('@playwright/test').Page> }} opener a browser or a context
 */
export async function hostBenchmarkIndex(opener) {
  const probe = await opener.newPage()
  try {
    await probe.goto('about:blank')
    return Number(await probe.evaluate(`(${pageFunctions.computeBenchmarkIndex})()`))
  } finally {
    await probe.close()
  }
}

/**
 * `count` timings of `measure` after one warm-up (the first call, not counted: it warms the caches),
 * with the page's CPU slowed `slowdown` times, or, 'calibrated', to Lighthouse's mid-tier phone as
 * this host's benchmarkIndex (hostBenchmarkIndex, just before) says; the CPU is full speed again after.
 * @param {import('@playwright/test').BrowserContext} context @param {import('@playwright/test').Page} page
 * @param {number | 'calibrated'} slowdown @param {number} count @param {(run: number) => Promise<number>} measure
 */
export async function slowedRuns(context, page, slowdown, count, measure) {
  const benchmarkIndex = await hostBenchmarkIndex(context)
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
