// @ts-check
/**
 * How fast the app answers a tap, for `npm run bench`: each interaction of INTERACTIONS.scenarios
 * on a 375 px touch screen (a finger's tap, or typing), with the CPU slowed to a mid-tier phone as calibrated to this host (and at a
 * low-end phone's 10x and at 4x, for comparison), as the
 * Event Timing API reports it (the duration from the input to the next paint, in steps of 8 ms):
 * the worst entry of the interaction, the median of INTERACTIONS.runs runs. What leads up to an
 * interaction (loading the page, signing in, opening the dialog) runs unthrottled; only the
 * interaction itself is slowed. Members are made through the Auth emulator and saveProfile.
 */
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { authAccounts, postCallable, ROOT } from '../lib/config.mjs'
import { importTypeScript } from '../lib/typescript.mjs'
import { INTERACTIONS } from './budgets.mjs'
import { calibratedCpuSlowdown } from './lighthouse-calibration.mjs'
import { hostBenchmarkIndex } from './slowed-runs.mjs'
import { median } from './stats.mjs'

/** Records every Event Timing entry of an interaction (16 ms and up: the API's floor) into window.__events. */
const OBSERVE = () => {
  /** @type {{ id: number, name: string, duration: number, inputDelay: number, processing: number }[]} */
  const events = []
  Object.assign(window, { __events: events, __touchedAt: undefined, __liftedAt: undefined })
  // When the finger touched, and when it lifted (the cold taps measure from the lift, as Event
  // Timing times a click, to the frame that shows what it opens; from the touch as well).
  addEventListener('pointerdown', (event) => Object.assign(window, { __touchedAt: event.timeStamp }), { capture: true })
  addEventListener('pointerup', (event) => Object.assign(window, { __liftedAt: event.timeStamp }), { capture: true })
  new PerformanceObserver((list) => {
    for (const entry of /** @type {PerformanceEventTiming[]} */ (list.getEntries())) {
      if (entry.interactionId) {
        events.push({
          id: entry.interactionId,
          name: entry.name,
          duration: entry.duration,
          inputDelay: Math.round(entry.processingStart - entry.startTime),
          processing: Math.round(entry.processingEnd - entry.processingStart),
        })
      }
    }
  }).observe(/** @type {PerformanceObserverInit} */ ({ type: 'event', durationThreshold: 16, buffered: true }))
}

/** Two frames and a moment, so the observer has been told of the interaction's paint. */
async function settle(/** @type {import('@playwright/test').Page} */ page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100)))),
  )
}

const PASSWORD = 'bench-password-42'
/** The tests' valid profile (packages/domain/src/profile.fixture.ts), bundled for this process once. */
/** @type {Promise<{ VALID_PROFILE: object }> | undefined} */
let fixture
const sharedProfile = () =>
  (fixture ??= importTypeScript(join(ROOT, 'packages', 'domain', 'src', 'profile.fixture.ts'), 'profile-fixture'))

/** An account (with a saved profile unless `onboarded` is false) made as the e2e tests make theirs. */
async function account(onboarded = true) {
  const email = `bench-${randomUUID()}@example.test`
  const signUp = await authAccounts('signUp', { email, password: PASSWORD })
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`)
  const { idToken } = /** @type {{ idToken: string }} */ (await signUp.json())
  if (onboarded) {
    const saved = await postCallable('saveProfile', idToken, (await sharedProfile()).VALID_PROFILE)
    if (!saved.ok) throw new Error(`saveProfile: ${saved.status} ${await saved.text()}`)
  }
  return email
}

/** @param {import('@playwright/test').Page} page @param {string} email */
async function signIn(page, email) {
  await page.goto('/auth')
  const panel = page.getByRole('tabpanel')
  await panel.getByRole('textbox', { name: 'Email' }).fill(email)
  await panel.getByLabel('Password').fill(PASSWORD)
  await panel.getByRole('button', { name: 'Sign In', exact: true }).click()
  await page.waitForURL((url) => url.pathname !== '/auth', { timeout: 30_000 })
}

/**
 * Walks a new account's onboarding to its interests step, unthrottled (the steps need a draft).
 * @param {import('@playwright/test').Page} page
 */
async function toInterests(page) {
  const proceed = () => page.getByRole('button', { name: 'Continue', exact: true }).click()
  await page.goto('/onboarding/mobile')
  await page.getByRole('textbox', { name: 'Mobile number' }).fill('9876543210')
  // Continue there sends an SMS code; the bench goes on without it.
  await page.getByRole('button', { name: 'Verify later' }).click()
  await page.getByRole('textbox', { name: 'Full name' }).fill('Asha Rao')
  await proceed()
  await page.getByLabel('Date of birth').fill('1995-06-15')
  await proceed()
  await page.getByRole('link', { name: 'Skip for now' }).click()
  await page.getByText('Tech', { exact: true }).click()
  await proceed()
  await page.getByText('Female', { exact: true }).click()
  await page.getByRole('button', { name: 'Continue to Interests' }).click()
  await page.waitForURL(/\/onboarding\/interests/)
}

/** @param {import('@playwright/test').Page} page */
async function openDateDialog(page) {
  await page.goto('/events/midweek-wednesday-dinner')
  await page.getByRole('button', { name: /Girls/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Select a date' })
  await dialog
    .getByText(/spots? left|Sold out/)
    .first()
    .waitFor({ timeout: 30_000 })
  return dialog
}

/** A date that is not sold out (the first such), as a label to tap. @param {import('@playwright/test').Locator} dialog */
const openDate = (dialog) =>
  dialog
    .locator('label')
    .filter({ hasText: /spots? left/ })
    .first()

/** The first interest's card (its label, which holds the checkbox). @param {import('@playwright/test').Page} page */
const firstCard = (page) =>
  page
    .getByRole('group', { name: 'Interests' })
    .locator('label')
    .filter({ has: page.getByRole('checkbox') })
    .first()

/**
 * Each scenario: `account` says who is signed in (none, a member with a profile, or a new account
 * still onboarding); `prepare` brings the page to just before the interaction, unthrottled; `tap`
 * is what a finger touches (see `touchAt`), or `act` is the interaction when it is typing; `done`
 * waits for what it shows.
 * @type {Record<string, {
 *   account: 'none' | 'member' | 'new',
 *   prepare: (page: import('@playwright/test').Page) => Promise<void>,
 *   done: (page: import('@playwright/test').Page) => Promise<void>,
 * } & (
 *   { tap: (page: import('@playwright/test').Page) => import('@playwright/test').Locator, act?: undefined } |
 *   { act: (page: import('@playwright/test').Page) => Promise<void>, tap?: undefined }
 * )>}
 */
const SCENARIOS = {
  'open the mobile menu': {
    account: 'none',
    prepare: async (page) => {
      await page.goto('/')
      await page.getByRole('button', { name: 'Menu' }).waitFor()
    },
    tap: (page) => page.getByRole('button', { name: 'Menu' }),
    done: (page) => page.getByRole('button', { name: 'Close menu' }).waitFor(),
  },
  'type in the /events search': {
    account: 'none',
    prepare: async (page) => {
      await page.goto('/events')
      await page.getByRole('searchbox', { name: 'Search events' }).click()
    },
    act: (page) => page.getByRole('searchbox', { name: 'Search events' }).pressSequentially('din', { delay: 150 }),
    done: (page) => page.waitForURL(/q=din/),
  },
  'tap a category chip': {
    account: 'none',
    prepare: async (page) => {
      await page.goto('/events')
      await page.getByRole('button', { name: /^Food & Drink/ }).waitFor()
    },
    tap: (page) => page.getByRole('button', { name: /^Food & Drink/ }),
    done: (page) => page.waitForURL(/category=/),
  },
  'open the date dialog': {
    account: 'none',
    prepare: async (page) => {
      await page.goto('/events/midweek-wednesday-dinner')
      // As a person does: scroll to the tickets, then tap one.
      await page.getByRole('button', { name: /Girls/ }).scrollIntoViewIfNeeded()
      await page.waitForTimeout(500)
    },
    tap: (page) => page.getByRole('button', { name: /Girls/ }),
    done: (page) => page.getByRole('dialog', { name: 'Select a date' }).waitFor(),
  },
  'choose a date': {
    account: 'none',
    prepare: async (page) => void (await openDateDialog(page)),
    tap: (page) => openDate(page.getByRole('dialog', { name: 'Select a date' })),
    done: (page) => page.getByRole('dialog', { name: 'Select a date' }).getByRole('radio', { checked: true }).waitFor(),
  },
  'Continue to the booking form': {
    account: 'member',
    prepare: async (page) => {
      const dialog = await openDateDialog(page)
      await openDate(dialog).click()
    },
    tap: (page) => page.getByRole('dialog', { name: 'Select a date' }).getByRole('button', { name: 'Continue' }),
    done: (page) => page.getByRole('dialog', { name: 'Book your seat' }).waitFor(),
  },
  'tick the terms': {
    account: 'member',
    prepare: async (page) => {
      const dialog = await openDateDialog(page)
      await openDate(dialog).click()
      await dialog.getByRole('button', { name: 'Continue' }).click()
      await page
        .getByRole('dialog', { name: 'Book your seat' })
        .getByRole('textbox', { name: 'Full name' })
        .waitFor({ timeout: 30_000 })
    },
    tap: (page) => page.getByRole('dialog', { name: 'Book your seat' }).getByText('I accept the terms and conditions'),
    done: (page) => page.getByRole('checkbox', { name: 'I accept the terms and conditions', checked: true }).waitFor(),
  },
  // The name step's (the mobile step's Continue sends an SMS code, a call to the server, not a step).
  "an onboarding step's Continue": {
    account: 'new',
    prepare: async (page) => {
      await page.goto('/onboarding/mobile')
      await page.getByRole('textbox', { name: /Mobile number/ }).fill('9876543210')
      await page.getByRole('button', { name: 'Verify later' }).click()
      await page.getByRole('textbox', { name: 'Full name' }).fill('Asha Rao')
    },
    tap: (page) => page.getByRole('button', { name: 'Continue', exact: true }),
    done: (page) => page.waitForURL(/\/onboarding\/date-of-birth/),
  },
  'tap an interest card': {
    account: 'new',
    prepare: async (page) => {
      if (!page.url().includes('/onboarding/interests')) await toInterests(page)
      else await page.reload()
      const box = page.getByRole('group', { name: 'Interests' }).getByRole('checkbox').first()
      await box.waitFor({ state: 'attached' })
      // The draft keeps the choice between runs: start from the card unticked.
      if (await box.isChecked()) await firstCard(page).click()
    },
    tap: firstCard,
    done: (page) =>
      page
        .getByRole('group', { name: 'Interests' })
        .getByRole('checkbox', { checked: true })
        .first()
        .waitFor({ state: 'attached' }),
  },
  'open My bookings': {
    account: 'member',
    prepare: async (page) => {
      await page.goto('/events')
      await page.getByRole('button', { name: 'Menu' }).click()
      await page.getByRole('link', { name: 'My bookings' }).waitFor()
    },
    tap: (page) => page.getByRole('link', { name: 'My bookings' }),
    done: (page) => page.getByRole('heading', { level: 1, name: 'My bookings' }).waitFor(),
  },
}

/**
 * Where a finger lands on `target`: its centre once it is scrolled into view and still, checked
 * to be the element the page would hit there. Found before the CPU is slowed.
 * @param {import('@playwright/test').Locator} target
 */
async function touchPoint(target) {
  await target.scrollIntoViewIfNeeded()
  await settle(target.page())
  const box = await target.boundingBox()
  if (!box) throw new Error(`nothing to tap: ${target}`)
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
  const hits = await target.evaluate((element, { x, y }) => element.contains(document.elementFromPoint(x, y)), point)
  if (!hits) throw new Error(`something covers ${target} at its centre`)
  return point
}

/**
 * A tap as a phone gives it: a touch start and end through the DevTools protocol, so the browser
 * makes the pointer, mouse and click events. Playwright's own click is not used for the
 * interaction: it listens to those events in the page to check what it hit, and at these
 * slowdowns its listeners cost a frame or two of the very interaction measured.
 * @param {import('@playwright/test').CDPSession} cdp @param {{ x: number, y: number }} point
 */
async function touchAt(cdp, point) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
}

/**
 * Waits until the tap's click has its Event Timing entry, which comes once the frame it led to is
 * painted (or 2 s, for a click too quick for the API's 16 ms floor). Only then does `done` look
 * for what the tap shows: Playwright finds it by polling the page, and a poll that lands between
 * the tap and its paint is the harness's work, not the app's.
 * @param {import('@playwright/test').Page} page
 */
const clickTimed = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        const recorded = /** @type {{ __events: { name: string }[] }} */ (/** @type {unknown} */ (window))
        const until = Date.now() + 2000
        const check = () =>
          recorded.__events.some((event) => event.name === 'click') || Date.now() > until
            ? resolve(undefined)
            : setTimeout(check, 50)
        check()
      }),
  )

/**
 * One run of one scenario at one slowdown: the worst Event Timing duration among the entries of
 * the interaction (16 when none reached the API's 16 ms floor).
 * @param {import('@playwright/test').Page} page @param {import('@playwright/test').CDPSession} cdp
 * @param {(typeof SCENARIOS)[string]} scenario @param {number} slowdown
 */
async function runOnce(page, cdp, scenario, slowdown) {
  await scenario.prepare(page)
  const point = scenario.tap ? await touchPoint(scenario.tap(page)) : undefined
  await settle(page)
  await page.evaluate(() => {
    const recorded = /** @type {{ __events: unknown[] }} */ (/** @type {unknown} */ (window))
    recorded.__events.length = 0
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown })
  try {
    if (point) {
      await touchAt(cdp, point)
      await clickTimed(page)
    } else await scenario.act?.(page)
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  }
  await scenario.done(page)
  await settle(page)
  /** @type {{ name: string, duration: number, inputDelay: number, processing: number }[]} */
  const events = await page.evaluate(
    () =>
      /** @type {{ __events: { name: string, duration: number, inputDelay: number, processing: number }[] }} */ (
        /** @type {unknown} */ (window)
      ).__events,
  )
  // BENCH_DEBUG=1: each entry with its input delay and processing time, to see where a tap waits.
  if (process.env.BENCH_DEBUG) console.error(JSON.stringify(events))
  return Math.max(16, ...events.map((event) => event.duration))
}

/**
 * First taps on a fresh phone (nothing cached, nothing run yet), one phone per run: the page is
 * loaded and read for a moment, then the tap is timed to the frame that first shows the dialog it
 * opens (the wait for code a tap needs is in that time; Event Timing's duration ends at the tap's
 * own first paint, which may show nothing yet). Timed from the finger's lift, where Event Timing
 * starts a click's duration (nothing a tap does can show before the click, which comes with the
 * lift; the time a finger rests on the glass is the finger's), and from the touch as well.
 * @type {Record<string, {
 *   account: 'none' | 'member',
 *   prepare: (page: import('@playwright/test').Page) => Promise<void>,
 *   tap: (page: import('@playwright/test').Page) => import('@playwright/test').Locator,
 *   shows: string,
 * }>}
 */
const COLD_SCENARIOS = {
  'open the date dialog (first tap, cold)': {
    account: 'none',
    prepare: async (page) => {
      await page.goto('/events/midweek-wednesday-dinner', { waitUntil: 'networkidle' })
    },
    tap: (page) => page.getByRole('button', { name: /Girls/ }),
    shows: 'Select a date',
  },
  'Continue to the booking form (first tap, cold)': {
    account: 'member',
    prepare: async (page) => {
      const dialog = await openDateDialog(page)
      await openDate(dialog).click()
      await page.waitForLoadState('networkidle')
    },
    tap: (page) => page.getByRole('dialog', { name: 'Select a date' }).getByRole('button', { name: 'Continue' }),
    shows: 'Book your seat',
  },
}

/**
 * Milliseconds from the lift and from the touch to the frame that first shows the dialog titled
 * `title`, and from the lift to the frame that shows it ready (the dialog itself, not a sheet drawn
 * ahead of it, which says its seats are busy): polled each frame in the page (started before the
 * touch, so no round trip is counted).
 * @param {import('@playwright/test').Page} page @param {string} title
 * @returns {Promise<{ fromLift: number, fromTouch: number, readyFromLift: number }>}
 */
const shownAfterTouch = (page, title) =>
  page.evaluate(
    (title) =>
      new Promise((resolve) => {
        /** @param {boolean} ready */
        const seen = (ready) =>
          [...document.querySelectorAll('dialog, [role=dialog]')].some((dialog) => {
            // Shown, not only in the page (a dialog element is there closed until it opens; a sheet
            // drawn ahead is there, invisible, until a tap shows it).
            if (typeof dialog.checkVisibility === 'function') {
              if (!dialog.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return false
            } else if (getComputedStyle(dialog).visibility === 'hidden') return false
            if (ready && dialog.querySelector('[aria-busy="true"]')) return false
            const label = dialog.getAttribute('aria-labelledby')
            return label && document.getElementById(label)?.textContent === title
          })
        const until = performance.now() + 15_000
        /** @type {{ fromLift: number, fromTouch: number } | undefined} */
        let shown
        /** @param {number} now */
        const frame = (now) => {
          const { __touchedAt: touched, __liftedAt: lifted } =
            /** @type {{ __touchedAt?: number, __liftedAt?: number }} */ (/** @type {unknown} */ (window))
          if (touched === undefined || lifted === undefined) return requestAnimationFrame(frame)
          const first = !shown && seen(false)
          const ready = seen(true)
          if (first || ready)
            requestAnimationFrame((painted) => {
              if (first) shown = { fromLift: Math.round(painted - lifted), fromTouch: Math.round(painted - touched) }
              if (ready && shown) resolve({ ...shown, readyFromLift: Math.round(painted - lifted) })
              else frame(painted)
            })
          else if (now > until)
            resolve({
              fromLift: Number.POSITIVE_INFINITY,
              fromTouch: Number.POSITIVE_INFINITY,
              readyFromLift: Number.POSITIVE_INFINITY,
            })
          else requestAnimationFrame(frame)
        }
        requestAnimationFrame(frame)
      }),
    title,
  )

/**
 * One cold first tap: a new phone (browser context), signed in when the scenario needs it.
 * @param {import('@playwright/test').Browser} browser @param {string} appUrl
 * @param {(typeof COLD_SCENARIOS)[string]} scenario @param {number} slowdown @param {string} member the email of a member with a profile
 */
async function coldRun(browser, appUrl, scenario, slowdown, member) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, baseURL: appUrl })
  try {
    await context.addInitScript(OBSERVE)
    const page = await context.newPage()
    if (scenario.account === 'member') await signIn(page, member)
    await scenario.prepare(page)
    const point = await touchPoint(scenario.tap(page))
    await page.waitForTimeout(1_000) // a moment to read, as a person does before the first tap
    const cdp = await context.newCDPSession(page)
    const shown = shownAfterTouch(page, scenario.shows)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown })
    try {
      await touchAt(cdp, point)
      return await shown
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    }
  } finally {
    await context.close()
  }
}

/**
 * Every scenario at each slowdown: the median of INTERACTIONS.runs runs of the worst duration.
 * 'calibrated' is Lighthouse's mid-tier phone on this host (decision 0004), from the host's
 * benchmark index, measured once on a blank page and reported with the results.
 * @param {import('@playwright/test').Browser} browser @param {string} appUrl
 * @param {(number | 'calibrated')[]} slowdowns
 * @param {string} [only] only the scenarios whose name has this in it
 */
export async function measureInteractions(browser, appUrl, slowdowns, only = '') {
  const member = await account(true)
  const benchmarkIndex = await hostBenchmarkIndex(browser)
  const calibratedSlowdown = calibratedCpuSlowdown(benchmarkIndex)
  /** @type {Record<string, Record<string, { runsMs: number[], medianMs: number, fromTouch?: { runsMs: number[], medianMs: number }, readyFromLift?: { runsMs: number[], medianMs: number } }>>} */
  const results = {}
  for (const [name, scenario] of Object.entries(SCENARIOS).filter(([name]) => name.includes(only))) {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, baseURL: appUrl })
    await context.addInitScript(OBSERVE)
    const page = await context.newPage()
    if (scenario.account === 'member') await signIn(page, member)
    if (scenario.account === 'new') await signIn(page, await account(false))
    const cdp = await context.newCDPSession(page)
    results[name] = {}
    for (const slowdown of slowdowns) {
      const rate = slowdown === 'calibrated' ? calibratedSlowdown : slowdown
      await runOnce(page, cdp, scenario, rate) // warm-up: code and data cached, as on a second visit
      const runs = []
      for (let i = 0; i < INTERACTIONS.runs; i++) runs.push(await runOnce(page, cdp, scenario, rate))
      results[name][slowdown === 'calibrated' ? 'calibrated' : `${slowdown}x`] = {
        runsMs: runs,
        medianMs: median(runs),
      }
    }
    await context.close()
  }
  // The first taps, cold: at the calibrated slowdown only (each run is a new phone loading the page).
  // The budget is on the time from the lift; the time from the touch is reported beside it.
  for (const [name, scenario] of Object.entries(COLD_SCENARIOS).filter(([name]) => name.includes(only))) {
    const runs = []
    for (let i = 0; i < INTERACTIONS.coldRuns; i++)
      runs.push(await coldRun(browser, appUrl, scenario, calibratedSlowdown, member))
    const fromLift = runs.map((run) => run.fromLift)
    const fromTouch = runs.map((run) => run.fromTouch)
    const ready = runs.map((run) => run.readyFromLift)
    results[name] = {
      calibrated: {
        runsMs: fromLift,
        medianMs: median(fromLift),
        fromTouch: { runsMs: fromTouch, medianMs: median(fromTouch) },
        // The dialog itself, once its code has run (no budget: on a new phone it waits for the code).
        readyFromLift: { runsMs: ready, medianMs: median(ready) },
      },
    }
  }
  return { hostBenchmarkIndex: benchmarkIndex, calibratedSlowdown, results }
}
