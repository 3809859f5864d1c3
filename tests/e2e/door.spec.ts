/**
 * The door with no signal, in Debian's Chromium with a fake camera filming a video made from real
 * passes: the host readies the door online, goes offline, scans a guest's pass (admit), sees it
 * again (already checked in), scans a forged pass (refused), admits a second guest by name, then
 * goes online and both check-ins reach the server; then reopens the door offline from the service
 * worker. Two phones (two contexts), one offline and one whose every request hangs, admit the same
 * guest; once both have synced, both show the double entry.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { SEED } from '@yaari/domain/catalogue-seed'
import { decodePass, passCredential } from '@yaari/domain/pass'
import { availableDates } from '@yaari/domain/schedule'
import { ROOT } from '../../dev/lib/config.mjs'
import { browserWithCamera, writeCodesVideo } from './fake-camera'
import * as support from './support'
import { BACKEND, expect, test } from './support'

const midweek = SEED.eventById('midweek-wednesday-dinner')!

/** The pass with one byte of its payload changed and the signature kept: what a forger makes. */
function forged(credential: string) {
  const decoded = decodePass(SEED, credential)!
  const payload = decoded.payload.slice()
  payload[payload.length - 2] = (payload[payload.length - 2] ?? 0) ^ 0x01
  return passCredential(payload, decoded.signature)
}

/** A door phone: a 360 px wide context of the camera browser, its host signed in. */
async function doorPhone(browser: Browser, name: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 360, height: 780 },
    hasTouch: true,
    permissions: ['camera'],
    // A host's phone runs the installed app: its service worker included.
    serviceWorkers: 'allow',
  })
  const page = await context.newPage()
  const violations: string[] = []
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text))
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      ),
    ),
  )
  test.info().annotations.push({ type: 'door', description: name })
  await support.signedInAs(page, support.hostAccount)
  Object.assign(page, { cspViolations: violations })
  return { context, page }
}

const cspOf = (page: Page) => (page as unknown as { cspViolations: string[] }).cspViolations

async function readyDoor(page: Page, date: string, doorName: string) {
  await page.goto(`/host/${midweek.id}/${date}/door`)
  await page.getByRole('textbox', { name: 'This door' }).fill(doorName)
  await page.getByRole('button', { name: 'Get ready for the door' }).click()
  await expect(page.getByText(/^Ready: \d+ paid guests? saved on this phone\.$/)).toBeVisible(BACKEND)
  await support.expectNoSeriousA11yViolations(page)
  await support.expectOneMain(page)
  // A tool held at arm's length all night: no site header or footer, the screen kept on where it can be.
  await expect(page.getByRole('banner')).toHaveCount(0)
  await expect(page.getByRole('contentinfo')).toHaveCount(0)
  await expect(
    page.getByText(
      /^(The screen stays on while the door is open\.|This browser cannot keep the screen on|The screen could not be kept on)/,
    ),
  ).toBeVisible()
}

/** Two door phones (Front and Back) of one camera browser filming `credential`, both readied for `date`. */
async function twoReadyPhones(date: string, credential: string) {
  const video = join(mkdtempSync(join(tmpdir(), 'yaari-door-')), 'door.y4m')
  writeCodesVideo(video, [credential])
  const browser = await browserWithCamera(video)
  const front = await doorPhone(browser, 'Front door')
  const back = await doorPhone(browser, 'Back door')
  await readyDoor(front.page, date, 'Front door')
  await readyDoor(back.page, date, 'Back door')
  return { browser, front, back }
}

/**
 * A guest with a paid seat of `date`, the date's night on the stack's clock, and two door phones
 * readied for it, filming her pass.
 */
async function guestAtTwoDoors(date: string, name: string) {
  await support.atTheNight(midweek, date)
  const guest = await support.apiMember(name)
  const paid = await support.paidThroughApi(guest, midweek.id, date)
  return { guest, paid, ...(await twoReadyPhones(date, paid.pass!.credential)) }
}

/** The verdict's backgrounds: the theme's green.800 and red.700. */
const ADMIT_GREEN = 'rgb(22, 101, 52)'
const REFUSE_RED = 'rgb(185, 28, 28)'

/** Waits for the phone's log of checks to show `line`, moving past verdicts as a host taps "Next guest". */
async function expectChecked(page: Page, line: RegExp) {
  const log = page.getByRole('list', { name: 'Last checks' })
  await expect
    .poll(
      async () => {
        const next = page.getByRole('button', { name: 'Next guest' })
        if (await next.isVisible()) await next.click().catch(() => undefined)
        return (await log.isVisible()) ? await log.innerText() : ''
      },
      { timeout: 30_000 },
    )
    .toMatch(line)
}

test.describe('the door with no signal', () => {
  test('scan, refuse, by name, then sync when the signal is back', async () => {
    test.slow()
    const date = availableDates(midweek)[3]!
    await support.atTheNight(midweek, date)
    const asha = await support.apiMember('Asha Rao')
    const ravi = await support.apiMember('Ravi Kumar')
    const ashaPaid = await support.paidThroughApi(asha, midweek.id, date)
    const raviPaid = await support.paidThroughApi(ravi, midweek.id, date)
    expect(ashaPaid.pass?.credential).toMatch(/^YP1:/)
    const video = join(mkdtempSync(join(tmpdir(), 'yaari-door-')), 'door.y4m')
    writeCodesVideo(video, [ashaPaid.pass!.credential, forged(ashaPaid.pass!.credential)])
    const browser = await browserWithCamera(video)
    try {
      const { context, page } = await doorPhone(browser, 'Front door')
      await readyDoor(page, date, 'Front door')
      // The app installed as a host's phone has it: its service worker serves it from then on.
      await support.controlledByServiceWorker(page)

      // No signal at all from here on.
      await context.setOffline(true)
      await page.getByRole('button', { name: 'Start the camera' }).click()
      await expect(page.getByText('Hold the guest’s ticket QR code in view.')).toBeVisible(BACKEND)
      const verdict = page.getByRole('alertdialog')
      // The verdict fills the screen: her name, tier and how many are in.
      await expect(verdict.filter({ hasText: 'Admit Asha' })).toContainText(/Girls\d+ of \d+ in/, BACKEND)
      // Read at arm's length by its colour: the admission on green, then (the forged code, next in
      // view) the refusal on red. Each is a rule the build must have written.
      await expect(verdict).toHaveCSS('background-color', ADMIT_GREEN)
      await expect(verdict.filter({ hasText: 'Do not admit' })).toHaveCSS('background-color', REFUSE_RED, BACKEND)
      await expectChecked(page, /Admitted Asha \(pass\)/)
      await expectChecked(page, /Refused: Not a Yaari pass: the signature does not match/)
      await expectChecked(page, /Refused: Already checked in\./)

      // Ravi's phone cannot show its code: he reads out the short code under it.
      await page.getByRole('tab', { name: 'By name' }).click()
      await page.getByRole('searchbox', { name: 'Name or short code' }).fill(raviPaid.pass!.code.toLowerCase())
      await page.getByRole('button', { name: 'Admit Ravi Kumar' }).click()
      await expect(verdict.getByRole('heading', { name: 'Admit Ravi' })).toBeVisible()
      await verdict.getByRole('button', { name: 'Next guest' }).click()
      await expect(page.getByText(/2 check-ins not yet synced \(offline\)/)).toBeVisible()
      expect((await support.admin().doc(`door_admissions/${ashaPaid.orderId}`).get()).exists).toBe(false)

      // Signing out now would leave them unsent: the phone says so and offers the way back to sync.
      await page.goto('/auth')
      await page.getByRole('button', { name: 'Sign Out' }).click()
      const warning = page.getByRole('dialog', { name: 'Check-ins not yet synced' })
      await expect(warning).toContainText('2 check-ins made at the door on this phone have not reached Yaari yet.')
      await warning.getByRole('link', { name: 'Sync them first' }).click()
      await expect(page.getByText(/2 check-ins not yet synced \(offline\)/)).toBeVisible(BACKEND)

      // The signal is back: both reach the server, and Asha's ticket says she is in.
      await context.setOffline(false)
      await expect(page.getByText(/Every check-in synced/)).toBeVisible(BACKEND)
      for (const { orderId } of [ashaPaid, raviPaid]) {
        expect((await support.admin().doc(`door_admissions/${orderId}`).get()).get('door')).toBe('Front door')
      }
      const ticket = (await asha.call('getBooking', { orderId: ashaPaid.orderId })).booking as { checkedInAt?: string }
      expect(ticket.checkedInAt).toBeDefined()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

      // Next time the phone opens the door from the home screen with no signal at all: the app,
      // the saved list and the scanner's decoder all come from the phone.
      await context.setOffline(true)
      await page.reload()
      await expect(page.getByText(/^\d+ of \d+ in · List from \d{1,2}:\d\d [AP]M/)).toBeVisible(BACKEND)
      await page.getByRole('button', { name: 'Start the camera' }).click()
      await expectChecked(page, /Refused: Already checked in\./)
      expect(cspOf(page)).toEqual([])
    } finally {
      await browser.close()
      await support.emptyDate(midweek, date)
    }
  })

  test('two door phones admit the same guest offline; after both sync, both show the double entry', async () => {
    test.slow()
    const date = availableDates(midweek)[4]!
    const { browser, front, back } = await guestAtTwoDoors(date, 'Lata Menon')
    try {
      // The front phone has no signal; the back one has a signal that hangs (every request to
      // Firebase and the functions left unanswered), as a venue's one bar gives.
      await front.context.setOffline(true)
      const signal = await support.hangOutsideRequests(back.context)
      // Both cameras see her pass at once: each phone, knowing nothing of the other, admits her.
      for (const phone of [front, back]) await phone.page.getByRole('button', { name: 'Start the camera' }).click()
      for (const phone of [front, back]) await expectChecked(phone.page, /Admitted Lata \(pass\)/)
      await front.context.setOffline(false)
      await expect(front.page.getByText(/Every check-in synced/)).toBeVisible(BACKEND)
      await expect(back.page.getByText(/1 check-in not yet synced/)).toBeVisible()
      await signal.release()
      await expect(back.page.getByText(/Every check-in synced/)).toBeVisible({ timeout: 60_000 })
      await front.page.getByRole('button', { name: 'Sync now' }).click()
      for (const phone of [front, back]) {
        const doubles = phone.page.getByRole('region', { name: /Double entries/ })
        await expect(doubles).toContainText('Lata Menon', BACKEND)
        await expect(doubles).toContainText(/first .* at Front door .*; again .* at Back door/)
      }
    } finally {
      await browser.close()
      await support.emptyDate(midweek, date)
    }
  })

  test('a seat refunded after the door was readied: refused once the phone syncs; let in by a phone offline all along, flagged after it syncs', async () => {
    test.slow()
    const date = availableDates(midweek)[5]!
    const { guest: meera, paid, browser, front, back } = await guestAtTwoDoors(date, 'Meera Iyer')
    try {
      // The back phone has no signal from here on, all night.
      await back.context.setOffline(true)

      // Meera cancels three weeks ahead: a full refund, her seat released.
      expect((await meera.call('cancelBooking', { orderId: paid.orderId })).booking).toMatchObject({
        status: 'cancelled',
      })

      // The front phone syncs: her pass is refused as refunded.
      await front.page.getByRole('button', { name: 'Sync now' }).click()
      await expect(front.page.getByText(/Every check-in synced/)).toBeVisible(BACKEND)
      await front.page.getByRole('button', { name: 'Start the camera' }).click()
      const frontVerdict = front.page.getByRole('alertdialog')
      await expect(frontVerdict.getByRole('heading', { name: 'Do not admit' })).toBeVisible(BACKEND)
      await expect(frontVerdict).toContainText('This booking was refunded.')
      await expectChecked(front.page, /Refused: This booking was refunded\./)

      // The back phone never heard: it admits her.
      await back.page.getByRole('button', { name: 'Start the camera' }).click()
      await expectChecked(back.page, /Admitted Meera \(pass\)/)
      await back.context.setOffline(false)
      await expect(back.page.getByText(/Every check-in synced/)).toBeVisible(BACKEND)

      // The server kept it as a refused entry: the console flags it, and the alert is in the log.
      expect((await support.admin().doc(`door_admissions/${paid.orderId}`).get()).exists).toBe(false)
      await front.page.goto(`/host/${midweek.id}/${date}`)
      await expect(front.page.getByText(/Entered after refund \(\d{1,2}:\d\d [AP]M, Back door\)/)).toBeVisible(BACKEND)
      await support.expectNoSeriousA11yViolations(front.page)
      expect(await front.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
      const log = readFileSync(join(ROOT, '.tmp', 'logs', 'firebase-emulators.log'), 'utf8')
      expect(log.split('\n').some((line) => line.includes('door-unpaid-entry') && line.includes(paid.orderId))).toBe(
        true,
      )
    } finally {
      await browser.close()
      await support.emptyDate(midweek, date)
    }
  })
})
