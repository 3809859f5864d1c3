// @ts-check
/**
 * First-load JavaScript per route: every same-origin .js a first visit fetches until the network
 * is idle (empty cache, no service worker), gzip -9, and which packages those chunks contain
 * (read from their source maps).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { ROOT } from '../lib/config.mjs'
import { ROUTES } from './budgets.mjs'
import { paidMember, signInOnPage } from './ticket.mjs'

/** Packages whose code is recognised in a chunk by the sources of its source map. */
const PACKAGE_PATTERNS = {
  firebase: /node_modules\/(@firebase|firebase)\//,
  dexie: /node_modules\/dexie\//,
  // What `css()` and the recipes compute in the browser when a call is not resolved at build time.
  'panda-runtime': /styled-system\/css\/css\.mjs$/,
  // The evening after's pages: their own route chunks, loaded only when a member opens one.
  'after-night': /src\/features\/after-night\//,
  // Web Push on the device (subscribe, save, unsubscribe): loaded when a member allows notifications.
  push: /src\/features\/notifications\/push\.ts$/,
  // The Insights page's charts (Chart.js): the console's Insights page alone loads them.
  charts: /node_modules\/chart\.js\/|src\/features\/host\/insights\//,
}

/**
 * The packages a built chunk contains, read from its source map.
 * @param {string} pathname @param {string} [dist] @returns {string[]}
 */
function packagesIn(pathname, dist = join(ROOT, 'dist')) {
  const sources = sourcesOf(pathname, dist)
  return Object.entries(PACKAGE_PATTERNS)
    .filter(([, pattern]) => sources.some((source) => pattern.test(source)))
    .map(([name]) => name)
}

/**
 * The sources a built chunk was made of, from its source map (none without one).
 * @param {string} pathname @param {string} dist @returns {string[]}
 */
function sourcesOf(pathname, dist) {
  const mapFile = join(dist, `${pathname}.map`)
  if (!existsSync(mapFile)) return []
  /** @type {{ sources: string[] }} */
  const map = JSON.parse(readFileSync(mapFile, 'utf8'))
  return map.sources
}

/**
 * Code no member's phone needs, by the sources of a chunk's map: Chart.js, which the console's
 * Insights page alone draws with (the console's pages themselves stay precached: a host's door
 * opens offline).
 */
const STAFF_ONLY = /node_modules\/chart\.js\//

/**
 * What the service worker precaches on every phone at its first visit (dist/sw.js's manifest): its
 * scripts' gzip bytes, and those holding a staff-only package (which must not be there: only the
 * console's pages load them, over the network).
 * @param {string} [dist]
 * @returns {{ scripts: number, gzipBytes: number, staffOnly: string[] }}
 */
export function measurePrecache(dist = join(ROOT, 'dist')) {
  const worker = readFileSync(join(dist, 'sw.js'), 'utf8')
  const scripts = [...new Set([...worker.matchAll(/url:\s*"([^"]+\.js)"/g)].map((match) => match[1] ?? ''))].filter(
    (url) => url.startsWith('assets/'),
  )
  return {
    scripts: scripts.length,
    gzipBytes: scripts.reduce((sum, url) => sum + gzipSync(readFileSync(join(dist, url)), { level: 9 }).length, 0),
    staffOnly: scripts.filter((url) => sourcesOf(`/${url}`, dist).some((source) => STAFF_ONLY.test(source))),
  }
}

/**
 * Signs a member in this browser context (the session is kept in its IndexedDB): a new member who
 * signs up, or one holding a paid booking (made through the API) who signs in; then empties the
 * HTTP cache so the measured visit downloads everything again. The paid booking's order id.
 * @param {import('@playwright/test').BrowserContext} context @param {string} appUrl
 * @param {true | 'with a paid booking'} who
 * @returns {Promise<string | undefined>}
 */
async function signUpIn(context, appUrl, who) {
  const page = await context.newPage()
  let orderId
  if (who === 'with a paid booking') {
    const member = await paidMember()
    await signInOnPage(page, appUrl, member)
    orderId = member.orderId
  } else {
    await page.goto(`${appUrl}/signup`)
    await page.getByRole('textbox', { name: 'Full name' }).fill('Bench Member')
    await page.getByRole('textbox', { name: 'Email' }).fill(`bench-${Date.now()}@example.test`)
    await page.getByLabel('Password', { exact: true }).fill('bench-password-1')
    await page.getByLabel('Confirm password').fill('bench-password-1')
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await page.waitForURL(/\/onboarding\/mobile$/, { timeout: 60_000 })
  }
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.clearBrowserCache')
  await page.close()
  return orderId
}

/**
 * @param {import('@playwright/test').Browser} browser @param {string} appUrl
 * @returns {Promise<Record<string, { gzipBytes: number, budgetBytes: number, files: string[], loads: string[], forbidden: string[] }>>}
 */
export async function measureFirstLoadJs(browser, appUrl) {
  /** @type {Record<string, { gzipBytes: number, budgetBytes: number, files: string[], loads: string[], forbidden: string[] }>} */
  const firstLoadJs = {}
  for (const route of ROUTES) {
    // A first visit: empty cache, no service worker yet.
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 375, height: 812 } })
    const orderId = route.signedIn ? await signUpIn(context, appUrl, route.signedIn) : undefined
    const page = await context.newPage()
    /** @type {Map<string, number>} */
    const scripts = new Map()
    page.on('response', async (response) => {
      const url = new URL(response.url())
      if (url.origin !== appUrl || !url.pathname.endsWith('.js')) return
      const body = await response.body().catch(() => undefined)
      if (body) scripts.set(url.pathname, gzipSync(body, { level: 9 }).length)
    })
    await page.goto(`${appUrl}${route.path.replace('{orderId}', orderId ?? '')}`, { waitUntil: 'networkidle' })
    // What shows the page is there: onboarding's progress bar, My bookings' heading, the ticket's QR code.
    if (route.signedIn)
      await page
        .getByRole(route.readyRole ?? 'progressbar', { name: route.readyName })
        .first()
        .waitFor()
    await context.close()

    const files = [...scripts.keys()].sort()
    const gzipBytes = [...scripts.values()].reduce((a, b) => a + b, 0)
    const loadedPackages = [...new Set(files.flatMap((file) => packagesIn(file)))]
    const forbidden = route.mustNotLoad.filter((name) => loadedPackages.includes(name))
    firstLoadJs[route.path] = { gzipBytes, budgetBytes: route.budgetBytes, files, loads: loadedPackages, forbidden }
  }
  return firstLoadJs
}
