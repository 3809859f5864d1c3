#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench`: builds, starts the local stack (timing its start-up), then runs each
 * measurement (dev/bench/: first-load JS, offline reloads, interaction latency, the catalogue, the ticket at the door, Lighthouse, createBooking under load,
 * the seat inventory, the waitlist's churn, the seating planner's groups and speed), checks the report against the budgets (dev/bench/budgets.mjs, the one
 * table of them), prints it as JSON, writes .tmp/bench/bench.json and bench.html, and exits
 * non-zero when a budget is missed. Budgets live here, not in the tests.
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
import { budgetMisses, INTERACTIONS } from './bench/budgets.mjs'
import { measureCatalogue } from './bench/catalogue.mjs'
import { reportCharts } from './bench/charts.mjs'
import { measureDoor } from './bench/door.mjs'
import { measureFirstLoadJs, measurePrecache } from './bench/first-load.mjs'
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
import { measureSeating } from './bench/seating.mjs'
import { measureTicket } from './bench/ticket.mjs'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs'
import { ROOT } from './lib/config.mjs'
import { startStack } from './lib/stack.mjs'

/** @param {string} message */
const log = (message) => process.stderr.write(`${message}\n`)

if (!process.argv.includes('--no-build')) {
  log('building...')
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

/** Every measurement, on a started stack. @param {import('./lib/stack.mjs').Stack} stack */
async function measureAll(stack) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  log('first-load JS...')
  const firstLoadJs = await measureFirstLoadJs(browser, stack.appUrl)
  log('offline reloads...')
  const offlineReloadFcp = await measureOfflineFcp(browser, stack.appUrl)
  log('interaction latency...')
  // The budget applies at the calibrated slowdown; the host's speed it ran at is in the report.
  const interactions = {
    budgetMs: INTERACTIONS.budgetMs,
    ...(await measureInteractions(browser, stack.appUrl, ['calibrated', INTERACTIONS.slowdowns.lowEnd, 4])),
  }
  log('the catalogue: its document, a listing of 200 events, event pages from the function...')
  const catalogue = await measureCatalogue(browser, stack.appUrl)
  log('the ticket at the door...')
  const ticket = await measureTicket(browser, stack.appUrl)
  log('the door: a QR code in view to the verdict...')
  const door = await measureDoor(browser, stack.appUrl)
  await browser.close()
  log('lighthouse...')
  const lighthouse = await measureLighthouse(stack.appUrl)
  log('createBooking under load...')
  const harness = await bookingHarness(stack)
  try {
    const contention = await measureContention(harness)
    const createBooking = await measureBookings(harness)
    log('createBooking through the Functions emulator...')
    const createBookingThroughEmulator = await measureBookingsThroughEmulator(harness)
    log('the seat inventory: one member with a script, abandoned checkouts, injected faults...')
    const inventory = await inventoryHarness({ firestore: harness.firestore, paymentsPort: stack.ports.payments })
    return {
      stackStartupMs: stack.startupMs,
      firstLoadJs,
      precache: measurePrecache(),
      offlineReloadFcp,
      interactions,
      catalogue,
      ticket,
      door,
      lighthouse,
      createBooking,
      createBookingThroughEmulator,
      contention,
      holdsByOneMember: await measureHoldsByOneMember(inventory),
      abandonedCheckouts: await measureAbandonedCheckouts(inventory),
      waitlistChurn: await measureWaitlistChurn(inventory),
      bookingsWithFaults: await measureBookingsWithFaults(inventory),
      seating: await measureSeating(),
    }
  } finally {
    await harness.stop()
  }
}

log('starting the local stack...')
const stack = await startStack()
const results = await measureAll(stack).finally(() => stack.stop())
const misses = budgetMisses(results)
const report = { ...results, budgets: { ok: misses.length === 0, misses } }
mkdirSync(join(ROOT, '.tmp', 'bench'), { recursive: true })
writeFileSync(join(ROOT, '.tmp', 'bench', 'bench.json'), `${JSON.stringify(report, null, 2)}\n`)
writeFileSync(join(ROOT, '.tmp', 'bench', 'bench.html'), benchReportHtml(reportCharts(report)))
log(`report: .tmp/bench/bench.json and .tmp/bench/bench.html`)
console.log(JSON.stringify(report, null, 2))
process.exit(misses.length === 0 ? 0 : 1)
