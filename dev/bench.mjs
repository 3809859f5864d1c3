#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench`: builds, starts the local stack (timing its start-up), then measures in
 * Debian's Chromium what each route makes the browser load. Prints one JSON document and
 * exits non-zero when a budget is missed. Budgets live here, not in the tests.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs'
import { ROOT } from './lib/config.mjs'
import { startStack } from './lib/stack.mjs'

/** Routes measured, each with its first-load JS budget in gzip bytes (1 KB = 1,000 bytes). */
const ROUTES = [
  { path: '/', budgetBytes: 130_000, mustNotLoad: ['firebase', 'dexie'] },
  { path: '/events', budgetBytes: 130_000, mustNotLoad: ['firebase', 'dexie'] },
  { path: '/events/first-hello-stranger-meetup', budgetBytes: 130_000, mustNotLoad: ['firebase', 'dexie'] },
  // Sign-in needs Firebase Auth; it is loaded here, not on public pages.
  { path: '/auth', budgetBytes: 200_000, mustNotLoad: [] },
  // The first onboarding step as a member who just signed up opens it: the shell (~120 KB),
  // Firebase Auth (~45 KB) and Dexie (~31 KB) for the draft, and the step. Measured 220 KB.
  { path: '/onboarding/mobile', budgetBytes: 230_000, mustNotLoad: [], signedIn: true },
]
/** Packages whose code is recognised in a chunk by the sources of its source map. */
const PACKAGE_PATTERNS = {
  firebase: /node_modules\/(@firebase|firebase)\//,
  dexie: /node_modules\/dexie\//,
}

/** @param {string} message */
const log = (message) => process.stderr.write(`${message}\n`)

if (!process.argv.includes('--no-build')) {
  log('building...')
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

/**
 * The packages a built chunk contains, read from its source map.
 * @param {string} pathname @returns {string[]}
 */
function packagesIn(pathname) {
  const mapFile = join(ROOT, 'dist', `${pathname}.map`)
  if (!existsSync(mapFile)) return []
  /** @type {{ sources: string[] }} */
  const map = JSON.parse(readFileSync(mapFile, 'utf8'))
  return Object.entries(PACKAGE_PATTERNS)
    .filter(([, pattern]) => map.sources.some((source) => pattern.test(source)))
    .map(([name]) => name)
}

/**
 * Signs a new member up in this browser context (the session is kept in its IndexedDB),
 * then empties the HTTP cache so the measured visit downloads everything again.
 * @param {import('@playwright/test').BrowserContext} context
 */
async function signUpIn(context) {
  const page = await context.newPage()
  await page.goto(`${stack.appUrl}/signup`)
  await page.getByRole('textbox', { name: 'Full name' }).fill('Bench Member')
  await page.getByRole('textbox', { name: 'Email' }).fill(`bench-${Date.now()}@example.test`)
  await page.getByLabel('Password', { exact: true }).fill('bench-password-1')
  await page.getByLabel('Confirm password').fill('bench-password-1')
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await page.waitForURL(/\/onboarding\/mobile$/, { timeout: 60_000 })
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.clearBrowserCache')
  await page.close()
}

log('starting the local stack...')
const stack = await startStack()
const results = { stackStartupMs: stack.startupMs, firstLoadJs: /** @type {Record<string, object>} */ ({}) }
/** @type {string[]} */
const misses = []

try {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  })
  for (const route of ROUTES) {
    // A first visit: empty cache, no service worker yet.
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 375, height: 812 } })
    if (route.signedIn) await signUpIn(context)
    const page = await context.newPage()
    /** @type {Map<string, number>} */
    const scripts = new Map()
    page.on('response', async (response) => {
      const url = new URL(response.url())
      if (url.origin !== stack.appUrl || !url.pathname.endsWith('.js')) return
      const body = await response.body().catch(() => undefined)
      if (body) scripts.set(url.pathname, gzipSync(body, { level: 9 }).length)
    })
    await page.goto(`${stack.appUrl}${route.path}`, { waitUntil: 'networkidle' })
    if (route.signedIn) await page.getByRole('progressbar').waitFor()
    await context.close()

    const files = [...scripts.keys()].sort()
    const gzipBytes = [...scripts.values()].reduce((a, b) => a + b, 0)
    const loadedPackages = [...new Set(files.flatMap(packagesIn))]
    const forbidden = route.mustNotLoad.filter((name) => loadedPackages.includes(name))
    results.firstLoadJs[route.path] = { gzipBytes, budgetBytes: route.budgetBytes, files, loads: loadedPackages }
    if (gzipBytes > route.budgetBytes)
      misses.push(`first-load JS of ${route.path}: ${gzipBytes} > ${route.budgetBytes} bytes gzip`)
    if (forbidden.length) misses.push(`${route.path} loads ${forbidden.join(', ')}`)
  }
  await browser.close()
} finally {
  await stack.stop()
}

const report = { ...results, budgets: { ok: misses.length === 0, misses } }
mkdirSync(join(ROOT, '.tmp', 'bench'), { recursive: true })
writeFileSync(join(ROOT, '.tmp', 'bench', 'bench.json'), `${JSON.stringify(report, null, 2)}\n`)
console.log(JSON.stringify(report, null, 2))
process.exit(misses.length === 0 ? 0 : 1)
