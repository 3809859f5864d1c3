/**
 * Keyboard use: every visible control on the main pages is reached with Tab, in order, and shows
 * where the focus is (an outline or a ring), as a person using a keyboard would need.
 */
import { expect, type Page, test } from '@playwright/test'

const PAGES = ['/', '/events', '/events/first-hello-stranger-meetup', '/auth', '/signup', '/contact', '/safety']

/** Visible controls a keyboard should reach, named by their text or label. */
function visibleControls(page: Page) {
  return page.evaluate(() => {
    const selector = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]'
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((el) => {
        if (el.tabIndex < 0) return false
        const box = el.getBoundingClientRect()
        const style = getComputedStyle(el)
        return box.width > 1 && box.height > 1 && style.visibility !== 'hidden' && el.closest('[inert]') === null
      })
      .map((el) => (el.getAttribute('aria-label') ?? el.textContent ?? el.id).trim().replace(/\s+/g, ' ').slice(0, 40))
  })
}

for (const path of PAGES) {
  test(`${path}: Tab reaches every visible control, each with a visible focus indicator`, async ({ page }) => {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const expected = await visibleControls(page)
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
          name: (el.getAttribute('aria-label') ?? el.textContent ?? el.id).trim().replace(/\s+/g, ' ').slice(0, 40),
          // A visually hidden input (Ark's radio and checkbox cards) shows focus on its card instead.
          indicated: ring || box.width <= 1,
        }
      })
      if (!focused) continue
      reached.push(focused.name)
      if (!focused.indicated) withoutIndicator.push(focused.name)
    }
    expect(expected.filter((name) => !reached.includes(name))).toEqual([])
    expect(withoutIndicator).toEqual([])
  })
}
