/**
 * Insights at 360 px: last month's evenings are written into the stack as the paths write them
 * (two cities: Bangalore's three events, and an event of a city this run publishes), rolled by the
 * team's own command (`roll-insights`), then read. An admin opens the month: the fill-rate chart
 * and its table, the money totals to the paisa in ₹ with Indian grouping, a CSV; the charts' code
 * is fetched on this page. The Bangalore host sees Bangalore only. A visitor and a member are
 * refused, on the page and through the public API.
 */
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import type { YaariEvent } from '@yaari/domain/catalogue'
import { seedCatalogue } from '@yaari/domain/catalogue-records'
import { SEED_EVENTS } from '@yaari/domain/catalogue-seed'
import { formatPaise } from '@yaari/domain/insight-series'
import { istToday } from '@yaari/domain/schedule'
import { postCallable, ROOT } from '../../dev/lib/config.mjs'
import { datesOfMonth, type SeededMonth, seedMonth } from '../integration/insight-month'
import {
  admin,
  adminAccount,
  apiMember,
  BACKEND,
  callAs,
  expect,
  expectNoSeriousA11yViolations,
  hostAccount,
  idTokenOf,
  onboardedMember,
  PASSWORD,
  signedInAs,
  test,
} from './support'

/** Last calendar month (IST): every evening of it over. */
const MONTH = (() => {
  const [y, m] = istToday().split('-').map(Number) as [number, number]
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7)
})()
const FIRST = `${MONTH}-01`
const LAST = new Date(Date.UTC(Number(MONTH.slice(0, 4)), Number(MONTH.slice(5, 7)), 0)).toISOString().slice(0, 10)

const RUN = Math.random().toString(36).slice(2, 8)
const CITY = { id: `ins-${RUN}`, name: `Mysuru ${RUN}`, timeZone: 'Asia/Kolkata', live: true, status: 'published' }
const { status: _s, shortId: _l, rating: _r, ...seedDraft } = seedCatalogue().events[0]!
const OTHER = {
  ...seedDraft,
  id: `palace-walk-${RUN}`,
  city: CITY.id,
  title: `Palace Walk ${RUN}`,
  schedule: { weekdays: [0], dates: [], skipped: [], monthsAhead: 2 },
}

const asAdmin = (fn: string, data: unknown) => callAs(adminAccount, fn, data)

let bangalore: SeededMonth

test.describe('Insights', () => {
  test.describe.configure({ mode: 'serial' })

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    await asAdmin('saveCatalogueCity', { city: CITY })
    const { event } = (await asAdmin('saveCatalogueEvent', { event: OTHER, isNew: true })) as {
      event: { updatedAt: string }
    }
    await asAdmin('publishCatalogueEvent', { id: OTHER.id, savedAt: event.updatedAt })
    bangalore = await seedMonth(admin(), [...SEED_EVENTS], MONTH, 'e2e')
    await seedMonth(admin(), [OTHER as unknown as YaariEvent], MONTH, `e2e-${RUN}`)
    const { stdout } = await promisify(execFile)('node', [
      `${ROOT}/dev/ops.mjs`,
      'roll-insights',
      '--from',
      FIRST,
      '--to',
      LAST,
    ])
    expect(stdout).toContain('Rolled')
  })

  test.afterAll(async () => {
    // This run's city off the selector again: its event is on no listing of the tests that follow.
    await asAdmin('saveCatalogueCity', { city: { ...CITY, status: 'archived' } })
  })

  async function openMonth(page: import('@playwright/test').Page) {
    await page.goto('/host/insights')
    await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible(BACKEND)
    // The last 4 weeks first, as they are when the page opens (on a fresh stack: no evening rolled yet).
    await expect(page.getByRole('status').filter({ hasText: /^Showing / })).toBeVisible(BACKEND)
    await page.getByLabel('Period').selectOption('custom')
    await page.getByLabel('From').fill(FIRST)
    await page.getByLabel('To', { exact: true }).fill(LAST)
    await page.getByRole('button', { name: 'Show this range' }).click()
  }

  test('an admin reads last month: the fill-rate chart and its table, the money to the paisa, a CSV', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 })
    const charts: string[] = []
    page.on('request', (request) => {
      if (/insight-chart/.test(request.url())) charts.push(request.url())
    })
    await signedInAs(page, adminAccount)
    await openMonth(page)
    // Every city to an admin: this run's city among them. Then Bangalore alone, to match its bookings.
    const city = page.getByLabel('City')
    await expect(city.getByRole('option', { name: CITY.name })).toBeAttached(BACKEND)
    await city.selectOption({ label: 'Bangalore' })

    const money = page.getByRole('region', { name: 'Money' })
    const net = bangalore.grossPaise - bangalore.refundsPaise
    await expect(money.getByText(formatPaise(bangalore.grossPaise), { exact: true })).toBeVisible(BACKEND)
    await expect(money.getByText(formatPaise(bangalore.refundsPaise), { exact: true })).toBeVisible()
    await expect(money.getByText(formatPaise(net), { exact: true })).toBeVisible()
    // The filters are the page's address: a reload (or the link shared) shows the same view.
    await page.reload()
    await expect(page.getByLabel('City')).toHaveValue('bangalore', BACKEND)
    await expect(page.getByLabel('Period')).toHaveValue('custom')
    await expect(money.getByText(formatPaise(bangalore.grossPaise), { exact: true })).toBeVisible(BACKEND)

    const fill = page.getByRole('region', { name: 'Fill rate' })
    await expect(fill.getByRole('img', { name: /^Fill rate per date: a chart/ })).toBeVisible()
    const table = fill.getByRole('table', { name: 'Fill rate per date' })
    // A row per date held (each event has its own weekday), the cancelled one left out.
    const dates = SEED_EVENTS.flatMap((event) => datesOfMonth(event, MONTH)).length - bangalore.cancelledDates.length
    await expect(table.getByRole('row')).toHaveCount(dates + 1)
    for (const event of SEED_EVENTS) await expect(table.getByRole('cell', { name: event.title }).first()).toBeAttached()
    await expect(table.getByRole('cell', { name: OTHER.title })).toHaveCount(0)
    expect(charts.length).toBeGreaterThan(0)

    const download = page.waitForEvent('download')
    await money.getByRole('button', { name: 'Download CSV: Money per week' }).click()
    const csv = await readFile((await (await download).path())!, 'utf8')
    expect(csv.split('\r\n')[0]).toBe('Week of,Gross,Refunds,Net')
    const gross = csv
      .split('\r\n')
      .slice(1)
      .reduce((sum, line) => sum + Math.round(Number(line.split(',')[1]) * 100), 0)
    expect(gross).toBe(bangalore.grossPaise)
    await expectNoSeriousA11yViolations(page)
  })

  test('the Bangalore host sees Bangalore only', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 })
    await signedInAs(page, hostAccount)
    // An address with a day that does not exist and a year 9999 shows the last 4 weeks, asking nothing odd.
    await page.goto('/host/insights?period=custom&from=2026-02-30&to=9999-12-31&city=%3Cx%3E')
    await expect(page.getByRole('status').filter({ hasText: /^Showing / })).toBeVisible(BACKEND)
    await expect(page.getByLabel('Period')).toHaveValue('4w')
    await expect(page.getByRole('alert')).toHaveCount(0)
    await openMonth(page)
    const money = page.getByRole('region', { name: 'Money' })
    await expect(money.getByText(formatPaise(bangalore.grossPaise), { exact: true })).toBeVisible(BACKEND)
    await expect(page.getByLabel('City')).toHaveCount(0)
    await expect(page.getByLabel('Event').getByRole('option', { name: OTHER.title })).toHaveCount(0)
    const table = page.getByRole('table', { name: 'Fill rate per date' })
    await expect(table.getByRole('cell', { name: SEED_EVENTS[0]!.title }).first()).toBeAttached()
    await expect(table.getByRole('cell', { name: OTHER.title })).toHaveCount(0)
  })

  test('a visitor and a member are refused, on the page and through the public API', async ({ page }) => {
    await page.goto('/host/insights')
    await expect(page.getByRole('heading', { level: 1, name: 'Hosts only' })).toBeVisible(BACKEND)
    await onboardedMember(page)
    await page.goto('/host/insights')
    await expect(page.getByRole('heading', { level: 1, name: 'Hosts only' })).toBeVisible(BACKEND)
    await expect(page.getByText('Gross')).toHaveCount(0)

    const period = { from: FIRST, to: LAST }
    const visitor = await postCallable('loadInsights', '', period)
    expect(visitor.status).toBe(401)
    const member = await apiMember('Asha Rao')
    const token = await idTokenOf({ email: member.email, password: PASSWORD })
    const refused = await postCallable('loadInsights', token, period)
    expect(refused.status).toBe(403)
    expect(JSON.stringify(await refused.json())).not.toContain('grossPaise')
  })
})
