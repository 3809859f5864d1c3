// @ts-check
/** Lighthouse on the production build, each run started on a quiet machine (see LIGHTHOUSE in budgets.mjs). */
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium.mjs'
import { ROOT } from '../lib/config.mjs'
import { LIGHTHOUSE, QUIET_CPU } from './budgets.mjs'
import { calibratedCpuSlowdown } from './lighthouse-calibration.mjs'
import { median } from './stats.mjs'

/** Idle and total CPU time summed over all cores, from the operating system's counters. */
function cpuTimes() {
  let idle = 0
  let total = 0
  for (const { times } of cpus()) {
    idle += times.idle
    total += times.user + times.nice + times.sys + times.idle + times.irq
  }
  return { idle, total }
}

/**
 * Waits until the machine is quiet (QUIET_CPU) or the wait runs out; returns the idle share of
 * the last window, which the report keeps next to the run.
 */
async function waitForQuietCpu() {
  const deadline = Date.now() + QUIET_CPU.maxWaitMs
  for (;;) {
    const before = cpuTimes()
    await new Promise((resolve) => setTimeout(resolve, QUIET_CPU.windowMs))
    const after = cpuTimes()
    const idleShare = (after.idle - before.idle) / Math.max(1, after.total - before.total)
    if (idleShare >= QUIET_CPU.idleShare || Date.now() > deadline) return Math.round(idleShare * 100) / 100
  }
}

/**
 * Lighthouse's performance score, LCP, TBT and CLS per page (median of LIGHTHOUSE.runs), in
 * Debian's Chromium started by Playwright with a debugging port for Lighthouse to drive.
 *
 * Each run gathers the page once (unthrottled: the throttling is simulated afterwards), then
 * audits it twice from the same saved artifacts: with Lighthouse's default 4x CPU slowdown, and
 * with the slowdown calibrated to the benchmarkIndex Lighthouse measured on this host during that
 * run (dev/bench/lighthouse-calibration.mjs). The budgets apply to the calibrated audit, the
 * emulated mid-tier phone; the 4x figures are reported next to it.
 * @param {string} appUrl
 */
export async function measureLighthouse(appUrl) {
  const { default: lighthouse } = await import('lighthouse')
  const port = 9333
  /** @type {import('lighthouse').Flags} */
  const flags = { onlyCategories: ['performance'], logLevel: 'error' }
  const artifactsDir = join(ROOT, '.tmp', 'bench', 'lighthouse-artifacts')
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  })
  /** @param {import('lighthouse').RunnerResult | undefined} result @param {string} path */
  const figures = (result, path) => {
    const lhr = result?.lhr
    if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse failed on ${path}: ${lhr?.runtimeError?.message}`)
    const audit = (/** @type {string} */ id) => Number(lhr.audits[id]?.numericValue ?? Number.NaN)
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
      warnings: lhr.runWarnings.map(String),
    }
  }
  /** @type {Record<string, { performance: number, lcpMs: number, tbtMs: number, cls: number, at4x: object, runs: object[] }>} */
  const pages = {}
  /** @type {Set<string>} */
  const hostWarnings = new Set()
  try {
    for (const path of LIGHTHOUSE.paths) {
      const runs = []
      for (let i = 0; i < LIGHTHOUSE.warmUpRuns + LIGHTHOUSE.runs; i++) {
        const cpuIdleBefore = await waitForQuietCpu()
        rmSync(artifactsDir, { recursive: true, force: true })
        await lighthouse(`${appUrl}${path}`, { ...flags, port, gatherMode: artifactsDir })
        if (i < LIGHTHOUSE.warmUpRuns) continue
        const artifactsFile = join(artifactsDir, 'artifacts.json')
        const artifacts = JSON.parse(readFileSync(artifactsFile, 'utf8'))
        const benchmarkIndex = Number(artifacts.BenchmarkIndex)
        const { warnings, ...at4x } = figures(await lighthouse(undefined, { ...flags, auditMode: artifactsDir }), path)
        for (const warning of warnings) hostWarnings.add(warning)
        // Lighthouse refuses to audit with other settings than it gathered with; with simulated
        // throttling the gathering never used the CPU slowdown, so the saved settings say the new one.
        const cpuSlowdown = calibratedCpuSlowdown(benchmarkIndex)
        artifacts.settings.throttling.cpuSlowdownMultiplier = cpuSlowdown
        writeFileSync(artifactsFile, JSON.stringify(artifacts))
        const { warnings: _, ...calibrated } = figures(
          await lighthouse(undefined, {
            ...flags,
            auditMode: artifactsDir,
            throttling: { cpuSlowdownMultiplier: cpuSlowdown },
          }),
          path,
        )
        runs.push({ cpuIdleBefore, benchmarkIndex, cpuSlowdown, ...calibrated, at4x })
      }
      pages[path] = {
        performance: median(runs.map((r) => r.performance)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        cls: median(runs.map((r) => r.cls)),
        at4x: {
          performance: median(runs.map((r) => r.at4x.performance)),
          lcpMs: median(runs.map((r) => r.at4x.lcpMs)),
          tbtMs: median(runs.map((r) => r.at4x.tbtMs)),
          cls: median(runs.map((r) => r.at4x.cls)),
        },
        runs,
      }
    }
  } finally {
    await browser.close()
    rmSync(artifactsDir, { recursive: true, force: true })
  }
  return {
    emulation:
      "Lighthouse mobile (Moto G Power, slow 4G; simulated), CPU slowdown calibrated per run to this host's benchmarkIndex as Lighthouse's throttling guide advises; at4x: the same runs with the default 4x",
    budgets: LIGHTHOUSE.budgets,
    hostWarnings: [...hostWarnings],
    pages,
  }
}
