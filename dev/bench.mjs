#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench`: builds, starts the local stack (timing its start-up), then runs each
 * measurement (dev/bench/: first-load JS, offline reloads, interaction latency, the catalogue, the ticket at the door, the door,
 * a guest's alert to the coordinator's banner, Lighthouse, createBooking under load,
 * the seat inventory, the waitlist's churn, the group planner's groups and speed), checks the report against the budgets (dev/bench/budgets.mjs, the one
 * table of them), prints it as JSON, writes .tmp/bench/bench.json and bench.html, and exits
 * non-zero when a budget is missed. Budgets live here, not in the tests.
 *
 * `--smoke` (a step of `npm test`): every stage once, on small inputs (budgets.mjs's smallInputs),
 * on the stack `npm test` runs (YAARI_STACK_RUNNING, BASE_URL), without budgets: it fails only when
 * a stage cannot run to its end. Its report goes to .tmp/bench-smoke/.
 * `--only=<stage>,…`: those stages alone (names as in the report), without budgets.
 * `--no-build`: the build in dist/ and functions/lib/ as it is.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import {
  bookingHarness,
  measureBookings,
  measureBookingsThroughEmulator,
  measureContention,
} from './bench/bookings.mjs'
import { budgetMisses, INTERACTIONS, smallInputs } from './bench/budgets.mjs'
import { measureCatalogue } from './bench/catalogue.mjs'
import { reportCharts } from './bench/charts.mjs'
import { measureDoor } from './bench/door.mjs'
import { measureFirstLoadJs, measurePrecache } from './bench/first-load.mjs'
import { measureGroups } from './bench/groups.mjs'
import { measureHelpAlert } from './bench/help-alert.mjs'
import { measureInteractions } from './bench/interactions.mjs'
import {
  inventoryHarness,
  measureAbandonedCheckouts,
  measureBookingsWithFaults,
  measureHoldsByOneMember,
  measureWaitlistChurn,
} from './bench/inventory.mjs'
import { measureLighthouse } from './bench/lighthouse.mjs'
import { measureOfflineFcp } from './bench/offline-fcp.mjs'
import { benchReportHtml } from './bench/report.mjs'
import { measureTicket } from './bench/ticket.mjs'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs'
import { ROOT, stackPorts } from './lib/config.mjs'
import { startStack } from './lib/stack.mjs'

/** @param {string} message */
const log = (message) => process.stderr.write(`${message}\n`)

const smoke = process.argv.includes('--smoke')
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',')
if (smoke) smallInputs()

if (!smoke && !process.argv.includes('--no-build')) {
  log('building...')
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

/**
 * The stages in the order they run, each with what it reports. A stage runs when no --only names
 * others; the browser stages share one Chromium, the booking stages one harness.
 * @param {import('./lib/stack.mjs').Stack} stack
 * @param {() => Promise<import('@playwright/test').Browser>} browser
 * @param {() => Promise<Awaited<ReturnType<typeof bookingHarness>>>} harness
 * @param {() => Promise<Awaited<ReturnType<typeof inventoryHarness>>>} inventory
 * @returns {[string, string, () => Promise<unknown>][]}
 */
const stages = (stack, browser, harness, inventory) => [
  ['firstLoadJs', 'first-load JS', async () => measureFirstLoadJs(await browser(), stack.appUrl)],
  ['precache', "the service worker's precache", async () => measurePrecache()],
  ['offlineReloadFcp', 'offline reloads', async () => measureOfflineFcp(await browser(), stack.appUrl)],
  [
    'interactions',
    'interaction latency',
    // The budget applies at the calibrated slowdown; the host's speed it ran at is in the report.
    async () => ({
      budgetMs: INTERACTIONS.budgetMs,
      ...(await measureInteractions(
        await browser(),
        stack.appUrl,
        smoke ? ['calibrated'] : ['calibrated', INTERACTIONS.slowdowns.lowEnd, 4],
      )),
    }),
  ],
  [
    'catalogue',
    'the catalogue: its document, a listing of many events, event pages from the function',
    async () => measureCatalogue(await browser(), stack.appUrl),
  ],
  ['ticket', 'the ticket at the door', async () => measureTicket(await browser(), stack.appUrl)],
  ['door', 'the door: a QR code in view to the verdict', async () => measureDoor(await browser(), stack.appUrl)],
  [
    'helpAlert',
    "help at the venue: a guest's alert to the coordinator's banner",
    async () => measureHelpAlert(await browser(), stack.appUrl, stack.ports),
  ],
  ['lighthouse', 'lighthouse', async () => measureLighthouse(stack.appUrl)],
  ['contention', 'many members booking one date at once', async () => measureContention(await harness())],
  ['createBooking', 'createBooking under load', async () => measureBookings(await harness())],
  [
    'createBookingThroughEmulator',
    'createBooking through the Functions emulator',
    async () => measureBookingsThroughEmulator(await harness()),
  ],
  ['holdsByOneMember', 'one member scripting holds', async () => measureHoldsByOneMember(await inventory())],
  ['abandonedCheckouts', 'abandoned checkouts', async () => measureAbandonedCheckouts(await inventory())],
  ['waitlistChurn', "the waitlist's churn", async () => measureWaitlistChurn(await inventory())],
  ['bookingsWithFaults', 'bookings with injected faults', async () => measureBookingsWithFaults(await inventory())],
  ['groups', "the group planner's groups and speed", async () => measureGroups()],
]

/** Names --only may give: every stage's. */
const STAGE_NAMES = stages(
  /** @type {any} */ ({}),
  async () => /** @type {any} */ (undefined),
  async () => /** @type {any} */ (undefined),
  async () => /** @type {any} */ (undefined),
).map(([name]) => name)
const unknown = only?.filter((name) => !STAGE_NAMES.includes(name)) ?? []
if (unknown.length) {
  log(`--only names no stage: ${unknown.join(', ')} (the stages: ${STAGE_NAMES.join(', ')})`)
  process.exit(2)
}

/** Every stage asked for, on a started stack. @param {import('./lib/stack.mjs').Stack} stack */
async function measureAll(stack) {
  /** @type {Promise<import('@playwright/test').Browser> | undefined} */
  let launched
  /** @type {Promise<Awaited<ReturnType<typeof bookingHarness>>> | undefined} */
  let booking
  /** @type {Promise<Awaited<ReturnType<typeof inventoryHarness>>> | undefined} */
  let inventory
  const harness = () => (booking ??= bookingHarness(stack))
  /** @type {Record<string, unknown>} */
  const results = { stackStartupMs: stack.startupMs }
  try {
    for (const [name, what, measure] of stages(
      stack,
      () => (launched ??= chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })),
      harness,
      async () =>
        (inventory ??= harness().then(({ firestore }) =>
          inventoryHarness({ firestore, paymentsPort: stack.ports.payments }),
        )),
    )) {
      if (only && !only.includes(name)) continue
      log(`${what}...`)
      const started = Date.now()
      results[name] = await measure()
      if (smoke) log(`  ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`)
    }
  } finally {
    await (await launched)?.close()
    await (await booking)?.stop()
  }
  return results
}

/** A stack already running (YAARI_STACK_RUNNING: `npm test`'s for the smoke, or one started by hand): not started, not stopped here. */
const running = () => ({
  appUrl: String(process.env.BASE_URL),
  ports: stackPorts(),
  startupMs: 0,
  stop: async () => {},
})

log('starting the local stack...')
if (process.env.YAARI_STACK_RUNNING && !process.env.BASE_URL) {
  log("YAARI_STACK_RUNNING=1 needs BASE_URL, the running stack's app (http://127.0.0.1:4173 as npm start serves it)")
  process.exit(2)
}
const stack = process.env.YAARI_STACK_RUNNING ? running() : await startStack()
const results = await measureAll(stack).finally(() => stack.stop())
const out = join(ROOT, '.tmp', smoke ? 'bench-smoke' : 'bench')
mkdirSync(out, { recursive: true })
if (only) {
  writeFileSync(join(out, 'bench-only.json'), `${JSON.stringify(results, null, 2)}\n`)
  console.log(JSON.stringify(results, null, 2))
  process.exit(0)
}
const all = /** @type {Parameters<typeof budgetMisses>[0]} */ (/** @type {unknown} */ (results))
const misses = budgetMisses(all)
// The smoke's inputs are too small for its figures to mean anything: budgets are the bench's.
const report = smoke
  ? { ...results, budgets: { checked: false, smallInputs: true } }
  : { ...results, budgets: { ok: misses.length === 0, misses } }
writeFileSync(join(out, 'bench.json'), `${JSON.stringify(report, null, 2)}\n`)
writeFileSync(join(out, 'bench.html'), benchReportHtml(reportCharts(report)))
log(`report: ${out}/bench.json and bench.html`)
if (smoke) {
  log(`every stage ran to its end on small inputs (${Object.keys(results).length - 1} stages; budgets not checked)`)
  process.exit(0)
}
console.log(JSON.stringify(report, null, 2))
process.exit(misses.length === 0 ? 0 : 1)
