// @ts-check
/**
 * The catalogue as data (decisions 0018, 0020): the published document's size for the seed and for
 * 200 events; the HTML (gzip) of the home page, the listing and an event page, which the function
 * writes carrying only their part of the catalogue, for the seed (through the stack) and for 200
 * events in 5 cities (the same server render, the build's, with the stack's shell); the events
 * listing rendering 200 published events, from the document's arrival to the 200th card on
 * screen, with the CPU slowed to Lighthouse's mid-tier phone as calibrated to this host (decision
 * 0004); and an event page rendered by the publicPages function with no cache in front of it (the
 * local stack has no CDN: every request is one the function renders), p50 and p95, and the first
 * request of a fresh instance.
 */
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { functionUrl, ROOT } from '../lib/config.mjs'
import { CATALOGUE } from './budgets.mjs'
import { calibratedCpuSlowdown } from './lighthouse-calibration.mjs'
import { hostBenchmarkIndex } from './slowed-runs.mjs'
import { median, quantile } from './stats.mjs'

/** @param {string} text */
const sizeOf = (text) => ({ bytes: Buffer.byteLength(text), gzipBytes: gzipSync(text).length })

const WORDS = (
  'table strangers evening host games stories dinner brunch walk trek coffee music city lake garden ' +
  'terrace cooking pottery painting quiz board laughter friends weekend sunset market street food ' +
  'conversation small group curated curious relaxed lively quiet playful warm easy new people'
).split(' ')

/** Deterministic text of `n` words, different for each `seed` (so gzip finds no copies to fold). @param {number} seed @param {number} n */
function words(seed, n) {
  let x = seed * 2654435761
  return Array.from({ length: n }, () => {
    x = (x * 1103515245 + 12345) % 2 ** 31
    return WORDS[x % WORDS.length]
  }).join(' ')
}

/**
 * A catalogue of `count` published Bangalore events shaped like the seed's, each with its own
 * address, title, copy (about the seed's length: 25-word descriptions, four things to expect),
 * prices, time and pass number, newer than anything published.
 * @param {{ version: number, events: Record<string, unknown>[] } & Record<string, unknown>} seed @param {number} count
 */
function catalogueOf(seed, count) {
  const events = Array.from({ length: count }, (_, i) => {
    const base = seed.events[i % seed.events.length] ?? {}
    return {
      ...base,
      id: `bench-${words(i, 3).replaceAll(' ', '-')}-${i + 1}`,
      shortId: undefined,
      title: `${words(i + 7, 3)} ${i + 1}`,
      description: words(i + 11, 25),
      whatToExpect: [words(i + 13, 7), words(i + 17, 6), words(i + 19, 8), words(i + 23, 6)],
      venueArea: words(i + 29, 2),
      prices: { girls: 399 + ((i * 37) % 900), boys: 999 + ((i * 53) % 1500) },
      startTime: `${String(10 + (i % 11)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
      schedule: { weekdays: [i % 7], dates: [], skipped: [], monthsAhead: 2 },
      city: 'bangalore',
      passCode: i + 1,
      status: 'published',
    }
  })
  return { ...seed, version: seed.version + 1_000, events }
}

/** The five live cities the 200 events are spread over. */
const CITIES = ['bangalore', 'mumbai', 'pune', 'chennai', 'hyderabad']

/**
 * `count` published events spread over five live cities, one in seven featured: the catalogue
 * a team has after a while, for the pages' sizes.
 * @param {{ version: number, events: Record<string, unknown>[], cities: { id: string, name: string, live: boolean }[] } & Record<string, unknown>} seed @param {number} count
 */
function citiesCatalogueOf(seed, count) {
  const many = catalogueOf(seed, count)
  return {
    ...many,
    cities: CITIES.map((id) => ({ id, name: id[0]?.toUpperCase() + id.slice(1), live: true })),
    events: many.events.map((event, i) => ({ ...event, city: CITIES[i % CITIES.length], featured: i % 7 === 0 })),
  }
}

/** The pages whose HTML the bench weighs (each event page is the first event's of its catalogue). */
const PAGES = ['/', '/events', 'event']

/**
 * The gzip size of each page's HTML: for the seed as the stack's function answers; for 200 events
 * in five cities as the same server render writes them (functions/lib/pages, the build's) on the
 * stack's shell, with the catalogue a function would hold.
 * @param {string} appUrl @param {any} seed
 */
async function pageSizes(appUrl, seed) {
  /** @type {Record<string, Record<string, { bytes: number, gzipBytes: number }>>} */
  const sizes = { seed: {}, [`events${CATALOGUE.events}InFiveCities`]: {} }
  const eventPath = (/** @type {{ events: { id: string }[] }} */ catalogue) => `/events/${catalogue.events[0]?.id}`
  for (const page of PAGES) {
    const path = page === 'event' ? eventPath(seed) : page
    sizes.seed[page] = sizeOf(await (await fetch(`${appUrl}${path}`)).text())
  }
  /** @type {import('@yaari/domain/page-catalogue').PagesRender} */
  const render = await import(pathToFileURL(join(ROOT, 'functions', 'lib', 'pages', 'render.mjs')).href)
  const template = await (await fetch(`${appUrl}/app.html`)).text()
  const many = citiesCatalogueOf(seed, CATALOGUE.events)
  for (const page of PAGES) {
    const path = page === 'event' ? eventPath(many) : page
    const written = await render.renderPublicPage({
      path,
      search: '',
      now: Date.now(),
      template,
      siteUrl: appUrl,
      catalogue: /** @type {any} */ (many),
    })
    if (written?.status !== 200) throw new Error(`The server render wrote no page for ${path}`)
    sizes[`events${CATALOGUE.events}InFiveCities`][page] = sizeOf(written.html)
  }
  return sizes
}

/** In the page: when the document arrived, and when the listing first showed `count` cards. */
const WATCH = `(() => {
  window.__listing = {}
  new MutationObserver(() => {
    if (window.__listing.shownAt) return
    const cards = document.querySelectorAll('main article').length
    if (cards >= Number(window.__listing.want ?? Infinity)) window.__listing.shownAt = performance.now()
  }).observe(document, { childList: true, subtree: true })
})()`

/**
 * @param {import('@playwright/test').Browser} browser @param {string} appUrl
 */
export async function measureCatalogue(browser, appUrl) {
  const seedText = await (await fetch(`${appUrl}/catalogue.json`)).text()
  const many = JSON.stringify(catalogueOf(JSON.parse(seedText), CATALOGUE.events))
  const sizes = { seed: sizeOf(seedText), [`events${CATALOGUE.events}`]: sizeOf(many) }
  const pageHtml = await pageSizes(appUrl, JSON.parse(seedText))

  const benchmarkIndex = await hostBenchmarkIndex(browser)
  const cpuSlowdown = calibratedCpuSlowdown(benchmarkIndex)

  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true })
  await context.addInitScript(WATCH)
  await context.route('**/catalogue.json', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: many }),
  )
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  /** @type {number[]} */
  const runs = []
  for (let i = 0; i <= CATALOGUE.runs; i++) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
    await page.goto(`${appUrl}/events`)
    await page.evaluate(`window.__listing.want = ${CATALOGUE.events}`)
    // (polled with evaluate: the page's Content-Security-Policy refuses waitForFunction's eval)
    for (let waited = 0; !(await page.evaluate('window.__listing.shownAt !== undefined')); waited += 50) {
      if (waited > 120_000) throw new Error(`The listing never showed ${CATALOGUE.events} events`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const ms = Number(
      await page.evaluate(`(() => {
        const arrived = performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/catalogue.json'))
        return window.__listing.shownAt - arrived.responseEnd
      })()`),
    )
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    if (i > 0) runs.push(Math.round(ms)) // the first run warms the code and the images' cache
  }
  await context.close()

  // The function's page, straight from the Functions emulator: what a CDN miss costs.
  // Events on sale: published, in a live city (on a stack the end-to-end tests have used, an
  // archived event's page, or one in a city switched off, rightly carries no Event data).
  /** @type {{ cities: { id: string, live: boolean }[], events: { id: string, status: string, city: string }[] }} */
  const published = JSON.parse(seedText)
  const live = new Set(published.cities.filter((city) => city.live).map((city) => city.id))
  const ids = published.events
    .filter((event) => event.status === 'published' && live.has(event.city))
    .map((event) => event.id)
  if (ids.length === 0) throw new Error('the catalogue has no event on sale to time its page')
  /** @type {number[]} */
  const pageMs = []
  for (let i = 0; i < CATALOGUE.pageRequests; i++) {
    const started = performance.now()
    const response = await fetch(`${functionUrl('publicPages')}/events/${ids[i % ids.length]}`)
    const html = await response.text()
    if (!response.ok || !html.includes('application/ld+json'))
      throw new Error(`publicPages answered ${response.status}`)
    pageMs.push(performance.now() - started)
  }
  const sorted = [...pageMs].sort((a, b) => a - b)
  return {
    documentSize: sizes,
    pageHtml: { sizes: pageHtml, gzipBudgetBytes: CATALOGUE.pageHtmlGzipBudgetBytes },
    listingRender: {
      events: CATALOGUE.events,
      cpuSlowdown,
      hostBenchmarkIndex: benchmarkIndex,
      runsMs: runs,
      medianMs: median(runs),
      budgetMs: CATALOGUE.listingBudgetMs,
    },
    eventPageByFunction: {
      requests: pageMs.length,
      firstMs: Math.round(pageMs[0] ?? 0),
      p50Ms: Math.round(quantile(sorted, 0.5)),
      p95Ms: Math.round(quantile(sorted, 0.95)),
      p95BudgetMs: CATALOGUE.pageP95BudgetMs,
    },
  }
}
