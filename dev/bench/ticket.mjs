// @ts-check
/**
 * The ticket at the door, for `npm run bench`: the time from navigating to a paid booking's
 * ticket page to its QR code on screen, for a member who opened My bookings once online, with
 * the service worker in control: online, and with every request that leaves the app's origin
 * hanging unanswered (Firebase Auth's look-ups included, as a venue's signal leaves them). Each
 * with the CPU slowed to Lighthouse's mid-tier phone as calibrated to this host (its
 * benchmarkIndex, measured in the page just before, through Lighthouse's calculator: decision
 * 0004; the budget applies here), at 4x, and at the interaction bench's stricter 10x; the median
 * of TICKET.runs runs after a warm-up. The member, the booking and its payment are made through
 * the Auth emulator, the functions and the payment stand-in; the member signs in through the app.
 *
 * The hanging is a proxy that every other origin goes through (hanging-proxy.mjs), not Playwright's
 * routing, which would pause every request, the app's own files included, for a round trip here.
 */
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { authAccounts, postCallable, ROOT, standinControl } from '../lib/config.mjs'
import { importTypeScript } from '../lib/typescript.mjs'
import { TICKET } from './budgets.mjs'
import { hangingProxy } from './hanging-proxy.mjs'
import { slowedRuns } from './slowed-runs.mjs'

const PASSWORD = 'bench-password-42'

/** A callable function over HTTP, as the web SDK calls it. @param {string} name @param {string} idToken @param {unknown} data */
export async function call(name, idToken, data) {
  const response = await postCallable(name, idToken, data)
  if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`)
  return /** @type {any} */ (await response.json()).result
}

/**
 * A member with a profile and a paid seat at The First Hello (or at `eventId`, on the last of `dates`
 * with a seat left), booked in `name`: their sign-in, order and pass.
 * @param {{ eventId?: string, dates?: string[], name?: string }} [options]
 */
export async function paidMember({ eventId = 'first-hello-stranger-meetup', dates, name } = {}) {
  const { VALID_PROFILE } = await importTypeScript(
    join(ROOT, 'packages', 'domain', 'src', 'profile.fixture.ts'),
    'profile-fixture',
  )
  const { availableDates, SEED_EVENTS } = await importTypeScript(
    {
      contents:
        "export { SEED_EVENTS } from './packages/domain/src/catalogue-seed'; export { availableDates } from './packages/domain/src/schedule'",
    },
    'ticket-dates',
  )
  const email = `bench-ticket-${randomUUID()}@example.test`
  const signUp = await authAccounts('signUp', { email, password: PASSWORD, displayName: 'Asha Rao' })
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`)
  const { idToken } = /** @type {{ idToken: string }} */ (await signUp.json())
  await call('saveProfile', idToken, VALID_PROFILE)
  const event = SEED_EVENTS.find((/** @type {{ id: string }} */ e) => e.id === eventId)
  const { dateOfBirth, mobile } = VALID_PROFILE
  const userProfile = { name: name ?? VALID_PROFILE.name, email, mobile, dateOfBirth, termsAccepted: true }
  // The last date with a seat left (a stack kept running between benches fills them).
  let order
  let bookedDate = ''
  for (const eventDate of [...(dates ?? availableDates(event))].reverse()) {
    bookedDate = eventDate
    order = await call('createBooking', idToken, { eventId: event.id, eventDate, tier: 'girls', userProfile }).catch(
      (/** @type {Error} */ error) => {
        if (error.message.includes('sold out')) return undefined
        throw error
      },
    )
    if (order) break
  }
  if (!order) throw new Error(`every date of ${event.title} asked for is sold out`)
  const paid = await standinControl(`/orders/${order.order_id}/pay`)
  if (!paid.ok) throw new Error(`pay: ${paid.status} ${await paid.text()}`)
  const { booking } = await call('getBooking', idToken, { orderId: order.order_id })
  if (booking.status !== 'confirmed' || !booking.pass) throw new Error(`the booking is ${booking.status}, no pass`)
  return {
    email,
    password: PASSWORD,
    idToken,
    orderId: order.order_id,
    eventId: event.id,
    eventDate: bookedDate,
    pass: booking.pass,
  }
}

/**
 * Signs `person` in on the app's sign-in page as a person does (email and password), and waits to
 * be sent on from it.
 * @param {import('@playwright/test').Page} page @param {string} appUrl
 * @param {{ email: string, password: string }} person
 */
export async function signInOnPage(page, appUrl, person) {
  await page.goto(`${appUrl}/auth`)
  const panel = page.getByRole('tabpanel')
  await panel.getByRole('textbox', { name: 'Email' }).fill(person.email)
  await panel.getByLabel('Password').fill(person.password)
  await panel.getByRole('button', { name: 'Sign In', exact: true }).click()
  await page.waitForURL((url) => url.pathname !== '/auth', { timeout: 30_000 })
}

/** Records, on every page of the context, when the pass's QR code is first on screen (ms since navigation). */
const WATCH_FOR_QR = () => {
  const seen = () => document.querySelector('[role="img"][aria-label^="QR code of your pass"]')
  new MutationObserver((_, observer) => {
    if (!seen()) return
    observer.disconnect()
    // The frame it is painted in.
    requestAnimationFrame(() => Object.assign(window, { __qrShownAt: performance.now() }))
  }).observe(document, { childList: true, subtree: true })
}

/**
 * @param {import('@playwright/test').Browser} browser @param {string} appUrl
 * @param {{ email: string, orderId: string }} member
 * @param {{ hanging: boolean, slowdown: number | 'calibrated' }} conditions
 */
async function timesToQr(browser, appUrl, member, { hanging, slowdown }) {
  const signal = await hangingProxy()
  const context = await browser.newContext({
    baseURL: appUrl,
    viewport: { width: 375, height: 812 },
    // Every other origin (Firebase Auth, the functions) through the proxy; the app's own directly.
    proxy: { server: signal.server, bypass: new URL(appUrl).host },
  })
  try {
    const page = await context.newPage()
    await signInOnPage(page, appUrl, { email: member.email, password: PASSWORD })
    // Once online: My bookings fills the device, and the service worker takes control.
    await page.goto('/my-bookings')
    await page.getByRole('link', { name: /Show ticket/ }).waitFor({ timeout: 30_000 })
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await page.reload()
    await page.getByRole('link', { name: /Show ticket/ }).waitFor({ timeout: 30_000 })
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) throw new Error('no service worker')

    if (hanging) signal.hang()
    await context.addInitScript(WATCH_FOR_QR)
    const times = await slowedRuns(context, page, slowdown, TICKET.runs, async () => {
      // Reloaded in the same tab, as the offline start-up figure is (offline-fcp.mjs).
      await page.goto(`/my-bookings/${member.orderId}`, { waitUntil: 'commit' })
      const shown = await page.waitForFunction(() => /** @type {any} */ (window).__qrShownAt, undefined, {
        timeout: 20_000,
      })
      return Math.round(Number(await shown.jsonValue()))
    })
    // The page left open: Firebase Auth asks about the member, and that request hangs too.
    const lookedUp = () => signal.held.some((url) => url.includes('accounts:lookup'))
    for (let waited = 0; hanging && !lookedUp() && waited < 15_000; waited += 250) await page.waitForTimeout(250)
    if (hanging && !lookedUp()) {
      throw new Error("Firebase Auth's account look-up was not among the hanging requests: the hang did not work")
    }
    return { ...times, ...(hanging ? { requestsHanging: signal.held.length } : {}) }
  } finally {
    await context.close()
    await signal.close()
  }
}

/** @param {import('@playwright/test').Browser} browser @param {string} appUrl */
export async function measureTicket(browser, appUrl) {
  const member = await paidMember()
  /** @typedef {Awaited<ReturnType<typeof timesToQr>>} Times */
  /** @type {{ online: Record<string, Times>, hanging: Record<string, Times> }} */
  const results = { online: {}, hanging: {} }
  for (const slowdown of TICKET.slowdowns) {
    const key = slowdown === 'calibrated' ? 'calibrated' : `${slowdown}x`
    results.hanging[key] = await timesToQr(browser, appUrl, member, { hanging: true, slowdown })
    results.online[key] = await timesToQr(browser, appUrl, member, { hanging: false, slowdown })
  }
  return {
    path: '/my-bookings/{orderId}',
    budgetMs: TICKET.hangingBudgetMs,
    online: results.online,
    hanging: results.hanging,
  }
}
