/**
 * Keyboard use: every visible control on the main pages, a member's pages and the booking
 * dialogs is reached with Tab, and shows where the focus is (an outline or a ring), as a person
 * using a keyboard would need.
 */
import type { Page } from '@playwright/test'
import { BACKEND, expect, LAYOUT, newEmail, onboardedMember, submitSignUp, test, waitForApp } from './support'

const PAGES = ['/', '/events', '/events/first-hello-stranger-meetup', '/auth', '/signup', '/contact', '/safety']

/** Visible controls a keyboard should reach (inside `scope`, a CSS selector), by text or label. */
function visibleControls(page: Page, scope: string) {
  return page.evaluate((scope) => {
    const selector = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]'
    const root = document.querySelector(scope) ?? document
    return [...root.querySelectorAll<HTMLElement>(selector)]
      .filter((el) => {
        if (el.tabIndex < 0) return false
        const box = el.getBoundingClientRect()
        const style = getComputedStyle(el)
        return box.width > 1 && box.height > 1 && style.visibility !== 'hidden' && el.closest('[inert]') === null
      })
      .map(
        (el) =>
          (el.getAttribute('aria-label') ?? el.textContent ?? el.id).trim().replace(/\s+/g, ' ').slice(0, 40) ||
          `<${el.tagName.toLowerCase()} ${[...el.attributes].map((a) => `${a.name}="${a.value.slice(0, 30)}"`).join(' ')}>`,
      )
  }, scope)
}

/**
 * The controls once the page has settled: the same list on both sides of two animation frames.
 * (Ark's tabs, for one, give the panel a tabindex on mount and drop it a frame later when the panel
 * holds controls of its own.)
 */
async function settledControls(page: Page, scope: string) {
  let previous = await visibleControls(page, scope)
  await expect
    .poll(async () => {
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
      const now = await visibleControls(page, scope)
      const same = JSON.stringify(now) === JSON.stringify(previous)
      previous = now
      return same
    })
    .toBe(true)
  return previous
}

/** Tabs through the page (or an open dialog) and checks each control is reached and indicated. */
async function expectTabReachesEveryControl(page: Page, scope = 'body') {
  const expected = await settledControls(page, scope)
  expect(expected.length).toBeGreaterThan(0)
  const reached: string[] = []
  const withoutIndicator: string[] = []
  for (let i = 0; i < expected.length + 5; i++) {
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null
      if (!el || el === document.body) return undefined
      const style = getComputedStyle(el)
      const box = el.getBoundingClientRect()
      const ring =
        (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none'
      return {
        name:
          (el.getAttribute('aria-label') ?? el.textContent ?? el.id).trim().replace(/\s+/g, ' ').slice(0, 40) ||
          `<${el.tagName.toLowerCase()} ${[...el.attributes].map((a) => `${a.name}="${a.value.slice(0, 30)}"`).join(' ')}>`,
        // A visually hidden input (Ark's radio and checkbox cards) shows focus on its card instead.
        // A date input highlights its focused day/month/year field itself (and has a ring when
        // the window has focus, which a test page does not always have).
        indicated: ring || box.width <= 1 || (el instanceof HTMLInputElement && el.type === 'date'),
      }
    })
    if (!focused) continue
    reached.push(focused.name)
    if (!focused.indicated) withoutIndicator.push(focused.name)
  }
  expect(expected.filter((name) => !reached.includes(name))).toEqual([])
  expect(withoutIndicator).toEqual([])
}

for (const path of PAGES) {
  test(`${path}: Tab reaches every visible control, each with a visible focus indicator`, LAYOUT, async ({ page }) => {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // On a prerendered page the filters and buttons are enabled once the app has taken over.
    if (await page.locator('#root[data-rendered-path]').count()) await waitForApp(page)
    // /auth draws its forms once Firebase Auth has said who is signed in (a loaded machine takes a while).
    await expect(page.getByText('Checking your session…')).toHaveCount(0, BACKEND)
    await expectTabReachesEveryControl(page)
  })
}

test(
  'onboarding: on the first step and the one-page profile, Tab reaches every control, with focus shown',
  LAYOUT,
  async ({ page }) => {
    await submitSignUp(page, newEmail('keyboard'))
    await expect(page).toHaveURL(/\/onboarding\/mobile$/, BACKEND)
    await expect(page.getByRole('textbox', { name: 'Mobile number' })).toBeVisible()
    await page.reload() // Tab from the top of the page, as on arrival
    await expect(page.getByRole('textbox', { name: 'Mobile number' })).toBeVisible()
    await expectTabReachesEveryControl(page)
    await page.goto('/onboarding/profile')
    await expect(page.getByRole('textbox', { name: 'Phone' })).toBeVisible()
    await expectTabReachesEveryControl(page)
  },
)

test(
  "a member's My bookings and the booking dialogs: Tab reaches every control, with focus shown",
  LAYOUT,
  async ({ page }) => {
    await onboardedMember(page)
    await page.goto('/my-bookings')
    await expect(page.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible()
    await expectTabReachesEveryControl(page)

    await page.goto('/events/midweek-wednesday-dinner')
    // Opened from the keyboard, as such a member would (once the page's code is running).
    const girls = page.getByRole('button', { name: /Girls/ })
    await expect(girls).toBeEnabled()
    await girls.focus()
    await page.keyboard.press('Enter')
    // The sheet drawn ahead shows first; the dialog takes its place once its code runs (its seats known).
    const dates = page.getByRole('dialog', { name: 'Select a date' })
    await expect(dates).toBeVisible()
    await expect(dates.getByText(/spots? left|Sold out/).first()).toBeVisible(BACKEND)
    await expectTabReachesEveryControl(page, '[role="dialog"]')
    // Space picks the focused date (one not sold out); Continue opens the booking form.
    await dates.getByRole('radio').and(page.locator(':enabled')).nth(1).focus()
    await page.keyboard.press('Space')
    await dates.getByRole('button', { name: 'Continue' }).focus()
    await page.keyboard.press('Enter')
    const booking = page.getByRole('dialog', { name: 'Book your seat' })
    await expect(booking.getByRole('textbox', { name: 'Full name' })).toHaveValue('Asha Rao', BACKEND)
    await expectTabReachesEveryControl(page, '[role="dialog"]')
  },
)
