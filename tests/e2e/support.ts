/** Helpers the end-to-end tests share: page structure checks a person would notice. */
import { randomUUID } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/** No serious or critical axe violation on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
  expect(serious, serious.join('\n')).toEqual([])
}

/** One h1, no skipped heading levels, a title and a meta description, no unfilled placeholder. */
export async function expectWellFormedPage(page: Page) {
  const levels = await page
    .locator('main :is(h1,h2,h3,h4,h5,h6)')
    .evaluateAll((nodes) => nodes.map((node) => Number(node.tagName[1])))
  expect(
    levels.filter((level) => level === 1),
    'exactly one h1',
  ).toHaveLength(1)
  expect(levels[0], 'the first heading is the h1').toBe(1)
  for (let i = 1; i < levels.length; i++) {
    expect(levels[i]! - levels[i - 1]!, `heading levels ${levels.join(',')}`).toBeLessThanOrEqual(1)
  }
  await expect(page).toHaveTitle(/\S/)
  const description = await page.locator('meta[name="description"]').getAttribute('content')
  expect(description?.length ?? 0).toBeGreaterThan(20)
  const text = await page.locator('body').innerText()
  expect(text).not.toMatch(/\{[a-z_ ]+\}/i)
}

/** The password every test member signs up with. */
export const PASSWORD = 'correct-horse-42'

/** A fresh address for a test member. */
export const newEmail = (prefix = 'e2e') => `${prefix}-${randomUUID()}@example.test`

/** Fills in /signup as a person would and presses Sign Up. */
export async function submitSignUp(page: Page, email: string, name = 'Asha Rao') {
  await page.goto('/signup')
  await page.getByRole('textbox', { name: 'Full name' }).fill(name)
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign Up' }).click()
}
