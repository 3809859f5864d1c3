/** TEMPORARY walk of /host/insights (to be deleted). */
import { execFile } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { promisify } from 'node:util'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import type { YaariEvent } from '@yaari/domain/catalogue'
import { seedCatalogue } from '@yaari/domain/catalogue-records'
import { SEED_EVENTS } from '@yaari/domain/catalogue-seed'
import { istToday } from '@yaari/domain/schedule'
import { authAccounts, postCallable, ROOT } from '../../dev/lib/config.mjs'
import { DEMO_ACCOUNTS } from '../../dev/lib/demo-accounts.mjs'
import { seedMonth } from '../integration/insight-month'
import { admin, BACKEND, expect, signInAt, test } from './support'

const adminAccount = DEMO_ACCOUNTS.find((account) => account.claims.admin)!
const hostAccount = DEMO_ACCOUNTS.find((account) => !account.claims.admin)!
const MONTH = (() => {
  const [y, m] = istToday().split('-').map(Number) as [number, number]
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7)
})()
const FIRST = `${MONTH}-01`
const LAST = new Date(Date.UTC(Number(MONTH.slice(0, 4)), Number(MONTH.slice(5, 7)), 0)).toISOString().slice(0, 10)
const RUN = Math.random().toString(36).slice(2, 8)
const CITY = { id: `walk-${RUN}`, name: `Mysuru ${RUN}`, timeZone: 'Asia/Kolkata', live: true, status: 'published' }
const { status: _s, shortId: _l, rating: _r, ...seedDraft } = seedCatalogue().events[0]!
const OTHER = {
  ...seedDraft,
  id: `palace-walk-${RUN}`,
  city: CITY.id,
  title: `Palace Walk ${RUN}`,
  schedule: { weekdays: [0], dates: [], skipped: [], monthsAhead: 2 },
}
const OUT = '/tmp/walk'
const log: Record<string, unknown> = { MONTH, FIRST, LAST }
const save = () => writeFileSync(`${OUT}/ins-report.json`, JSON.stringify(log, null, 2))

async function tokenOf(account: { email: string; password: string }) {
  const answer = (await (await authAccounts('signInWithPassword', account)).json()) as { idToken: string }
  return answer.idToken
}
async function asAdmin(fn: string, data: unknown) {
  const response = await postCallable(fn, await tokenOf(adminAccount), data)
  expect(response.ok, await response.clone().text()).toBe(true)
  return ((await response.json()) as { result: Record<string, unknown> }).result
}

async function step(name: string, fn: () => Promise<unknown>) {
  const t0 = Date.now()
  try {
    const value = await fn()
    log[name] = value === undefined ? 'ok' : value
  } catch (error) {
    log[name] = { error: String(error).slice(0, 600) }
  }
  log[`${name}:ms`] = Date.now() - t0
  save()
}

const shot = (page: Page, file: string) => page.screenshot({ path: `${OUT}/${file}`, fullPage: true })

const overflow = (page: Page) =>
  page.evaluate(() => {
    const wide = [...document.querySelectorAll<HTMLElement>('main *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .filter((el) => !el.closest('[tabindex="0"]') || el.matches('[tabindex="0"]'))
      .slice(0, 8)
      .map(
        (el) =>
          `${el.tagName}.${el.className.toString().slice(0, 40)} right=${Math.round(el.getBoundingClientRect().right)}`,
      )
    return {
      innerWidth: window.innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
      overflows: document.documentElement.scrollWidth > window.innerWidth,
      wide,
      scrollers: [...document.querySelectorAll<HTMLElement>('main section[tabindex="0"]')].map((el) => ({
        label: el.getAttribute('aria-label'),
        clientWidth: el.clientWidth,
        scrollWidth: el.scrollWidth,
      })),
    }
  })

const figures = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main dl')].map((dl) =>
      [...dl.querySelectorAll('div')].map(
        (d) => `${d.querySelector('dt')?.textContent}=${d.querySelector('dd')?.textContent}`,
      ),
    ),
  )

const mainText = (page: Page) => page.getByRole('main').innerText()

async function waitNumbers(page: Page, timeout = 20_000) {
  await expect(page.getByRole('main').getByRole('status')).toHaveText(/^Showing/, { timeout })
  await expect(page.getByRole('region', { name: 'Money', exact: true })).toBeVisible({ timeout })
}

/** Status text every 500 ms until it says Showing (or the time is up), and what the page asked. */
async function watchLoad(page: Page, label: string, ms: number) {
  const seen: string[] = []
  const t0 = Date.now()
  let last = ''
  while (Date.now() - t0 < ms) {
    const now =
      (await page
        .getByRole('main')
        .getByRole('status')
        .textContent({ timeout: 2000 })
        .catch(() => 'NO STATUS')) ?? ''
    if (now !== last) seen.push(`${Date.now() - t0}ms: ${now}`)
    last = now
    if (now.startsWith('Showing')) break
    await page.waitForTimeout(500)
  }
  const numbersMs = Date.now() - t0
  let chartMs: number | string = 'no chart'
  if (last.startsWith('Showing')) {
    chartMs = await expect(page.locator('main canvas').first())
      .toBeVisible({ timeout: 10_000 })
      .then(() => Date.now() - t0)
      .catch(() => 'no chart in 10s')
  }
  return { label, seen, numbersMs, chartMs, canvases: await page.locator('main canvas').count() }
}

async function tabWalk(page: Page, presses: number) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.evaluate(() => window.scrollTo(0, 0))
  const stops: string[] = []
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab')
    stops.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null
        if (!el || el === document.body) return 'BODY'
        const cs = getComputedStyle(el)
        const name =
          el.getAttribute('aria-label') ||
          (el.id && document.querySelector(`label[for="${el.id}"]`)?.textContent) ||
          el.textContent?.trim().slice(0, 40)
        const r = el.getBoundingClientRect()
        return `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[${el.getAttribute('role')}]` : ''} "${name}" fv=${el.matches(':focus-visible')} outline=${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineColor} shadow=${cs.boxShadow === 'none' ? 'none' : 'yes'} box=${Math.round(r.width)}x${Math.round(r.height)} inMain=${Boolean(el.closest('main'))}`
      }),
    )
  }
  return stops
}

test.use({ actionTimeout: 15_000 })

test.describe('walk insights', () => {
  test.describe.configure({ mode: 'serial' })
  test.beforeAll(async () => {
    test.setTimeout(150_000)
    mkdirSync(OUT, { recursive: true })
    const t0 = Date.now()
    await asAdmin('saveCatalogueCity', { city: CITY })
    const { event } = (await asAdmin('saveCatalogueEvent', { event: OTHER, isNew: true })) as {
      event: { updatedAt: string }
    }
    await asAdmin('publishCatalogueEvent', { id: OTHER.id, savedAt: event.updatedAt })
    const seeded = await seedMonth(admin(), [...SEED_EVENTS], MONTH, 'walk')
    await seedMonth(admin(), [OTHER as unknown as YaariEvent], MONTH, `walk-${RUN}`)
    const { stdout } = await promisify(execFile)('node', [
      `${ROOT}/dev/ops.mjs`,
      'roll-insights',
      '--from',
      FIRST,
      '--to',
      LAST,
    ])
    log.seed = {
      ms: Date.now() - t0,
      seeded: { ...seeded, orderIds: seeded.orderIds.length },
      roll: stdout.slice(0, 400),
    }
    save()
  })
  test.afterAll(async () => {
    await asAdmin('saveCatalogueCity', { city: { ...CITY, status: 'archived' } })
  })

  test('admin walk', async ({ page }) => {
    test.setTimeout(150_000)
    const calls: { url: string; ms: number; status: number }[] = []
    page.on('requestfinished', async (request) => {
      if (/loadInsights/.test(request.url())) {
        const timing = request.timing()
        calls.push({
          url: request.url().slice(-40),
          ms: Math.round(timing.responseEnd),
          status: (await request.response())?.status() ?? 0,
        })
      }
    })
    await signInAt(page, adminAccount.email, adminAccount.password)
    await expect(page).toHaveURL(/\/$/, BACKEND)

    // Default page and timing.
    await step('default', async () => {
      const t0 = Date.now()
      const response = await page.goto('/host/insights')
      log.gotoStatus = response?.status()
      await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible(BACKEND)
      const h1 = Date.now() - t0
      const load = await watchLoad(page, 'default', 20_000)
      await page.waitForTimeout(500)
      await shot(page, 'ins-01-default-375.png')
      return {
        h1,
        load,
        figures: await figures(page),
        overflow: await overflow(page),
        text: (await mainText(page)).slice(0, 2500),
      }
    })
    await step('default-reload', async () => {
      await page.reload()
      const load = await watchLoad(page, 'reload', 15_000)
      await page.waitForTimeout(500)
      await shot(page, 'ins-01b-default-reload-375.png')
      return { load, figures: await figures(page) }
    })
    await step('default-client-nav', async () => {
      await page.goto('/host')
      await page.getByRole('link', { name: 'Insights' }).first().click()
      const load = await watchLoad(page, 'client-nav', 15_000)
      await page.waitForTimeout(500)
      await shot(page, 'ins-01c-default-client-nav-375.png')
      return { load, figures: await figures(page), text: (await mainText(page)).slice(0, 2500) }
    })
    await step('aria-default', async () => page.getByRole('main').ariaSnapshot({ timeout: 10_000 }))
    await step('tab-default', async () => tabWalk(page, 9))
    await step('period-options', async () =>
      page.getByLabel('Period', { exact: true }).locator('option').allTextContents(),
    )

    // Custom range: what the form shows first.
    await step('custom-chosen', async () => {
      await page.getByLabel('Period', { exact: true }).selectOption('custom')
      await page.waitForTimeout(300)
      await shot(page, 'ins-02-custom-chosen-375.png')
      return {
        from: await page.getByLabel('From', { exact: true }).inputValue(),
        to: await page.getByLabel('To', { exact: true }).inputValue(),
        status: await page.getByText('Loading the numbers…').count(),
      }
    })
    await step('custom-month', async () => {
      await page.getByLabel('From', { exact: true }).fill(FIRST)
      await page.getByLabel('To', { exact: true }).fill(LAST)
      const t0 = Date.now()
      await page.getByRole('button', { name: 'Show this range' }).click()
      const load = await watchLoad(page, 'month', 20_000)
      const ms = Date.now() - t0
      const focused = await page.evaluate(
        () => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.slice(0, 30)}`,
      )
      await expect(page.locator('main canvas'))
        .toHaveCount(7, { timeout: 10_000 })
        .catch(() => undefined)
      log.monthChartsMs = Date.now() - t0
      await page.waitForTimeout(700)
      await shot(page, 'ins-03-custom-month-375.png')
      return {
        ms,
        figures: await figures(page),
        overflow: await overflow(page),
        text: (await mainText(page)).slice(0, 6000),
      }
    })
    await step('aria-month', async () => page.getByRole('main').ariaSnapshot({ timeout: 10_000 }))
    await step('a11y-tree-names', async () => ({
      imgs: await page.getByRole('img').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label'))),
      captions: await page.locator('main caption').allTextContents(),
      headings: await page
        .locator('main :is(h1,h2,h3)')
        .evaluateAll((els) => els.map((el) => `${el.tagName} ${el.textContent}`)),
      regions: await page.getByRole('region').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label'))),
    }))
    await step('tab-month', async () => tabWalk(page, 12))
    await step('focus-table-shot', async () => {
      const table = page.getByRole('region', { name: 'Fill rate per date, the numbers' })
      await table.focus()
      await page.keyboard.press('ArrowRight')
      await page.keyboard.press('ArrowRight')
      await page
        .getByRole('region', { name: 'Fill rate', exact: true })
        .screenshot({ path: `${OUT}/ins-03b-fill-focused-375.png` })
      await page
        .getByRole('region', { name: 'Money', exact: true })
        .screenshot({ path: `${OUT}/ins-03c-money-375.png` })
      return table.evaluate((el) => ({
        scrollLeft: el.scrollLeft,
        fv: el.matches(':focus-visible'),
        outline: getComputedStyle(el).outline,
      }))
    })
    await step('download-focus', async () => {
      const b = page.getByRole('button', { name: 'Download CSV: Money per week' })
      await b.focus()
      const download = page.waitForEvent('download')
      await page.keyboard.press('Enter')
      const d = await download
      return { name: d.suggestedFilename() }
    })
    await step('axe-month', async () => {
      const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze()
      return results.violations.map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}) ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(' | ')}`,
      )
    })
    await step('month-360', async () => {
      await page.setViewportSize({ width: 360, height: 780 })
      await page.waitForTimeout(700)
      await shot(page, 'ins-04-custom-month-360.png')
      return overflow(page)
    })
    await page.setViewportSize({ width: 375, height: 812 })

    // City = Bangalore.
    await step('city', async () => {
      const city = page.getByLabel('City', { exact: true })
      const options = await city.locator('option').allTextContents()
      const t0 = Date.now()
      await city.selectOption({ label: 'Bangalore' })
      await page.waitForTimeout(100)
      const during = await page.getByText('Loading the numbers…').count()
      await waitNumbers(page)
      const ms = Date.now() - t0
      await page.waitForTimeout(700)
      await shot(page, 'ins-05-city-bangalore-375.png')
      return {
        options,
        during,
        ms,
        figures: await figures(page),
        overflow: await overflow(page),
        eventOptions: await page.getByLabel('Event', { exact: true }).locator('option').allTextContents(),
      }
    })
    // A single event.
    await step('event', async () => {
      const ev = page.getByLabel('Event', { exact: true })
      const label = (await ev.locator('option').allTextContents())[1]!
      await ev.selectOption({ label })
      await waitNumbers(page)
      await page.waitForTimeout(700)
      await shot(page, 'ins-06-event-375.png')
      return {
        label,
        figures: await figures(page),
        overflow: await overflow(page),
        text: (await mainText(page)).slice(0, 5000),
      }
    })
    // From after To.
    await step('from-after-to', async () => {
      const before = calls.length
      await page.getByLabel('From', { exact: true }).fill(LAST)
      await page.getByLabel('To', { exact: true }).fill(FIRST)
      await page.getByRole('button', { name: 'Show this range' }).click()
      await page.waitForTimeout(800)
      await shot(page, 'ins-07-from-after-to-375.png')
      return {
        newCalls: calls.length - before,
        fromValidity: await page
          .getByLabel('From', { exact: true })
          .evaluate((el: HTMLInputElement) => el.validationMessage),
        toValidity: await page
          .getByLabel('To', { exact: true })
          .evaluate((el: HTMLInputElement) => el.validationMessage),
        alerts: await page.getByRole('alert').allTextContents(),
        invalid: await page
          .locator('[aria-invalid="true"]')
          .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? el.id)),
        focused: await page.evaluate(
          () => `${document.activeElement?.tagName} ${(document.activeElement as HTMLInputElement)?.value}`,
        ),
        status: await page.getByRole('main').getByRole('status').textContent(),
      }
    })
    // One date empty.
    await step('from-empty', async () => {
      await page.getByLabel('From', { exact: true }).fill('')
      await page.getByRole('button', { name: 'Show this range' }).click()
      await page.waitForTimeout(500)
      return {
        fromValidity: await page
          .getByLabel('From', { exact: true })
          .evaluate((el: HTMLInputElement) => el.validationMessage),
        alerts: await page.getByRole('alert').allTextContents(),
      }
    })
    // A year with nothing.
    await step('empty-period', async () => {
      await page.getByLabel('Event', { exact: true }).selectOption('')
      await waitNumbers(page).catch(() => undefined)
      await page.getByLabel('From', { exact: true }).fill('2019-01-01')
      await page.getByLabel('To', { exact: true }).fill('2019-12-31')
      await page.getByRole('button', { name: 'Show this range' }).click()
      await waitNumbers(page)
      await page.waitForTimeout(500)
      await shot(page, 'ins-08-empty-2019-375.png')
      return {
        figures: await figures(page),
        text: (await mainText(page)).slice(0, 3000),
        overflow: await overflow(page),
      }
    })
    // Longer than 400 days.
    await step('too-long', async () => {
      await page.getByLabel('From', { exact: true }).fill('2023-01-01')
      await page.getByLabel('To', { exact: true }).fill('2025-06-30')
      await page.getByRole('button', { name: 'Show this range' }).click()
      await expect(page.getByText('Loading the numbers…')).toHaveCount(0, BACKEND)
      await page.waitForTimeout(500)
      await shot(page, 'ins-09-too-long-375.png')
      return { alerts: await page.getByRole('alert').allTextContents(), text: (await mainText(page)).slice(0, 1500) }
    })
    // Back to the 3 months preset.
    await step('three-months', async () => {
      await page.getByLabel('Period', { exact: true }).selectOption('3m')
      await waitNumbers(page)
      await page.waitForTimeout(500)
      await shot(page, 'ins-10-3m-375.png')
      return {
        alerts: await page.getByRole('alert').allTextContents(),
        figures: await figures(page),
        overflow: await overflow(page),
        text: (await mainText(page)).slice(0, 800),
      }
    })
    log.calls = calls
    save()
  })

  test('host walk', async ({ page }) => {
    test.setTimeout(100_000)
    await signInAt(page, hostAccount.email, hostAccount.password)
    await expect(page).toHaveURL(/\/$/, BACKEND)
    await step('host-default', async () => {
      await page.goto('/host/insights')
      const load = await watchLoad(page, 'host-default', 20_000)
      await page.waitForTimeout(500)
      await shot(page, 'ins-11-host-default-375.png')
      return {
        load,
        figures: await figures(page),
        city: await page.getByLabel('City', { exact: true }).count(),
        overflow: await overflow(page),
        text: (await mainText(page)).slice(0, 2500),
      }
    })
    await step('host-month', async () => {
      await page.getByLabel('Period', { exact: true }).selectOption('custom')
      await page.getByLabel('From', { exact: true }).fill(FIRST)
      await page.getByLabel('To', { exact: true }).fill(LAST)
      await page.getByRole('button', { name: 'Show this range' }).click()
      await waitNumbers(page)
      await page.waitForTimeout(700)
      await shot(page, 'ins-12-host-month-375.png')
      const o375 = await overflow(page)
      await page.setViewportSize({ width: 360, height: 780 })
      await page.waitForTimeout(700)
      await shot(page, 'ins-13-host-month-360.png')
      return {
        figures: await figures(page),
        o375,
        o360: await overflow(page),
        events: await page.getByLabel('Event', { exact: true }).locator('option').allTextContents(),
        text: (await mainText(page)).slice(0, 6000),
      }
    })
    await step('host-header-nav', async () => {
      const nav = await page.evaluate(() =>
        [...document.querySelectorAll('a[href*="/host/insights"]')].map((a) => a.textContent),
      )
      await page.goto('/host')
      await page.waitForTimeout(1500)
      await shot(page, 'ins-14-host-console-375.png')
      return { nav, consoleLinks: await page.getByRole('link', { name: /insight/i }).allTextContents() }
    })
  })
})
