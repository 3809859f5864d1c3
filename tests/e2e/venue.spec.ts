/**
 * At the venue's door: a member who paid and opened My bookings once reloads with a signal that
 * hangs (every request leaving the app's origin, Firebase Auth's own included, held unanswered),
 * with no network at all, and after the browser was closed and opened again. My bookings, the
 * ticket with its QR code and the venue brief render from the device, as that member. A second
 * member signing in on the same device never sees the first one's tickets, not for one frame.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, chromium, type Page } from '@playwright/test'
import { SEED } from '@yaari/domain/catalogue-seed'
import { type PassPublicKeys, parsePassPublicKeys } from '@yaari/domain/pass'
import { passVerifier } from '@yaari/domain/pass-verifier'
import { formatLongDate } from '@yaari/domain/schedule'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../dev/lib/chromium.mjs'
import * as support from './support'
import { BACKEND, expect, test } from './support'

/** The passes' public keys the app is built with (the local stack's, from .env). */
const APP_KEYS = parsePassPublicKeys(
  /^VITE_PASS_PUBLIC_KEYS=(.*)$/m.exec(readFileSync(join(import.meta.dirname, '..', '..', '.env'), 'utf8'))?.[1] ?? '',
) as PassPublicKeys

/** The First Hello: no other test books it, so its venue can be shared here. */
const EVENT = 'first-hello-stranger-meetup'
const BRIEF = {
  venueName: 'Café Stairs',
  address: '3rd floor, 80 Feet Road, Indiranagar',
  mapsUrl: 'https://maps.example.test/cafe-stairs',
  notes: 'Take the stairs by the bakery.',
}

/** Within this long (far less than the 30 s Auth waits on a hanging look-up) it came from the device. */
const AT_ONCE = { timeout: 5_000 }

/**
 * A member who booked and paid a seat at The First Hello (each test its own date: each shares
 * and removes that date's venue), whose venue the team has shared, and who opened My bookings
 * once online; on `page`, controlled by the service worker. `throughTheForm`: the member booked on
 * this phone through the booking form (which keeps their profile on it) and paid on the checkout;
 * otherwise the seat was booked and paid elsewhere (through the API) and this phone only signed in.
 */
async function paidMemberWithVenue(page: Page, dateIndex: number, { name = 'Asha Rao', throughTheForm = false } = {}) {
  let orderId: string
  if (throughTheForm) {
    await support.onboardedMember(page, name)
    await support.checkoutFor(page, dateIndex, { eventId: EVENT, name })
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: "You're In" })).toBeVisible(BACKEND)
    orderId = new URL(page.url()).searchParams.get('order_id') ?? ''
  } else {
    const member = await support.apiMember(name)
    // The listed date `dateIndex`, or the next after it with a seat left (a stack kept running fills them).
    const { events } = await member.call<{ events: { dates: { date: string; spotsLeft: number }[] }[] }>(
      'getAvailability',
      { eventId: EVENT },
    )
    const open = events[0]!.dates.slice(dateIndex).find((date) => date.spotsLeft > 0)!
    ;({ orderId } = await support.paidThroughApi(member, EVENT, open.date))
    await support.signedInAs(page, member)
  }
  const booking = (await support.admin().collection('bookings').doc(orderId).get()).data()!
  await support
    .admin()
    .doc(`venue_briefs/${EVENT}_${booking.event_date}`)
    .set({ ...BRIEF, shared_at: Date.now() })
  await page.goto('/my-bookings')
  await support.controlledByServiceWorker(page)
  const card = page.getByRole('listitem').filter({ hasText: orderId })
  await expect(card.getByText(BRIEF.address)).toBeVisible(BACKEND)
  return { orderId, date: String(booking.event_date) }
}

/** My bookings, the ticket with a real pass, and the venue brief, as the member `name`. */
async function expectTicketFromDevice(page: Page, { orderId, date }: { orderId: string; date: string }, name: string) {
  await expect(page.getByRole('banner').getByText(`Hi, ${name.split(' ')[0]}`)).toBeVisible(AT_ONCE)
  const card = page.getByRole('listitem').filter({ hasText: orderId })
  await expect(card.getByText('Confirmed')).toBeVisible(AT_ONCE)
  await expect(card.getByText(BRIEF.address)).toBeVisible()
  await card.getByRole('link', { name: /Show ticket/ }).click()
  await expect(page).toHaveURL(`/my-bookings/${orderId}`)
  const qr = page.getByRole('img', { name: 'QR code of your pass for The First Hello' })
  await expect(qr).toBeVisible(AT_ONCE)
  await expect(page.getByText(BRIEF.venueName)).toBeVisible()
  await expect(page.getByText(BRIEF.notes)).toBeVisible()
  await expect(page.getByText(`${formatLongDate(date)}, 6:00 PM IST`)).toBeVisible()
  await expect(page.getByText(/^[0-9A-Z]{3}-[0-9A-Z]{3}$/)).toBeVisible()
  // The QR code on screen is the pass the server signed for this booking, read as a door phone reads it.
  const verdict = await passVerifier(APP_KEYS).verify(SEED, (await support.readQrCode(qr)) ?? '', {
    eventId: EVENT,
    date,
  })
  expect(verdict).toMatchObject({ ok: true, pass: { orderId, tier: 'girls', firstName: name.split(' ')[0] } })
}

test.describe('at the venue', () => {
  test.use(support.WITH_SERVICE_WORKER)

  test('with every outside request hanging, then with no network, the ticket and the venue render from the device', async ({
    page,
    context,
  }) => {
    test.slow()
    const booking = await paidMemberWithVenue(page, 0, { throughTheForm: true })

    // One bar of signal: nothing outside the app's origin answers, Firebase Auth included.
    const signal = await support.hangOutsideRequests(context)
    await page.goto('/my-bookings')
    await expectTicketFromDevice(page, booking, 'Asha Rao')
    await expect(page.getByText(/^Updated .+ · checking for changes…$/)).toBeVisible()
    await support.expectNoSeriousA11yViolations(page)
    // A deep link to the ticket, reloaded: the same.
    await page.reload()
    await expect(page.getByRole('img', { name: /QR code of your pass/ })).toBeVisible(AT_ONCE)
    // The profile opens too, read-only while Auth cannot confirm the member.
    await page.goto('/profile')
    await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Asha Rao', AT_ONCE)
    await expect(page.getByText('Checking your sign-in with Yaari', { exact: false })).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Full name' })).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled()
    // What hung: Firebase Auth's account look-up, the 30 s wait these pages no longer make.
    await expect.poll(() => signal.hung.some((url) => url.includes('accounts:lookup')), BACKEND).toBe(true)
    await signal.release()

    // No network at all.
    await context.setOffline(true)
    await page.goto('/my-bookings')
    await expectTicketFromDevice(page, booking, 'Asha Rao')
    await expect(page.getByText(/^Updated .+ · you’re offline$/)).toBeVisible()
    await context.setOffline(false)
    await support.admin().doc(`venue_briefs/${EVENT}_${booking.date}`).delete()
  })

  test('after the browser is closed and opened again, with every outside request hanging', async () => {
    test.slow()
    const profile = mkdtempSync(join(tmpdir(), 'yaari-phone-'))
    const launch = () =>
      chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM_PATH,
        args: [...CHROMIUM_ARGS, '--disable-features=RenderDocument'],
        baseURL: test.info().project.use.baseURL,
        viewport: { width: 375, height: 812 },
        serviceWorkers: 'allow',
      })
    let phone: BrowserContext = await launch()
    try {
      const booking = await paidMemberWithVenue(phone.pages()[0] ?? (await phone.newPage()), 1)
      await phone.close()

      phone = await launch()
      await support.hangOutsideRequests(phone)
      const page = phone.pages()[0] ?? (await phone.newPage())
      await page.goto('/my-bookings')
      await expectTicketFromDevice(page, booking, 'Asha Rao')
      await support.admin().doc(`venue_briefs/${EVENT}_${booking.date}`).delete()
    } finally {
      await phone.close()
      rmSync(profile, { recursive: true, force: true })
    }
  })

  test("a second member on the same device never sees the first member's tickets, not for one frame", async ({
    page,
    context,
  }) => {
    test.slow()
    const first = await paidMemberWithVenue(page, 2, { name: 'Asha Rao' })
    const pass = await page.evaluate(
      (orderId) =>
        new Promise<string>((resolve) => {
          const open = indexedDB.open('yaari')
          open.onsuccess = () => {
            const get = open.result.transaction('bookings').objectStore('bookings').get(orderId)
            get.onsuccess = () => resolve(JSON.stringify(get.result))
          }
        }),
      first.orderId,
    )
    expect(pass).toContain('YP1:')
    const leftovers = JSON.parse(pass) as { uid: string }

    // Asha signs out; Ravi signs in on the same phone.
    await page.goto('/auth')
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await expect(page).toHaveURL(/\/$/, BACKEND)
    await expect(page.getByRole('banner').getByText('Hi, Asha')).toHaveCount(0)
    const ravi = await support.apiMember('Ravi Kumar')
    await support.signInAt(page, ravi.email)
    await expect(page).toHaveURL(/\/$/, BACKEND)
    // Even if something of Asha's were still on the device (put back here as it was), Ravi's pages
    // would not show it: every read is by the signed-in member.
    await page.evaluate(
      (row) =>
        new Promise<void>((resolve) => {
          const open = indexedDB.open('yaari')
          open.onsuccess = () => {
            const tx = open.result.transaction('bookings', 'readwrite')
            tx.objectStore('bookings').put(row)
            tx.oncomplete = () => resolve()
          }
        }),
      JSON.parse(pass),
    )
    expect(leftovers.uid).toBeTruthy()

    // Every change to the page, from its first byte, is checked for anything of Asha's.
    await context.addInitScript(
      (forbidden: string[]) => {
        const seen: string[] = []
        Object.assign(window, { __seenOfOther: seen })
        new MutationObserver(() => {
          const text = document.documentElement?.textContent ?? ''
          for (const item of forbidden) if (text.includes(item) && !seen.includes(item)) seen.push(item)
        }).observe(document, { childList: true, subtree: true, characterData: true })
      },
      [first.orderId, 'Hi, Asha', BRIEF.address],
    )

    const signal = await support.hangOutsideRequests(context)
    await page.goto('/my-bookings')
    await expect(page.getByRole('banner').getByText('Hi, Ravi')).toBeVisible(AT_ONCE)
    await expect(page.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible()
    await expect(page.getByText('Loading your bookings…').or(page.getByText('Nothing booked yet.'))).toBeVisible()
    // Asha's ticket by its own address: not Ravi's to see.
    await page.goto(`/my-bookings/${first.orderId}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Your ticket' })).toBeVisible(AT_ONCE)
    await expect(page.getByText('Loading your ticket…')).toBeVisible()
    await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0)
    expect(await page.evaluate(() => (window as unknown as { __seenOfOther: string[] }).__seenOfOther)).toEqual([])
    // Auth was asked, and is still hanging (its request may start after the page has rendered).
    await expect.poll(() => signal.hung.some((url) => url.includes('accounts:lookup')), BACKEND).toBe(true)
    await signal.release()
    await support.admin().doc(`venue_briefs/${EVENT}_${first.date}`).delete()
  })
})
