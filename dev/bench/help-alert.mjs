// @ts-check
/**
 * Help at the venue, for `npm run bench` (issue 69, decision 0034): the time from a guest's alert
 * (their raiseAlert call sent) to the banner "<name> needs help: <reason>" on their coordinator's
 * door screen. The date's clock (the stack's, and the door phone's) stands an hour into its evening;
 * the Bangalore demo host coordinates it and has the door open in Chromium; the guests, each with a
 * paid seat, call raiseAlert through the public API as their phones would, and the host answers
 * each alert through answerAlert before the next, so every run starts with no banner.
 *
 * The door screen reads the date's alerts every few seconds (getDateHelp: use-date-help.ts), so
 * an alert waits for the next read: how long depends on where in that cycle it arrives. A guest's
 * alert comes at any moment, so the runs are spread evenly over the cycle (the N runs at 1/2N,
 * 3/2N, ... of a cycle after a read is sent) rather than left to where the bench's own rhythm puts
 * them; the median of HELP_ALERT.runs runs after a warm-up is then an alert at a random moment's, and
 * the slowest (the last, just before a read) near an alert's worst case, which the budget is on.
 * The cycle and the reads' own time are measured from the door page's requests and reported beside it.
 */
import { randomUUID } from 'node:crypto'
import { authAccounts, HOST, PROJECT_ID } from '../lib/config.mjs'
import { DEMO_ACCOUNTS } from '../lib/demo-accounts.mjs'
import { importTypeScript } from '../lib/typescript.mjs'
import { HELP_ALERT } from './budgets.mjs'
import { median } from './stats.mjs'
import { call, paidMember, signInOnPage } from './ticket.mjs'

const HOUR = 3_600_000
/** The guests' first names: each member's alerts are their own on the banner. */
const NAMES = ['Bela', 'Chitra', 'Divya', 'Esha', 'Farah', 'Gauri', 'Hema', 'Indu', 'Jaya', 'Kavya']

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** The stack's Firestore stand-in, to set the date's clock and to leave the date as it was. @param {number} port */
async function stackFirestore(port) {
  process.env.FIRESTORE_EMULATOR_HOST = `${HOST}:${port}`
  process.env.METADATA_SERVER_DETECTION = 'none'
  const { getApps, initializeApp } = await import('firebase-admin/app')
  const { getFirestore } = await import('firebase-admin/firestore')
  const app =
    getApps().find((each) => each.name === 'bench-help') ?? initializeApp({ projectId: PROJECT_ID }, 'bench-help')
  return getFirestore(app)
}

/**
 * Leaves the date as the tests' emptyDate does (tests/e2e/support.ts): its clock, its seats, and its
 * bookings, door records and alerts; and the host's notices of this date's alerts.
 * @param {import('firebase-admin/firestore').Firestore} firestore
 * @param {{ eventId: string, date: string, seats: string, hostUid: string }} where
 */
async function emptyDate(firestore, { eventId, date, seats, hostUid }) {
  await firestore.doc(`stack_clocks/${eventId}_${date}`).delete()
  const ofDate = (/** @type {string} */ collection) =>
    firestore.collection(collection).where('event_id', '==', eventId).where('event_date', '==', date).get()
  const found = await Promise.all([
    firestore.collection(seats).get(),
    ...['bookings', 'door_admissions', 'door_check_ins', 'alerts'].map(ofDate),
    firestore.collection('notices').where('uid', '==', hostUid).where('url', '==', `/host/${eventId}/${date}`).get(),
  ])
  await Promise.all(found.flatMap((snapshot) => snapshot.docs.map((doc) => doc.ref.delete())))
}

/** In the page: the banner shows the alert region named `name`. @param {string} name */
const BANNER_SHOWN = (name) =>
  [...document.querySelectorAll('[role="alert"] section[aria-label]')].some(
    (region) => region.getAttribute('aria-label') === name && region.checkVisibility(),
  )

/** @param {string} email @param {string} password */
async function signedIn(email, password) {
  const response = await authAccounts('signInWithPassword', { email, password })
  if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`)
  const { idToken, localId } = /** @type {{ idToken: string, localId: string }} */ (await response.json())
  return { idToken, uid: localId }
}

/**
 * @param {import('@playwright/test').Browser} browser @param {string} appUrl
 * @param {{ firestore: number }} ports the stack's
 */
export async function measureHelpAlert(browser, appUrl, ports) {
  const code = await importTypeScript(
    {
      contents: [
        "export { SEED_EVENTS } from './packages/domain/src/catalogue-seed'",
        "export { availableDates } from './packages/domain/src/schedule'",
        "export { seatsCollectionPath } from './packages/domain/src/availability'",
        "export { DOOR_OPENS_BEFORE_MS, doorWindow } from './packages/domain/src/door'",
        "export { ALERTS_PER_HOUR, HELP_MESSAGES, HELP_REASON_LABELS, HELP_REASONS } from './packages/domain/src/help'",
      ].join('\n'),
    },
    'help-alert',
  )
  // A Bangalore date (the demo host's city) that no other stage and no end-to-end test books: the
  // Sunday social's second.
  const event = code.SEED_EVENTS.find((/** @type {{ id: string }} */ e) => e.id === 'unplanned-sunday-social-mixup')
  const date = String(code.availableDates(event)[1])
  const account = DEMO_ACCOUNTS.find((each) => !each.claims.admin)
  if (!account) throw new Error('no demo host')
  const host = await signedIn(account.email, account.password)
  const firestore = await stackFirestore(ports.firestore)
  const where = { eventId: event.id, date, seats: code.seatsCollectionPath(event.id, date), hostUid: host.uid }
  const scope = { eventId: event.id, eventDate: date }
  // Whatever a run cut short left behind: an open alert would be on the banner before the first run.
  await emptyDate(firestore, where)
  const { coordinators: before } = await call('getDateHelp', host.idToken, scope)

  // An hour after the start, on the stack's clock for this date (the server takes alerts in the
  // door's window only), and on the door phone's, as at the venue (help.spec.ts has it so too).
  const evening = code.doorWindow(event, date).opens + code.DOOR_OPENS_BEFORE_MS + HOUR
  await firestore.doc(`stack_clocks/${event.id}_${date}`).set({ offset_ms: evening - Date.now() })
  const context = await browser.newContext({ baseURL: appUrl, viewport: { width: 360, height: 780 }, hasTouch: true })
  try {
    await call('setCoordinators', host.idToken, { ...scope, coordinators: [host.uid] })
    // A member may raise ALERTS_PER_HOUR alerts an hour: as many guests as the runs and the warm-up need.
    const alerts = HELP_ALERT.runs + 1
    const guests = []
    for (let i = 0; i < Math.ceil(alerts / code.ALERTS_PER_HOUR); i++) {
      const first = NAMES[i % NAMES.length]
      guests.push({ first, ...(await paidMember({ eventId: event.id, dates: [date], name: `${first} Rao` })) })
    }

    const page = await context.newPage()
    await page.clock.install({ time: evening })
    /** The door's reads of the date's help: when each was sent (this process's clock), and how long each took. */
    const reads = { sentAt: /** @type {number[]} */ ([]), tookMs: /** @type {number[]} */ ([]) }
    const isRead = (/** @type {import('@playwright/test').Request} */ request) =>
      request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/getDateHelp')
    page.on('request', (request) => {
      if (isRead(request)) reads.sentAt.push(performance.now())
    })
    page.on('requestfinished', (request) => {
      if (isRead(request)) reads.tookMs.push(request.timing().responseEnd)
    })
    await signInOnPage(page, appUrl, account)
    await page.goto(`/host/${event.id}/${date}/door`)
    // The first read answered: the screen says who coordinates. The next three give the cycle's length.
    await page.getByText(code.HELP_MESSAGES.coordinating).waitFor({ timeout: 30_000 })
    reads.sentAt.length = 0
    while (reads.sentAt.length < 3) await page.waitForRequest(isRead, { timeout: 30_000 })
    const gaps = () => reads.sentAt.slice(1).map((at, i) => at - (reads.sentAt[i] ?? at))
    const cycleMs = median(gaps())
    const banner = page.getByRole('alert').getByRole('region')

    /** @type {{ alertToBannerMs: number, raiseAlertMs: number }[]} */
    const runs = []
    for (let run = 0; run < alerts; run++) {
      const guest = guests[Math.floor(run / code.ALERTS_PER_HOUR)]
      if (!guest) throw new Error(`no guest for run ${run}`)
      const reason = code.HELP_REASONS[run % code.HELP_REASONS.length]
      const alertId = randomUUID()
      // The warm-up mid-cycle; then the N runs at 1/2N, 3/2N, ... of the cycle after a read is sent.
      const phase = run === 0 ? 0.5 : (run - 0.5) / HELP_ALERT.runs
      await page.waitForRequest(isRead, { timeout: 30_000 })
      await sleep(phase * cycleMs)
      const name = `${guest.first} needs help: ${code.HELP_REASON_LABELS[reason]}`
      const sent = performance.now()
      const [alertToBannerMs, raiseAlertMs] = await Promise.all([
        // Looked for in the page at every frame: a locator's wait is retried from here at growing
        // intervals (500 ms apart after the first few), which would round each time up to them.
        page
          .waitForFunction(BANNER_SHOWN, name, { polling: 'raf', timeout: 30_000 })
          .then(() => performance.now() - sent),
        call('raiseAlert', guest.idToken, { orderId: guest.orderId, alertId, reason }).then(
          () => performance.now() - sent,
        ),
      ])
      // The banner a person (and the e2e) finds: the alert region of that name.
      await page.getByRole('alert').getByRole('region', { name, exact: true }).waitFor({ timeout: 5_000 })
      if (run > 0) runs.push({ alertToBannerMs: Math.round(alertToBannerMs), raiseAlertMs: Math.round(raiseAlertMs) })
      // Seen by the team; the next read takes the banner away, and the next run starts without one.
      await call('answerAlert', host.idToken, { ...scope, alertId, answer: 'seen' })
      await banner.first().waitFor({ state: 'detached', timeout: 30_000 })
    }
    const shown = runs.map((each) => each.alertToBannerMs)
    const raised = runs.map((each) => each.raiseAlertMs)
    return {
      eventId: event.id,
      date,
      budgetMs: HELP_ALERT.maxBudgetMs,
      alertToBannerMs: { runsMs: shown, medianMs: median(shown), maxMs: Math.max(...shown) },
      raiseAlertMs: { medianMs: median(raised), maxMs: Math.max(...raised) },
      // Every read the door made, from the first three on: nothing else asks between them.
      doorReads: { everyMs: Math.round(median(gaps())), medianMs: Math.round(median(reads.tookMs)) },
      measured:
        'raiseAlert through the Functions emulator as the guest, to the banner visible on the coordinator’s door screen (Chromium, 360 px, CPU not slowed)',
    }
  } finally {
    await context.close()
    await call('setCoordinators', host.idToken, {
      ...scope,
      coordinators: before.map((/** @type {{ uid: string }} */ each) => each.uid),
    })
    await emptyDate(firestore, where)
  }
}
