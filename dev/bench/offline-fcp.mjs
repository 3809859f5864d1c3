// @ts-check
/**
 * Offline start: OFFLINE_FCP.path reloaded with no network after one online visit (the service
 * worker serving it), on this machine's CPU and with it slowed 4x like a mid-range phone.
 */
import { OFFLINE_FCP } from './budgets.mjs'
import { median } from './stats.mjs'

/**
 * Offline reloads of OFFLINE_FCP.path: first contentful paint of each (ms from navigation start).
 * @param {import('@playwright/test').Browser} browser @param {string} appUrl @param {number} cpuSlowdown
 */
async function reloadsOffline(browser, appUrl, cpuSlowdown) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } })
  const page = await context.newPage()
  const url = `${appUrl}${OFFLINE_FCP.path}`
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload({ waitUntil: 'networkidle' }) // now controlled by the service worker
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) throw new Error('no service worker')
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
  await context.setOffline(true)
  /** @type {number[]} */
  const runs = []
  for (let i = 0; i < OFFLINE_FCP.runs; i++) {
    await page.reload({ waitUntil: 'load' })
    await page.getByRole('heading', { level: 1 }).waitFor()
    const fcp = await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      undefined,
      { timeout: 10_000 },
    )
    runs.push(Math.round(Number(await fcp.jsonValue())))
  }
  await context.close()
  return { runsMs: runs, medianMs: median(runs), maxMs: Math.max(...runs) }
}

/** @param {import('@playwright/test').Browser} browser @param {string} appUrl */
export async function measureOfflineFcp(browser, appUrl) {
  const desk = await reloadsOffline(browser, appUrl, 1)
  const phone = await reloadsOffline(browser, appUrl, 4)
  return {
    path: OFFLINE_FCP.path,
    thisMachine: { ...desk, medianBudgetMs: OFFLINE_FCP.medianBudgetMs },
    cpu4xSlower: { ...phone, medianBudgetMs: OFFLINE_FCP.phoneMedianBudgetMs },
  }
}
