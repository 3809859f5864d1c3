import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from '../../dev/lib/config.mjs'
import { expect, LAYOUT, test, waitForApp } from './support'

test.describe('the app shell', LAYOUT, () => {
  test('home shows the hero with its calls to action', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Meet, Mingle & Make friends' })).toBeVisible()
    await expect(page.getByText('Start unforgettable nights with Yaari.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Join Now' })).toHaveAttribute('href', '/auth')
    await expect(page.getByRole('main').getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth')
    await expect(page).toHaveTitle('Yaari')
    await expect(page.getByRole('banner')).toHaveAttribute('data-transparent', 'true')
  })

  test('the calls to action are comfortable tap targets', async ({ page }) => {
    await page.goto('/')
    for (const name of ['Join Now', 'Login']) {
      const box = await page.getByRole('main').getByRole('link', { name }).boundingBox()
      expect(box?.height, `${name} height`).toBeGreaterThanOrEqual(44)
      expect(box?.width, `${name} width`).toBeGreaterThanOrEqual(88)
    }
  })

  test('the header is solid away from home', async ({ page }) => {
    await page.goto('/how-it-works')
    await expect(page.getByRole('heading', { level: 1, name: 'How It Works' })).toBeVisible()
    await expect(page.getByRole('banner')).not.toHaveAttribute('data-transparent', 'true')
    for (const step of ['Discover Events', 'Connect & Join', 'Experience Together']) {
      await expect(page.getByRole('heading', { level: 2, name: step })).toBeVisible()
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

  test('opens from the Menu button and closes when a link is chosen', async ({ page }) => {
    await page.goto('/')
    const menuButton = page.getByRole('button', { name: 'Menu' })
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false')
    await menuButton.click()
    const menu = page.getByRole('navigation', { name: 'Main' })
    await expect(menu.getByRole('link', { name: 'Contact Us' })).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Join the Adventure' })).toBeVisible()
    await menu.getByRole('link', { name: 'How It Works' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'How It Works' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
  })

  test('closes on Escape', async ({ page }) => {
    await page.goto('/how-it-works')
    await page.getByRole('button', { name: 'Menu' }).click()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
  })

  test('nothing is wider than the screen', async ({ page }) => {
    for (const path of ['/', '/how-it-works', '/missing']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
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
