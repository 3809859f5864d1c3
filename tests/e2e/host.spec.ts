/**
 * Hosts run a night from the console, in two browser contexts: a member books and pays; the
 * Bangalore host (the demo account `npm start` makes) sees the numbers and the guest with her food
 * preference, shares the venue (the member's ticket shows it, MailDev has the email), raises the
 * capacity of the sold-out date (the first member waiting is offered the seat), suspends the member
 * (her next booking is refused with the reason), cancels the date
 * (the member sees the refund), and finds every step in the audit log. Members and visitors get
 * "Hosts only".
 */

import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { seatsCollectionPath } from '@yaari/domain/availability'
import { cancelledDatePath } from '@yaari/domain/booking'
import { SEED } from '@yaari/domain/catalogue-seed'
import { HOST_MESSAGES } from '@yaari/domain/host'
import { availableDates, formatLongDate, istToday } from '@yaari/domain/schedule'
import { mailWithSubject } from '../../dev/lib/mail-inbox.mjs'
import {
  admin,
  adminAccount,
  apiMember,
  BACKEND,
  expect,
  expectNoSeriousA11yViolations,
  expectOneMain,
  hangOutsideRequests,
  hostAccount,
  onboardedMember,
  openHostDate,
  paidThroughApi,
  signedInAs,
  signInAt,
  stackJob,
  test,
  uniqueName,
} from './support'

const sunday = SEED.eventById('unplanned-sunday-social-mixup')!
// The third Sunday: no other test books it (booking.spec.ts cancels the last one).
const date = availableDates(sunday)[2]!
const seats = () => admin().collection(seatsCollectionPath(sunday.id, date))
const saturday = SEED.eventById('first-hello-stranger-meetup')!

/** A member who joins the date's waitlist through the joinWaitlist function. */
async function waitingMember() {
  const member = await apiMember('Ravi Kumar')
  await member.call('joinWaitlist', { eventId: sunday.id, eventDate: date })
  return member.uid
}

/** The host signed in on the console page of the `n`th Saturday ahead; that date. */
async function openSaturday(page: Page, n: number) {
  const day = availableDates(saturday)[n]!
  await openHostDate(page, hostAccount, saturday.id, day)
  return day
}
test.describe('the host console', () => {
  test('a visitor and a member who open /host are told it is for hosts only', async ({ page }) => {
    await page.goto('/host')
    await expect(page.getByRole('heading', { level: 1, name: 'Hosts only' })).toBeVisible(BACKEND)
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible()
    await onboardedMember(page)
    await page.goto('/host')
    await expect(page.getByRole('heading', { level: 1, name: 'Hosts only' })).toBeVisible(BACKEND)
    await expect(page.getByText(HOST_MESSAGES.hostsOnly)).toBeVisible()
    await expect(page.getByRole('link', { name: 'Host console' })).toHaveCount(0)
  })

  test("at the door, with every outside request hanging, the date's last guest list opens from the device", async ({
    page,
    context,
  }) => {
    await openSaturday(page, 5)
    const numbers = page.getByRole('region', { name: 'Numbers' })
    await expect(numbers.getByText('Capacity')).toBeVisible(BACKEND)
    await expect(page.getByText(/^Up to date as of/)).toBeVisible(BACKEND)

    const signal = await hangOutsideRequests(context)
    await page.reload()
    await expect(numbers.getByText('Capacity')).toBeVisible({ timeout: 5_000 })
    await expect(page.getByText(/^Coming \(\d+\) by food:/)).toBeVisible()
    await expect(page.getByText('Checking your sign-in with Yaari: the actions open once it answers.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Share venue' })).toHaveCount(0)
    await expect.poll(() => signal.hung.some((url) => url.includes('accounts:lookup')), BACKEND).toBe(true)
    await signal.release()
  })

  test('Back from a member page into the console opens the console', async ({ page }) => {
    await signedInAs(page, hostAccount)
    await page.goto('/host')
    await expect(page.getByRole('heading', { level: 1, name: 'Host console' })).toBeVisible(BACKEND)
    // Out of the console within the page, then that member page loaded again on its own.
    await page.getByRole('link', { name: 'Yaari' }).first().click()
    await expect(page).toHaveURL(/\/$/)
    await page.reload()
    await page.goBack()
    await expect(page).toHaveURL(/\/host$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Host console' })).toBeVisible(BACKEND)
  })

  test('with every outside request hanging, the console opens on the dates whose lists the device saved', async ({
    page,
    context,
  }) => {
    // A date this week: the console shows it unfolded.
    const day = await openSaturday(page, 0)
    await expect(page.getByText(/^Up to date as of/)).toBeVisible(BACKEND)

    const signal = await hangOutsideRequests(context)
    await page.goto('/host')
    await expect(page.getByText(/^Shown from this device: the dates whose guest lists you saved\./)).toBeVisible({
      timeout: 5_000,
    })
    await expect(page.getByRole('link', { name: `${saturday.title}, ${formatLongDate(day)}` })).toBeVisible()
    await signal.release()
    // Once Yaari answers, its list replaces the device's.
    await expect(page.getByText(/^Shown from this device/)).toHaveCount(0, BACKEND)
  })

  test('a host runs a date: guests, venue, capacity, cancel, and the audit log', async ({ page, browser }) => {
    test.slow()
    const guestName = uniqueName('Asha')
    const hostContext = await browser.newContext({ viewport: { width: 360, height: 780 }, hasTouch: true })
    try {
      // A member has booked and paid, a Jain diner.
      const member = await apiMember(guestName)
      const { orderId } = await paidThroughApi(member, sunday.id, date, { attendee: { foodPreference: 'jain' } })
      await signedInAs(page, member)

      // The host signs in: the menu shows the way to the console (the app learns the role from the token).
      const hostPage = await hostContext.newPage()
      await signInAt(hostPage, hostAccount.email, hostAccount.password)
      await expect(hostPage).toHaveURL(/\/$/, BACKEND)
      await hostPage.getByRole('button', { name: 'Menu' }).click()
      await hostPage.getByRole('link', { name: 'Host console' }).click()
      await expect(hostPage.getByRole('heading', { level: 1, name: 'Host console' })).toBeVisible(BACKEND)
      // The first screen: tonight and this week open, later months folded; the host picks the event.
      const eventFilter = hostPage.getByRole('combobox', { name: 'Event' })
      await expect(eventFilter).toBeVisible(BACKEND)
      await eventFilter.selectOption({ label: sunday.title })
      const weekEnd = new Date(Date.parse(`${istToday()}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10)
      if (date >= weekEnd)
        await hostPage
          .getByText(new RegExp(`^${formatLongDate(date).split(' ').slice(-2).join(' ')} \\(\\d+ dates?\\)$`))
          .click()
      const dateLink = hostPage.getByRole('link', { name: `${sunday.title}, ${formatLongDate(date)}` })
      await expect(dateLink).toBeVisible(BACKEND)
      await expectNoSeriousA11yViolations(hostPage)
      await expectOneMain(hostPage)
      await dateLink.click()

      // The date: one paid guest, with her food preference.
      await expect(
        hostPage.getByRole('heading', { level: 1, name: `${sunday.title}, ${formatLongDate(date)}` }),
      ).toBeVisible()
      const numbers = hostPage.getByRole('region', { name: 'Numbers' })
      await expect(numbers.getByText('Paid').locator('..')).toContainText('1', BACKEND)
      const guests = hostPage.getByRole('list', { name: 'Guest list' })
      const guest = guests.getByRole('listitem').filter({ hasText: guestName })
      await expect(guest).toContainText('Jain')
      await expect(guest).toContainText('Paid')
      await expect(hostPage.getByText(/by food: Jain 1/)).toBeVisible()
      await hostPage.getByRole('searchbox', { name: 'Search guests' }).fill('nobody-like-this')
      await expect(hostPage.getByText('No guest matches that search.')).toBeVisible()
      await hostPage.getByRole('searchbox', { name: 'Search guests' }).fill('')
      await expectNoSeriousA11yViolations(hostPage)
      await expectOneMain(hostPage)
      expect(await hostPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

      // The venue: shared, on the member's ticket, and in her inbox.
      const venue = hostPage.getByRole('region', { name: 'Venue' })
      await venue.getByRole('textbox', { name: 'Venue name' }).fill('The Courtyard')
      await venue.getByRole('textbox', { name: 'Address' }).fill('7, Church Street, Bangalore')
      await venue.getByRole('button', { name: 'Share venue' }).click()
      await expect(hostPage.getByText('Venue saved: members see it on their ticket and are emailed.')).toBeVisible(
        BACKEND,
      )
      await page.goto(`/my-bookings/${orderId}`)
      await expect(page.getByText('The Courtyard')).toBeVisible(BACKEND)
      await stackJob('deliverMail')
      expect((await mailWithSubject(member.email, /^Your venue for /)).map((mail) => mail.subject)).toContain(
        `Your venue for ${sunday.title}, ${formatLongDate(date)}`,
      )

      // Sold out, a member waiting: raising the capacity offers them the new seat.
      const taken = new Set((await seats().get()).docs.map((doc) => doc.id))
      const free = Array.from({ length: sunday.capacity }, (_, i) => String(i + 1)).filter((n) => !taken.has(n))
      await Promise.all(
        free.map((n) =>
          seats()
            .doc(n)
            .create({ order_id: `e2e_host_${n}`, user_id: 'someone', status: 'taken' }),
        ),
      )
      const waiting = await waitingMember()
      const capacity = hostPage.getByRole('region', { name: 'Capacity' })
      await capacity.getByRole('spinbutton', { name: 'Seats' }).fill(String(sunday.capacity + 1))
      await capacity.getByRole('button', { name: 'Change capacity' }).click()
      await expect(hostPage.getByText('Capacity changed. New seats go to the waitlist first.')).toBeVisible(BACKEND)
      await expect
        .poll(async () => (await admin().doc(`waitlist/${sunday.id}_${date}_${waiting}`).get()).get('status'), BACKEND)
        .toBe('offered')
      await expect(guests.getByRole('listitem').filter({ hasText: 'Ravi Kumar' })).toContainText(
        'Offered a seat',
        BACKEND,
      )

      // The host suspends the member from her row; her next booking is refused with the reason.
      const row = guests.getByRole('listitem').filter({ hasText: guestName })
      await row.getByText(`Moderate ${guestName}`).click()
      await row.getByRole('combobox', { name: 'Step' }).selectOption('suspend')
      await row.getByLabel('Suspended until (inclusive)').fill(availableDates(sunday)[3]!)
      await row.getByRole('textbox', { name: 'Reason (the member is told)' }).fill('Rude to the staff')
      await row.getByRole('button', { name: 'Apply temporary suspension' }).click()
      await expect(hostPage.getByText('Member suspended. The member is told by email.')).toBeVisible(BACKEND)
      await page.goto(`/events/${sunday.id}`)
      await page.getByRole('button', { name: /Girls/ }).click()
      const dates = page.getByRole('dialog', { name: 'Select a date' })
      await expect(dates.getByText(/spots? left|Sold out/).first()).toBeVisible(BACKEND)
      await dates.locator('label').nth(4).click()
      await dates.getByRole('button', { name: 'Continue' }).click()
      const form = page.getByRole('dialog', { name: 'Book your seat' })
      await expect(form.getByRole('textbox', { name: 'Full name' })).toHaveValue(guestName, BACKEND)
      await form.getByText('I accept the terms and conditions').click()
      await form.getByRole('button', { name: 'Pay and book' }).click()
      await expect(
        page.getByText(/Your account is suspended until .+ \(inclusive\): Rude to the staff/).first(),
      ).toBeVisible(BACKEND)
      await page.keyboard.press('Escape')

      // The host cancels the date, typing it to confirm; the member sees her refund.
      const cancel = hostPage.getByRole('region', { name: 'Cancel this date' })
      await cancel.getByRole('textbox', { name: /Reason/ }).fill('The venue flooded')
      const confirm = cancel.getByRole('button', { name: 'Cancel this date' })
      await expect(confirm).toBeDisabled()
      await cancel.getByRole('textbox', { name: `Type ${date} to confirm` }).fill(date)
      await confirm.click()
      await expect(hostPage.getByText('Date cancelled: every member is refunded in full and told.')).toBeVisible(
        BACKEND,
      )
      await page.goto('/my-bookings')
      const card = page.getByRole('listitem').filter({ hasText: orderId })
      await expect(card.getByText(/refund/i).first()).toBeVisible(BACKEND)
      expect((await admin().doc(`bookings/${orderId}`).get()).get('refund.amount')).toBe(sunday.prices.girls)

      // The audit log has every step.
      await hostPage.getByRole('link', { name: '← Host console' }).click()
      await hostPage.getByRole('link', { name: 'Audit log' }).click()
      const entries = hostPage.getByRole('list', { name: 'Audit entries' })
      const steps = [
        'Viewed the guest list',
        'Shared the venue',
        'Changed the capacity',
        'Moderated a member',
        'Cancelled the date',
      ]
      for (const step of steps) {
        await expect(entries.getByText(new RegExp(`^${step}: ${date}`)).first()).toBeVisible(BACKEND)
      }
      await expectNoSeriousA11yViolations(hostPage)
      await expectOneMain(hostPage)
    } finally {
      await hostContext.close()
      // The date opens again for the next run on this stack.
      await admin().doc(cancelledDatePath(sunday.id, date)).delete()
      const left = await seats().get()
      await Promise.all(left.docs.map((doc) => doc.ref.delete()))
      await admin().doc(`date_settings/${sunday.id}_${date}`).delete()
      await admin().doc(`venue_briefs/${sunday.id}_${date}`).delete()
      const suspended = await admin().collection('moderation').where('reason', '==', 'Rude to the staff').get()
      await Promise.all(suspended.docs.map((doc) => doc.ref.delete()))
      const booked = await admin()
        .collection('bookings')
        .where('event_id', '==', sunday.id)
        .where('event_date', '==', date)
        .get()
      const line = await admin()
        .collection('waitlist')
        .where('event_id', '==', sunday.id)
        .where('event_date', '==', date)
        .get()
      await Promise.all([...booked.docs, ...line.docs].map((doc) => doc.ref.delete()))
    }
  })

  test('an admin bans a guest, lifts it, and cancels her paid seat from her row; the CSV has the list', async ({
    page,
  }) => {
    test.slow()
    const day = availableDates(saturday)[3]!
    const name = uniqueName('Meera')
    const guest = await apiMember(name)
    const { orderId } = await paidThroughApi(guest, saturday.id, day)
    try {
      await openHostDate(page, adminAccount, saturday.id, day)
      const row = page.getByRole('list', { name: 'Guest list' }).getByRole('listitem').filter({ hasText: name })
      await expect(row).toContainText('Paid', BACKEND)

      // The CSV download is the list as the host sees it, one row per guest.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV' }).click(),
      ])
      expect(download.suggestedFilename()).toBe(`yaari-${saturday.id}-${day}.csv`)
      const csv = await readFile(await download.path(), 'utf8')
      expect(csv.split('\r\n')[0]).toBe(
        'Name,Age,Gender,Tier,Food preference,Drinking preference,Mobile,Booked at,State,Order',
      )
      expect(csv).toContain(`${name},`)
      expect(csv).toContain(`,paid,${orderId}`)

      // Banned from her row: the row says so, with the reason.
      await row.getByText(`Moderate ${name}`).click()
      await row.getByRole('combobox', { name: 'Step' }).selectOption('ban')
      await row.getByRole('textbox', { name: 'Reason (the member is told)' }).fill('Harassed another guest')
      await row.getByRole('button', { name: 'Apply permanent ban' }).click()
      await expect(page.getByText('Member banned. The member is told by email.')).toBeVisible(BACKEND)
      await expect(row.getByText('Banned', { exact: true })).toBeVisible(BACKEND)
      await expect(row.getByText('Reason given: Harassed another guest')).toBeVisible()
      await expectNoSeriousA11yViolations(page)

      // An admin lifts it: the row is clear again.
      await row.getByText(`Lift ${name}’s restriction`).click()
      await row.getByRole('textbox', { name: 'Reason (the member is told)' }).last().fill('Apologised in person')
      await row.getByRole('button', { name: 'Lift the restriction' }).click()
      await expect(page.getByText('Lifted. The member is told by email.')).toBeVisible(BACKEND)
      await expect(row.getByText('Banned', { exact: true })).toHaveCount(0, BACKEND)

      // Her paid seat, cancelled by the host: refunded in full, and told why by email.
      await row.getByText(`Cancel ${name}’s seat`).click()
      await row.getByRole('textbox', { name: 'Reason (the member is told)' }).last().fill('The table was rearranged')
      await row.getByRole('button', { name: 'Cancel the seat and refund in full' }).click()
      await expect(page.getByText(`${name}’s seat is cancelled: refunded in full and told why.`)).toBeVisible(BACKEND)
      await expect(row).toContainText('Refunded', BACKEND)
      expect((await admin().doc(`bookings/${orderId}`).get()).get('refund')).toMatchObject({
        amount: saturday.prices.girls,
        reason: 'host-cancelled',
      })
      await stackJob('deliverMail')
      await mailWithSubject(guest.email, /is banned$/)
      await mailWithSubject(guest.email, /back in good standing$/)
      const mails = await mailWithSubject(guest.email, /^Your seat is cancelled/)
      const cancelled = mails.find((mail) => mail.subject.startsWith('Your seat is cancelled'))
      expect(cancelled?.text).toContain('Reason: The table was rearranged')
      expect(mails.map((mail) => mail.subject)).toEqual(
        expect.arrayContaining([expect.stringMatching(/is banned$/), expect.stringMatching(/back in good standing$/)]),
      )
    } finally {
      await admin().doc(`moderation/${guest.uid}`).delete()
      const left = await admin().collection(seatsCollectionPath(saturday.id, day)).get()
      await Promise.all(left.docs.map((doc) => doc.ref.delete()))
      const waiting = await admin()
        .collection('waitlist')
        .where('event_id', '==', saturday.id)
        .where('event_date', '==', day)
        .get()
      await Promise.all(waiting.docs.map((doc) => doc.ref.delete()))
    }
  })
})
