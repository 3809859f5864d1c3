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
  // Sign-in needs Firebase Auth; it is loaded here and only here so far.
  { path: '/auth', budgetBytes: 200_000, mustNotLoad: [] },
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
