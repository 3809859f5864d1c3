/**
 * A new version deployed while members have the old one: the update prompt, the switch, and a
 * tab still running the old code that asks for a chunk the deploy removed. Each test serves its
 * own origin (a fresh service worker): the build in dist/ is "deployed" first, then a second
 * real build of the same code with another build id.
 */
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Page } from '@playwright/test'
import { type StaticSite, serveStatic } from './static-site'
import { controlledByServiceWorker, expect, test, WITH_SERVICE_WORKER } from './support'

const ROOT = join(import.meta.dirname, '..', '..')
const CURRENT = join(ROOT, 'dist')
const NEXT = join(ROOT, '.tmp', 'e2e-next-version')
const NEXT_BUILD_ID = 'e2e-next'

// One build of the next version, shared by both tests in one worker. Not tagged LAYOUT: the
// mechanism does not depend on the screen, so it runs in one project.
test.describe.configure({ mode: 'serial' })
test.use(WITH_SERVICE_WORKER)

test.beforeAll(async () => {
  test.setTimeout(240_000)
  await promisify(execFile)('npx', ['vite', 'build', '--outDir', NEXT, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: ROOT,
    env: { ...process.env, YAARI_BUILD_ID: NEXT_BUILD_ID },
  })
})

let site: StaticSite
test.beforeEach(async () => {
  site = await serveStatic(CURRENT)
})
test.afterEach(async () => {
  await site.close()
})

const footerVersion = async (page: Page) =>
  /Version (\S+)/.exec((await page.getByText(/^Version /).textContent()) ?? '')?.[1]

test('a deployed update is announced, waits for the member, and is picked up after the prompt', async ({ page }) => {
  await page.goto(`${site.url}/`)
  await controlledByServiceWorker(page)
  const current = await footerVersion(page)
  expect(current).toMatch(/^\d+\.\d+\.\d+\+/)
  expect(current).not.toContain(NEXT_BUILD_ID)

  site.deploy(NEXT)
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update()
  })
  const prompt = page.getByRole('alertdialog', { name: 'A new version of Yaari is available.' })
  await expect(prompt).toBeVisible({ timeout: 30_000 })

  // 'Later': the old version keeps working whole, even pages not opened yet.
  await prompt.getByRole('button', { name: 'Later' }).click()
  await expect(prompt).toBeHidden()
  await page.getByRole('contentinfo').getByRole('link', { name: 'Safety Center' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Safety Center' })).toBeVisible()
  expect(await footerVersion(page)).toBe(current)

  // The next visit asks again; 'Update now' switches to the new version.
  await page.reload()
  await expect(prompt).toBeVisible({ timeout: 30_000 })
  await prompt.getByRole('button', { name: 'Update now' }).click()
  await expect(page.getByText(`Version 0.1.0+${NEXT_BUILD_ID}`)).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('heading', { level: 1, name: 'Safety Center' })).toBeVisible()
  await expect(prompt).toBeHidden()
})

test('an app left open finds a deploy when it comes back into focus, with no reload', async ({ page }) => {
  await page.goto(`${site.url}/`)
  await controlledByServiceWorker(page)
  site.deploy(NEXT)
  const prompt = page.getByRole('alertdialog', { name: 'A new version of Yaari is available.' })
  await expect(prompt).toBeHidden()
  // The member switches back to the app (the home-screen app, or its tab).
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
  await expect(prompt).toBeVisible({ timeout: 30_000 })
})

test('a tab still running the old version loads the new one instead of breaking', async ({ browser }) => {
  // No service worker: the old tab's chunks can only come from the server, which now has the new deploy.
  const context = await browser.newContext({ serviceWorkers: 'block' })
  const page = await context.newPage()
  await page.goto(`${site.url}/`)
  await expect(page.getByRole('heading', { level: 1, name: 'Meet, Mingle & Make friends' })).toBeVisible()
  const current = await footerVersion(page)

  site.deploy(NEXT)
  const safety = page.getByRole('contentinfo').getByRole('link', { name: 'Safety Center' })
  await safety.click()
  await expect(page.getByText(`Version 0.1.0+${NEXT_BUILD_ID}`)).toBeVisible({ timeout: 30_000 })
  expect(current).not.toBe(`0.1.0+${NEXT_BUILD_ID}`)
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0)
  await safety.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Safety Center' })).toBeVisible()
  await context.close()
})
