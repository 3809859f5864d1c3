import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { CITY_TIME_ZONE } from '@yaari/domain/catalogue-records'
import { postCallable } from '../../dev/lib/config.mjs'
import {
  adminAccount,
  CATEGORY_PATHS,
  controlledByServiceWorker,
  EVENT_PATHS,
  expect,
  INFO_PAGES,
  idTokenOf,
  test,
  WITH_SERVICE_WORKER,
  waitForApp,
} from './support'

/** The public pages the build writes as HTML (src/prerender/paths.ts). */
const PRERENDERED = [
  '/',
  '/events',
  ...EVENT_PATHS,
  ...CATEGORY_PATHS,
  ...INFO_PAGES.map(([path]) => path).filter((path) => path !== '/booking-failed'),
]

/** Uncaught errors on the page: a hydration mismatch is reported as one (React error 418). */
function collectPageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('every public page is already there to read, with its own title', async ({ page }) => {
    test.slow() // every public page in turn
    for (const path of PRERENDERED) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible()
      await expect(page, path).toHaveTitle(/Yaari/)
    }
    await page.goto('/events')
    await expect(page).toHaveTitle('Events in Bangalore | Yaari')
    await expect(page.getByRole('article', { name: 'The First Hello' })).toBeVisible()
    // Links are plain links: they work before the app's code arrives.
    await page.getByRole('link', { name: 'How It Works' }).first().click()
    await expect(page.getByRole('heading', { level: 1, name: 'How It Works' })).toBeVisible()
  })

  test('pages for members are not prerendered: they wait for the app', async ({ page }) => {
    await page.goto('/my-bookings')
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0)
  })
})

test('days after the build, the app takes over each public page without a mismatch', async ({ page }) => {
  test.slow() // every public page in turn
  const html = await (await page.request.get('/events')).text()
  const renderedAt = Number(/data-rendered-at="(\d+)"/.exec(html)?.[1])
  expect(renderedAt).toBeGreaterThan(0)
  // The HTML's dates were written at build time; the visitor comes back three days later.
  await page.clock.setFixedTime(new Date(renderedAt + 3 * 24 * 60 * 60_000))
  const errors = collectPageErrors(page)
  for (const path of PRERENDERED) {
    await page.goto(path)
    await waitForApp(page)
    expect(errors, path).toEqual([])
  }
  // Hydrated, not just painted: the filters answer.
  await page.goto('/events')
  await page.getByRole('button', { name: /^Food & Drink/ }).click()
  await expect(page).toHaveURL(/category=food-drink/)
  await expect(page.getByRole('article')).toHaveCount(1)
  expect(errors).toEqual([])
})

test('a public page opened with filters in its address renders them, not the unfiltered HTML', async ({ page }) => {
  const errors = collectPageErrors(page)
  await page.goto('/events?q=midweek')
  await expect(page.getByRole('searchbox', { name: 'Search events' })).toHaveValue('midweek')
  await expect(page.getByRole('article')).toHaveCount(1)
  await expect(page.getByRole('article', { name: 'Midweek Meetup' })).toBeVisible()
  expect(errors).toEqual([])
})

test('a reader who scrolls before the app takes over stays where they were, and their tap lands', async ({ page }) => {
  // As on a slow phone: the page is there to read while the app's code is still on its way.
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/assets/*.js', async (route) => {
    await released
    await route.continue()
  })
  await page.goto('/', { waitUntil: 'commit' })
  const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Safety Center' })
  await footerLink.scrollIntoViewIfNeeded()
  const readingAt = await page.evaluate(() => scrollY)
  expect(readingAt).toBeGreaterThan(0)

  release()
  await waitForApp(page)
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  expect(await page.evaluate(() => scrollY)).toBe(readingAt)

  await footerLink.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Safety Center' })).toBeVisible()
  // A navigation inside the app still starts the next page at its top.
  expect(await page.evaluate(() => scrollY)).toBe(0)
})

test.describe('for link previews and search engines', () => {
  test('an event page carries its canonical address, Open Graph and Twitter tags, and schema.org Event data', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/events/midweek-wednesday-dinner')).text()
    // Locally the site's address (VITE_SITE_URL) is the preview's.
    const site = new URL(test.info().project.use.baseURL ?? '').origin
    const url = `${site}/events/midweek-wednesday-dinner`
    expect(html).toContain(`<link rel="canonical" href="${url}" />`)
    expect(html).toContain(`<meta property="og:url" content="${url}" />`)
    expect(html).toContain('<meta property="og:title" content="Midweek Meetup (Wednesday Dinner) | Yaari" />')
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />')
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? ''
    const png = await request.get(new URL(image).pathname)
    expect(png.headers()['content-type']).toBe('image/png')

    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? ''
    const event = JSON.parse(json)
    expect(event).toMatchObject({ '@type': 'Event', name: 'Midweek Meetup', url })
    expect(event.startDate).toMatch(/^\d{4}-\d\d-\d\dT20:00:00\+05:30$/)
    expect(
      event.offers.map((offer: { price: string; priceCurrency: string }) => `${offer.price} ${offer.priceCurrency}`),
    ).toEqual(expect.arrayContaining(['499.00 INR']))

    // The page with its data loads with no Content-Security-Policy violation (checked by `test`).
    await page.goto('/events/midweek-wednesday-dinner')
    await waitForApp(page)
  })

  test('the build serves sitemap.xml with every public page and robots.txt pointing at it', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text()
    for (const path of PRERENDERED) expect(sitemap).toContain(`${path}</loc>`)
    expect(sitemap).not.toContain('/my-bookings')
    const robots = await (await request.get('/robots.txt')).text()
    expect(robots).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m)
    expect(robots).toContain('Disallow: /my-bookings')
  })
})

test.describe('sharing an event', () => {
  test("opens the phone's share sheet with the event's address", async ({ page }) => {
    await page.addInitScript(() => {
      const shared: unknown[] = []
      Object.assign(window, { __shared: shared })
      Object.defineProperty(navigator, 'share', { value: async (data: unknown) => void shared.push(data) })
    })
    await page.goto('/events/first-hello-stranger-meetup')
    await waitForApp(page)
    await page.getByRole('button', { name: 'Share' }).click()
    const shared = await page.evaluate(
      () => (window as unknown as { __shared: { url: string; title: string }[] }).__shared,
    )
    expect(shared).toEqual([
      expect.objectContaining({
        url: expect.stringMatching(/\/events\/first-hello-stranger-meetup$/),
        title: 'The First Hello | Yaari',
      }),
    ])
  })

  test('without a share sheet, copies the link and says so', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }))
    await page.goto('/events/first-hello-stranger-meetup')
    await waitForApp(page)
    await page.getByRole('button', { name: 'Share' }).click()
    await expect(page.getByText('Link copied')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/events\/first-hello-stranger-meetup$/)
  })
})

test.describe('a returning member, after a publish', () => {
  test.use(WITH_SERVICE_WORKER)

  test('the listing their phone kept takes the new catalogue without a mismatch, and is fresh at the next visit', async ({
    page,
  }) => {
    await page.goto('/events')
    await controlledByServiceWorker(page) // the worker keeps / and /events as it installs
    await waitForApp(page)

    // The team adds a city, as the console's Save city does.
    const idToken = await idTokenOf(adminAccount)
    const suffix = randomUUID().slice(0, 6)
    const name = `Pune ${suffix}`
    const city = { id: `pune-${suffix}`, name, timeZone: CITY_TIME_ZONE, live: true, status: 'published' }
    expect((await postCallable('saveCatalogueCity', idToken, { city })).status).toBe(200)

    // A phone slower than the test's machine, coming back three times to the copy kept as the
    // worker installed: the newest catalogue arrives while React is still taking that page over
    // (where React had found the page and its own render disagreeing: error 418).
    const errors = collectPageErrors(page)
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
    const keptListing = () =>
      page.evaluate(async () => (await (await caches.open('yaari-pages')).match('/events'))?.text())
    for (let visit = 0; visit < 3; visit++) {
      await page.evaluate(() => caches.delete('yaari-pages'))
      const served = await (await page.reload())?.text()
      expect(served, 'the copy kept at install answers at once').not.toContain(name)
      await waitForApp(page)
      // The new city is offered once the newest catalogue is in.
      await expect(page.getByText(name, { exact: true })).toBeAttached()
      // Fetched again behind the visit: the copy kept now was written with the new city.
      await expect.poll(keptListing).toContain(name)
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    expect(errors).toEqual([])
    expect(await (await page.reload())?.text(), 'the next visit is answered with it').toContain(name)
  })
})
