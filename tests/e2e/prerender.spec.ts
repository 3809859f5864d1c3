import type { Page } from '@playwright/test'
import { CATEGORY_PATHS, EVENT_PATHS, expect, INFO_PAGES, test, waitForApp } from './support'

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
