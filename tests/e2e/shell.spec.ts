import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from '../../dev/lib/config.mjs'
import { expect, LAYOUT, test, waitForApp } from './support'

test.describe('the app shell', LAYOUT, () => {
  // Moved to src/features/layout/app-shell.test.tsx: the home hero (and its title), the solid header away from home.

  test('the calls to action are comfortable tap targets', async ({ page }) => {
    await page.goto('/')
    for (const name of ['Join Now', 'Login']) {
      const box = await page.getByRole('main').getByRole('link', { name }).boundingBox()
      expect(box?.height, `${name} height`).toBeGreaterThanOrEqual(44)
      expect(box?.width, `${name} width`).toBeGreaterThanOrEqual(88)
    }
  })

  test('a hover colour shows only where a pointer hovers: a phone keeps none after a tap', async ({ page }) => {
    await page.goto('/')
    const join = page.getByRole('main').getByRole('link', { name: 'Join Now' })
    await expect(join).toBeVisible()
    const resting = await join.evaluate((element) => getComputedStyle(element).backgroundColor)
    // A tap on a phone puts :hover on what it touched, as this does.
    await join.hover()
    const canHover = await page.evaluate(() => matchMedia('(hover: hover)').matches)
    if (canHover) {
      await expect(join).not.toHaveCSS('background-color', resting)
    } else {
      // Read once nothing is easing any more: a colour on its way would still read as the resting one.
      await page.waitForFunction(() => document.getAnimations().length === 0)
      await expect(join).toHaveCSS('background-color', resting)
    }
  })

  test('the sticky header stays above the page as it scrolls', async ({ page }) => {
    await page.goto('/events/first-hello-stranger-meetup')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.mouse.wheel(0, 600)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
    // What a tap anywhere across the header would hit: the header, never the page scrolled under it.
    const misses = () =>
      page.evaluate(() => {
        const header = document.querySelector('header')?.getBoundingClientRect()
        if (!header) return ['no header']
        const found: string[] = []
        for (let x = header.left + 1; x < header.right; x += 8) {
          for (const y of [header.top + 4, header.top + header.height / 2, header.bottom - 4]) {
            const element = document.elementFromPoint(x, y)
            if (!element?.closest('header')) found.push(`${element?.tagName} at ${x},${y}`)
          }
        }
        return found
      })
    await expect.poll(misses).toEqual([])
  })

  test('a route loads its own code only when visited', async ({ page }) => {
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const routeChunk = (name: string) => scripts.some((path) => path.startsWith(`/assets/${name}-`))
    expect(routeChunk('how-it-works')).toBe(false)

    // On small screens the links sit behind the Menu button.
    const menuButton = page.getByRole('button', { name: 'Menu' })
    if (await menuButton.isVisible()) await menuButton.click()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How It Works' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'How It Works' })).toBeVisible()
    await expect.poll(() => routeChunk('how-it-works')).toBe(true)
  })

  test('an unknown path shows the not-found page and logs the miss', async ({ page }) => {
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    await page.goto('/how-it-works')
    await page.goto('/no-such-page?x=1')
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible()
    await expect(page).toHaveTitle('Page Not Found | Yaari')
    await expect.poll(() => warnings.some((w) => w.includes('route-not-found'))).toBe(true)

    await page.getByRole('button', { name: 'Go Back' }).click()
    await expect(page).toHaveURL(/\/how-it-works$/)

    await page.goto('/also/missing')
    await page.getByRole('link', { name: 'Return to Home' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Meet, Mingle & Make friends' })).toBeVisible()
  })
})

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  // Moved to src/features/layout/app-shell.test.tsx: opening, closing on a link and on Escape.

  test('nothing is wider than the screen', async ({ page }) => {
    for (const path of ['/', '/how-it-works', '/missing']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      // The links wait behind Menu: CSS hides the wide screen's navigation (the component test can't see CSS).
      await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible()
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0)
    }
  })
})

test('an error nobody handled reaches the server', async ({ page }) => {
  await page.goto('/events')
  await waitForApp(page)
  const marker = `the e2e test threw this ${Date.now()}`
  const reported = page.waitForRequest((request) => request.url().endsWith('/reportClientError'))
  // A bug in a click handler: thrown outside any of the app's own error handling.
  await page.evaluate((text) => {
    setTimeout(() => {
      throw new TypeError(text)
    }, 0)
  }, marker)
  expect((await (await reported).response())?.status()).toBe(204)
  // Logged by the function, as the operator's alert reads it.
  const log = join(ROOT, '.tmp', 'logs', 'firebase-emulators.log')
  await expect
    .poll(
      () =>
        readFileSync(log, 'utf8')
          .split('\n')
          .find((line) => line.includes(marker)) ?? '',
    )
    .toContain('"event":"client-error"')
})
