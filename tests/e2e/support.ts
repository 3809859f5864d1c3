/**
 * Helpers the end-to-end tests share: the `test` every spec uses (it fails a test during which
 * any page broke the Content-Security-Policy), page structure checks a person would notice, the
 * public pages, and the way to a member with a completed profile and a booking.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import {
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test'
import { seatsCollectionPath } from '@yaari/domain/availability'
import type { YaariEvent } from '@yaari/domain/catalogue'
import { SEED } from '@yaari/domain/catalogue-seed'
import { DOOR_OPENS_BEFORE_MS, doorWindow } from '@yaari/domain/door'
import { getApps, initializeApp } from 'firebase-admin/app'
import { getFirestore } from 'firebase-admin/firestore'
import { authAccounts, HOST, PROJECT_ID, postCallable, ROOT, smsCodesUrl, stackPorts } from '../../dev/lib/config.mjs'
import { DEMO_ACCOUNTS } from '../../dev/lib/demo-accounts.mjs'
import { runStackJob } from '../../dev/lib/scheduler.mjs'
import type { STEP_KINDS } from '../../dev/lib/test-timings.mjs'

import { CALL_TIMEOUT_MS } from '../../src/lib/call'
import * as api from '../fixtures/api'
import { ONBOARDED_PROFILE, PASSWORD } from '../fixtures/api'
import { signedInDevice } from '../fixtures/device'

type StepKind = (typeof STEP_KINDS)[number]
type StorageState = Parameters<BrowserContext['setStorageState']>[0]

/** The stack's Firestore stand-in, for firebase-admin and the team's commands. */
const FIRESTORE_HOST = `${HOST}:${stackPorts().firestore}`

export { expect }

/**
 * Playwright's test, watching every page of the test's browser context for
 * `securitypolicyviolation`: the app is served with firebase.json's policy (the local preview
 * adds only the stack's 127.0.0.1 servers), so anything it blocks is a page that would break in
 * production. A test that saw one fails, naming the directive and what was blocked.
 */
export const test = base.extend<{ cspViolations: string[]; phones: undefined }>({
  // Every page of the test's phones (its own context and phoneOf's): a reload is a kind of step the
  // timing report counts (dev/lib/test-timings.mjs); with YAARI_COVERAGE set (`npm run coverage`),
  // the app's JavaScript each page ran is kept for the coverage report (dev/coverage.mjs).
  phones: [
    async ({ context, browser }, use, testInfo) => {
      const covered: Page[] = []
      const watch = (page: Page) => {
        const reload = page.reload.bind(page)
        page.reload = (options) => timed('reload', page.url(), () => reload(options))
        if (process.env.YAARI_COVERAGE) {
          covered.push(page)
          void page.coverage.startJSCoverage({ resetOnNavigation: false }).catch(() => undefined)
        }
      }
      const watchContext = (phone: BrowserContext) => {
        phone.pages().forEach(watch)
        phone.on('page', watch)
        return phone
      }
      watchContext(context)
      // Phones the test opens itself (phoneOf, another member's browser): watched the same way.
      const newContext = browser.newContext.bind(browser)
      browser.newContext = async (options) => watchContext(await newContext(options))
      try {
        await use(undefined)
      } finally {
        browser.newContext = newContext
      }
      if (process.env.YAARI_COVERAGE) await keepCoverage(covered, testInfo)
      // The other phones of the test (phoneOf) end with it.
      await Promise.all([...otherPhones].map((phone) => phone.close()))
      otherPhones.clear()
    },
    { auto: true },
  ],
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = []
      await context.exposeBinding('__reportCspViolation', (_source, violation: string) => {
        violations.push(violation)
      })
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation
          report(
            `${event.effectiveDirective} blocked ${event.blockedURI || 'an inline'} on ${location.pathname}` +
              ` (${event.sourceFile || 'the page'}:${event.lineNumber})`,
          )
        })
      })
      await use(violations)
      expect(violations, 'Content-Security-Policy violations').toEqual([])
    },
    { auto: true },
  ],
})

/**
 * A step of one of the kinds the timing report adds up (`STEP_KINDS` in dev/lib/test-timings.mjs):
 * "sign-in (UI): ...", "stack job: ..." and so on, so `npm test` can say where a file's time went.
 */
function timed<T>(kind: StepKind, title: string, body: () => Promise<T>): Promise<T> {
  return test.step(`${kind}: ${title}`, body, { box: true })
}

/**
 * For tests whose result depends on the screen width: they run in the desktop project as well as
 * on a phone (playwright.config.ts). `test('...', LAYOUT, async ...)` or on a describe.
 */
export const LAYOUT = { tag: '@layout' }

/**
 * Contexts block service workers unless a test opts in with `test.use(WITH_SERVICE_WORKER)`:
 * installing one precaches the whole app, which most tests do not need.
 */
export const WITH_SERVICE_WORKER = { serviceWorkers: 'allow' } as const

/** No serious or critical axe violation on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // The page as it settles, read without motion (as a member who asks for less motion sees it): a
  // toast that starts to fade out while axe measures would read as low-contrast text. Then let
  // opening dialogs and sheets finish any animation; endless ones (spinners) are not waited for.
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  // Legacy mode runs axe in the page itself; the default opens a blank page per analysis to
  // finish the run across origins (our pages have no cross-origin frames), at twice the time.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze()
  await page.emulateMedia({ reducedMotion: null })
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
  expect(serious, serious.join('\n')).toEqual([])
}

/**
 * The page's landmarks as a screen reader lists them: one main, no id used twice, and none of axe's
 * landmark rules broken, whatever their impact (the console once nested a main in the app's main).
 */
export async function expectOneMain(page: Page) {
  expect(await page.getByRole('main').count()).toBe(1)
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withRules(['landmark-no-duplicate-main', 'landmark-main-is-top-level', 'duplicate-id', 'duplicate-id-aria'])
    .analyze()
  const found = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(found, found.join('\n')).toEqual([])
}

/**
 * Waits until the app has taken over a prerendered page: the header's Menu button (hidden on
 * wide screens) is enabled only then. Before that, links still work as plain links.
 */
export async function waitForApp(page: Page) {
  await expect(page.getByRole('button', { name: 'Menu', includeHidden: true })).toBeEnabled()
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

/** The header, with its links unfolded on a phone (the Menu button); Escape folds them again. */
export async function unfoldedHeader(page: Page) {
  const menu = page.getByRole('button', { name: 'Menu' })
  if (await menu.isVisible()) await menu.click()
  return page.getByRole('banner')
}

/**
 * Waits until the service worker controls the page: registerType 'prompt' leaves the first load
 * uncontrolled, so wait for the worker to be ready and reload once. The test needs
 * `test.use(WITH_SERVICE_WORKER)`.
 */
export function controlledByServiceWorker(page: Page) {
  return timed('service worker', page.url(), async () => {
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length)), {
        message: 'a service worker registers (blocked unless the test uses WITH_SERVICE_WORKER)',
        timeout: 30_000,
      })
      .toBeGreaterThan(0)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await page.reload()
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  })
}

export { newEmail, PASSWORD, uniqueName } from '../fixtures/api'

/** Fills in /signup as a person would and presses Sign Up. */
export function submitSignUp(page: Page, email: string, name = 'Asha Rao') {
  return timed('sign-up (UI)', email, async () => {
    await page.goto('/signup')
    await page.getByRole('textbox', { name: 'Full name' }).fill(name)
    await page.getByRole('textbox', { name: 'Email' }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByLabel('Confirm password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign Up' }).click()
  })
}

/** The public pages, by kind; info pages with their heading and a line of their copy. */
export const EVENT_PATHS = [
  '/events/first-hello-stranger-meetup',
  '/events/unplanned-sunday-social-mixup',
  '/events/midweek-wednesday-dinner',
]
export const CATEGORY_PATHS = [
  '/categories/adventure',
  '/categories/food-drink',
  '/categories/culture',
  '/categories/nightlife',
]
export const INFO_PAGES: [path: string, heading: string, text: string][] = [
  ['/how-it-works', 'How It Works', 'Experience Together'],
  ['/contact', 'Contact Us', 'Monday to Saturday, 10:00 AM to 8:00 PM'],
  ['/about', 'About Yaari', '2000+'],
  ['/careers', 'Join Our Team', 'Open roles'],
  ['/press', 'Press & Media', '20+'],
  ['/help', 'Help Center', 'Frequently asked questions'],
  ['/privacy', 'Privacy Policy & Terms', '24 to 48 hours before the event: 50% refund'],
  ['/safety', 'Safety Center', 'Your safety is our top priority in every experience we create'],
  ['/community', 'Community Guidelines', 'WhatsApp groups are only for event coordination.'],
  ['/terms', 'Terms of Service', 'Last updated: January 2025'],
  ['/booking-failed', "Payment failed. Don't worry, we'll help you!", 'What might have happened'],
]

// Function calls may meet a cold emulator worker while the other suites run.
export const BACKEND = { timeout: 30_000 }

/** The Firestore stand-in through firebase-admin, to check what the functions really wrote. */
export function admin() {
  process.env.FIRESTORE_EMULATOR_HOST ??= FIRESTORE_HOST
  process.env.METADATA_SERVER_DETECTION ??= 'none' // no Google metadata server to ask here
  if (getApps().length === 0) initializeApp({ projectId: PROJECT_ID })
  return getFirestore()
}

/** The demo accounts `npm start` makes (dev/lib/demo-accounts.mjs): the admin, and the Bangalore host. */
export const adminAccount = DEMO_ACCOUNTS.find((account) => account.claims.admin)!
export const hostAccount = DEMO_ACCOUNTS.find((account) => !account.claims.admin)!

/** The ID token `person` is given signing in through the Auth emulator's REST API: to call the functions as them. */
export async function idTokenOf(person: { email: string; password: string }) {
  const signIn = await authAccounts('signInWithPassword', { email: person.email, password: person.password })
  return ((await signIn.json()) as { idToken: string }).idToken
}

/**
 * Calls function `fn` as `person` through the public API, as a script or a door phone's sync sends
 * it (the test fails unless it answers 2xx); its result.
 */
export async function callAs(person: { email: string; password: string }, fn: string, data: unknown) {
  const response = await postCallable(fn, await idTokenOf(person), data)
  expect(response.ok, await response.clone().text()).toBe(true)
  return ((await response.json()) as { result: Record<string, unknown> }).result
}

/** A member's profile as the Firestore stand-in holds it, found by their email (to check the real write). */
export async function storedProfile(email: string) {
  const snapshot = await admin().collection('user_profiles').where('email', '==', email).get()
  return snapshot.docs[0]?.data()
}

/**
 * Puts the stack's clock for one date (only) an hour into its evening, when its door takes
 * check-ins: the server takes them in the date's night window only, and the tests' dates are
 * weeks ahead (stack_clocks, read by the functions only in the emulator on a demo project).
 */
export async function atTheNight(event: YaariEvent, date: string) {
  const start = doorWindow(event, date).opens + DOOR_OPENS_BEFORE_MS
  await admin()
    .doc(`stack_clocks/${event.id}_${date}`)
    .set({ offset_ms: start + 3_600_000 - Date.now() })
}

/**
 * Leaves a date as it was, so another run on this stack can book it again: its clock, its seats,
 * its bookings, door admissions and check-ins, and the date's records in the collections `also`
 * names (those with its event_id and event_date).
 */
export async function emptyDate(event: { id: string }, date: string, also: string[] = []) {
  const db = admin()
  await db.doc(`stack_clocks/${event.id}_${date}`).delete()
  const ofDate = (collection: string) =>
    db.collection(collection).where('event_id', '==', event.id).where('event_date', '==', date).get()
  const found = await Promise.all([
    db.collection(seatsCollectionPath(event.id, date)).get(),
    ...['bookings', 'door_admissions', 'door_check_ins', ...also].map(ofDate),
  ])
  await Promise.all(found.flatMap((snapshot) => snapshot.docs.map((doc) => doc.ref.delete())))
}

/**
 * A new member with a completed profile (made through the public API: tests/fixtures/api.ts),
 * signed in on `page`'s phone as a returning member is (a saved state, tests/fixtures/device.ts):
 * a test about booking does not type a password or click through 8 steps first; auth.spec.ts and
 * onboarding.spec.ts walk those as a person does. The page is not loaded yet.
 */
export async function onboardedMember(page: Page, name = ONBOARDED_PROFILE.name) {
  const member = await api.newMember({ name, prefix: 'booking' })
  await signedInAs(page, member)
  return member.email
}

/**
 * `person` signed in on `page`'s phone before (the state Firebase Auth and the app keep on it),
 * for a test that is not about signing in; set before the context loads a page of the app.
 */
export function signedInAs(
  page: Page,
  person: { email: string; password: string; name: string; profile?: { gender?: string } },
) {
  return timed('setup (API)', `${person.email} signed in on this phone`, async () => {
    const origin = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1:4173').origin
    // A page of the app still open keeps its databases open, and their replacement would wait for it.
    for (const open of page.context().pages()) if (open.url().startsWith(origin)) await open.goto('about:blank')
    await page.context().setStorageState((await signedInDevice(origin, person)) as StorageState)
  })
}

/** `person` (a host or an admin) signed in on `page`'s phone, on the console's page of `eventId`'s `date`. */
export async function openHostDate(
  page: Page,
  person: Parameters<typeof signedInAs>[1],
  eventId: string,
  date: string,
) {
  await signedInAs(page, person)
  await page.goto(`/host/${eventId}/${date}`)
}

/** Signs in on /auth as a person does. */
export function signInAt(page: Page, email: string, password = PASSWORD) {
  return timed('sign-in (UI)', email, async () => {
    if (!new URL(page.url(), 'http://x').pathname.startsWith('/auth')) await page.goto('/auth')
    const signIn = page.getByRole('tabpanel')
    await signIn.getByRole('textbox', { name: 'Email' }).fill(email)
    await signIn.getByLabel('Password').fill(password)
    await signIn.getByRole('button', { name: 'Sign In', exact: true }).click()
  })
}

/** An account with a completed profile, made through the Auth emulator's REST API and saveProfile; not signed in. */
export function onboardedAccount(name = ONBOARDED_PROFILE.name) {
  return timed('setup (API)', `a member with a profile (${name})`, async () => {
    return (await api.newMember({ name, prefix: 'booking' })).email
  })
}

/** The Auth emulator's latest out-of-band code (a reset or confirmation link's) for `email`. */
export async function oobCodeFor(email: string, requestType: 'PASSWORD_RESET' | 'VERIFY_EMAIL') {
  const response = await fetch(`http://${HOST}:${stackPorts().auth}/emulator/v1/projects/${PROJECT_ID}/oobCodes`)
  const { oobCodes } = (await response.json()) as {
    oobCodes: { email: string; oobCode: string; requestType: string }[]
  }
  const code = oobCodes.filter((c) => c.email === email && c.requestType === requestType).at(-1)?.oobCode
  expect(code, `an ${requestType} code for ${email}`).toBeTruthy()
  return code!
}

/**
 * The code the Auth emulator "sent" by SMS to `mobile` (10 digits) most recently: what a member
 * reads off their phone (the emulator lists every code it issued).
 */
export async function smsCode(mobile: string): Promise<string> {
  const response = await fetch(smsCodesUrl())
  const { verificationCodes } = (await response.json()) as {
    verificationCodes: { phoneNumber: string; code: string }[]
  }
  const code = verificationCodes.filter((entry) => entry.phoneNumber === `+91${mobile}`).at(-1)?.code
  expect(code, `an SMS code for ${mobile}`).toMatch(/^\d{6}$/)
  return code!
}

/** A mobile number no test has used (10 digits, starting 9): one account may verify each. */
export const freshMobile = () => `9${String(Math.floor(100_000_000 + Math.random() * 899_999_999))}`

/** An email at a domain the local stack does not let book without a verified mobile. */
export const mustVerifyEmail = (prefix: string) => `${prefix}-${crypto.randomUUID()}@verify.test`

/**
 * From the event page to Cashfree's checkout (the stand-in's page), for a listed date (the second by
 * default; negative counts from the last), or the next after it that is not sold out: every run books
 * seats, and a stack kept running between runs fills its tables.
 */
export function checkoutFor(
  page: Page,
  dateIndex = 1,
  {
    eventId = 'midweek-wednesday-dinner',
    name = ONBOARDED_PROFILE.name,
    profession = ONBOARDED_PROFILE.profession,
    foodPreference,
    mobile = '98765 43210',
  }: { eventId?: string; name?: string; profession?: string; foodPreference?: string; mobile?: string } = {},
) {
  return timed('checkout (UI)', eventId, async () => {
    await page.goto(`/events/${eventId}`)
    await page.getByRole('button', { name: /Girls/ }).click()
    const dateDialog = page.getByRole('dialog', { name: 'Select a date' })
    const dates = dateDialog.getByRole('radio')
    await expect(dates.first()).toBeVisible()
    await expect(dateDialog.getByText(/spots? left|Sold out/).first()).toBeVisible(BACKEND) // seats are known
    const count = await dates.count()
    let chosen = dateIndex < 0 ? count + dateIndex : dateIndex
    const full = async (i: number) =>
      (await dates.nth(i).isDisabled()) || /Sold out/.test(await dateDialog.locator('label').nth(i).innerText())
    while (chosen < count - 1 && (await full(chosen))) chosen++
    await dateDialog.locator('label').nth(chosen).click()
    await dateDialog.getByRole('button', { name: 'Continue' }).click()

    const booking = page.getByRole('dialog', { name: 'Book your seat' })
    await expect(booking.getByRole('textbox', { name: 'Full name' })).toHaveValue(name, BACKEND)
    await expect(booking.getByRole('textbox', { name: 'Mobile number' })).toHaveValue(mobile)
    await expect(booking.getByRole('combobox', { name: 'Profession' })).toHaveValue(profession ?? '')
    // Answers the member never gave start unanswered ("Choose…"), never preset.
    for (const unasked of ['Personality type', 'Relationship status']) {
      await expect(booking.getByRole('combobox', { name: unasked })).toHaveValue('')
    }
    const pay = booking.getByRole('button', { name: 'Pay and book' })
    await expect(pay).toBeDisabled()
    await expect(booking.getByText('Please accept the terms and conditions to proceed!')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    if (foodPreference) await booking.getByRole('combobox', { name: 'Food preference' }).selectOption(foodPreference)
    await booking.getByText('I accept the terms and conditions').click()
    await expect(booking.getByRole('checkbox', { name: 'I accept the terms and conditions' })).toBeChecked()
    await pay.click()
    await expect(page.getByRole('heading', { name: 'Complete your payment' })).toBeVisible(BACKEND)
    await expect(page.getByText(`₹${SEED.eventById(eventId)?.prices.girls}.00`)).toBeVisible()
  })
}

/**
 * A venue's signal: from now on every request that leaves the app's origin (Firebase Auth's REST
 * endpoints, the functions, the payment gateway, photos) is routed to a handler that never
 * answers, as a hanging 2G connection leaves it. `hung` lists what was held; `release` ends it.
 */
export async function hangOutsideRequests(context: BrowserContext) {
  const origin = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1:4173').origin
  const hung: string[] = []
  await context.route(
    (url) => url.origin !== origin,
    (route) => {
      hung.push(route.request().url()) // and never answered
    },
  )
  return { hung, release: () => context.unrouteAll({ behavior: 'ignoreErrors' }) }
}

/**
 * The phone's clock jumps past the app's wait for a call its connection leaves hanging (a call's
 * timeout, CALL_TIMEOUT_MS; a screen that sets a shorter one is past it too), as if that time had
 * passed, instead of the test waiting it out. The page's clock must be the test's (`page.clock.install()`
 * before the page loaded), and the call sent (seen hanging) first.
 */
export function waitOutTheCall(page: Page) {
  return timed('hanging wait', `${CALL_TIMEOUT_MS / 1000} s`, () => page.clock.fastForward(CALL_TIMEOUT_MS))
}

let qrReader: Promise<typeof import('zxing-wasm/reader')> | undefined

/** What a camera reads off the QR code on screen (zxing, the decoder of door phones without a native one). */
export async function readQrCode(locator: Locator): Promise<string | undefined> {
  qrReader ??= import('zxing-wasm/reader').then(async (zxing) => {
    const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm')
    await zxing.prepareZXingModule({ overrides: { wasmBinary: readFileSync(wasm).buffer }, fireImmediately: true })
    return zxing
  })
  const { readBarcodes } = await qrReader
  const [read] = await readBarcodes(new Uint8Array(await locator.screenshot()), { formats: ['QRCode'] })
  return read?.text
}

/** A member made through the Auth emulator and the functions, as the app calls them; `call` calls a function as them. */
export function apiMember(name: string, profile: NonNullable<Parameters<typeof api.newMember>[0]>['profile'] = {}) {
  return timed('setup (API)', `a member with a profile (${name})`, () =>
    api.newMember({ name, prefix: 'api', profile }),
  )
}

/** A paid booking of `member` for a date, through createBooking, the payment stand-in and getBooking; and its pass. */
export function paidThroughApi(
  member: Awaited<ReturnType<typeof apiMember>>,
  eventId: string,
  date: string,
  change: Parameters<typeof api.paidBooking>[3] = {},
) {
  return timed('setup (API)', `a paid booking of ${eventId} on ${date}`, () =>
    api.paidBooking(member, eventId, date, change),
  )
}

/** `person`'s own phone (a new context at 360 px, touch), signed in as they left it; no page loaded yet. */
export async function phoneOf(
  browser: Browser,
  person: Parameters<typeof signedInAs>[1],
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 360, height: 780 },
    hasTouch: true,
    ...options,
  })
  otherPhones.add(context)
  const page = await context.newPage()
  await signedInAs(page, person)
  return page
}

/** The contexts phoneOf opened for the running test (a worker runs one test at a time). */
const otherPhones = new Set<BrowserContext>()

/**
 * The app's scripts each page ran, as V8 counted them (without their text: dev/coverage.mjs reads
 * the built files), in .tmp/coverage/e2e/ for `npm run coverage`.
 */
async function keepCoverage(pages: Page[], testInfo: TestInfo) {
  const origin = new URL(testInfo.project.use.baseURL ?? 'http://127.0.0.1:4173').origin
  const entries = []
  for (const page of pages) {
    const ran = await page.coverage.stopJSCoverage().catch(() => [])
    for (const { url, functions } of ran) if (url.startsWith(`${origin}/assets/`)) entries.push({ url, functions })
  }
  if (!entries.length) return
  const dir = join(ROOT, '.tmp', 'coverage', 'e2e')
  mkdirSync(dir, { recursive: true })
  writeFileSync(
    join(dir, `${testInfo.testId}-${testInfo.project.name}-${testInfo.retry}.json`),
    JSON.stringify(entries),
  )
}

/** Runs a job of the running stack, now or as of `at`, as the scheduler would (a step the timing report counts). */
export const stackJob = (name: string, options: { at?: Date } = {}) =>
  timed('stack job', name, () => runStackJob(name, options) as Promise<Record<string, unknown>>)
