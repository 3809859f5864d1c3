import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { cancelledDatePath } from '@yaari/domain/booking'
import { SEED_EVENTS } from '@yaari/domain/catalogue-seed'
import { availableDates, formatLongDate } from '@yaari/domain/schedule'
import { attachmentText, mailWithSubject, waitForMail } from '../../dev/lib/mail-inbox.mjs'
import {
  admin,
  BACKEND,
  checkoutFor,
  controlledByServiceWorker,
  expect,
  expectNoSeriousA11yViolations,
  onboardedAccount,
  onboardedMember,
  signInAt,
  stackJob,
  test,
  WITH_SERVICE_WORKER,
} from './support'

test.describe('booking and paying', () => {
  test.describe('with the service worker (offline at the venue)', () => {
    test.use(WITH_SERVICE_WORKER)

    test('a member books, pays, sees "You\'re In" and the booking under My bookings, online and offline', async ({
      page,
      context,
    }) => {
      test.slow()
      const email = await onboardedMember(page)
      // A Jain diner: the form's food preference goes with the booking (the host's guest list reads it).
      await checkoutFor(page, 1, { foodPreference: 'jain' })
      await page.getByRole('button', { name: 'Pay', exact: true }).click()

      await expect(page).toHaveURL(/\/booking-success\?order_id=yaari_/)
      const orderId = new URL(page.url()).searchParams.get('order_id') ?? ''
      await expect(page.getByText('Confirming your booking')).toBeVisible()
      await expect(page.getByRole('heading', { level: 1, name: "You're In" })).toBeVisible(BACKEND)
      await expect(page.getByText(orderId)).toBeVisible()
      await expect(page.getByText('A confirmation email reaches you within 5 minutes.')).toBeVisible()
      // "You're In" says it, on the page: no toast promises a redirect that never comes.
      await expect(page.getByText(/Redirecting/)).toHaveCount(0)
      const calendar = page.waitForEvent('download')
      await page.getByRole('button', { name: 'Add to calendar' }).click()
      expect((await calendar).suggestedFilename()).toMatch(/^yaari-\d{4}-\d\d-\d\d\.ics$/)
      await expectNoSeriousA11yViolations(page)
      const booking = (await admin().collection('bookings').doc(orderId).get()).data()
      expect(booking?.status).toBe('confirmed')
      expect(booking?.attendee?.foodPreference).toBe('jain')
      // Asked once: the answer is the member's profile's now, and starts their next booking form.
      const profile = (await admin().collection('user_profiles').doc(String(booking?.user_id)).get()).data()
      expect(profile?.food_preference).toBe('jain')
      expect(profile).not.toHaveProperty('personality_type')

      // The promised email, in the member's inbox: run the job the scheduler runs every minute.
      await stackJob('deliverMail')
      const [mail, ...more] = await waitForMail(email)
      expect(more).toEqual([])
      expect(mail?.subject).toBe(`You're in: Midweek Meetup, ${formatLongDate(booking?.event_date)}`)
      expect(mail?.text).toContain(`Order id: ${orderId}`)
      expect(mail?.text).toContain('Amount paid: ₹499')
      expect(mail?.text).toContain('Starts: 8:00 PM IST')
      const ics = await attachmentText(mail!, `yaari-${booking?.event_date}.ics`)
      expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/)
      expect(ics).toContain(`DTSTART;TZID=Asia/Kolkata:${String(booking?.event_date).replaceAll('-', '')}T200000`)
      expect(ics.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true)

      await page.getByRole('main').getByRole('link', { name: 'My bookings' }).click()
      const card = page.getByRole('listitem').filter({ hasText: orderId })
      await expect(card.getByText('Confirmed')).toBeVisible(BACKEND)
      await expect(card.getByText('Indiranagar (exact venue shared 24 hours before)')).toBeVisible()
      const download = page.waitForEvent('download')
      await card.getByRole('button', { name: 'Add to calendar' }).click()
      expect((await download).suggestedFilename()).toMatch(/^yaari-\d{4}-\d\d-\d\d\.ics$/)

      // At the venue with no signal: My bookings opens from the device's copy.
      await controlledByServiceWorker(page)
      await expect(card.getByText('Confirmed')).toBeVisible(BACKEND)
      // The device's copy refreshed from Yaari once, as a phone has it before the night (the card
      // shows at once from what the success page saved; the list's refresh may still be on its way).
      await expect(page.getByText(/^Updated /)).toBeVisible(BACKEND)
      await context.setOffline(true)
      await page.reload()
      await expect(
        page.getByText('You’re offline. Pages you’ve opened and your bookings still work', { exact: false }),
      ).toBeVisible()
      await expect(page.getByText(/^Updated .+ · you’re offline$/)).toBeVisible(BACKEND)
      await expect(card.getByText('Confirmed')).toBeVisible()
      await expect(card.getByText('What to expect')).toBeVisible()
      await context.setOffline(false)
    })
  })

  test('a failed payment reaches /booking-failed; the same order is paid from My bookings while held, then cancelled with the refund the policy gives', async ({
    page,
  }) => {
    test.slow()
    const email = await onboardedMember(page)
    await checkoutFor(page)
    await page.getByRole('button', { name: 'Fail' }).click()
    await expect(page).toHaveURL(/\/booking-success\?order_id=yaari_/)
    const orderId = new URL(page.url()).searchParams.get('order_id') ?? ''
    await expect(page).toHaveURL(new RegExp(`/booking-failed\\?order_id=${orderId}$`), BACKEND)
    await expect(page.getByText("Payment failed. Don't worry, we'll help you!").first()).toBeVisible()
    await expect(page.getByText(/Your seat is still held for you until \d{1,2}:\d\d [AP]M \(IST\)/)).toBeVisible(
      BACKEND,
    )
    await expectNoSeriousA11yViolations(page)

    // The seat is still this order's, and the order still takes a payment.
    const booking = (await admin().collection('bookings').doc(orderId).get()).data()
    expect(booking?.status).toBe('pending')
    const seat = await admin()
      .collection(`slots/${booking?.event_id}_${booking?.event_date}/seats`)
      .doc(String(booking?.seat))
      .get()
    expect(seat.get('order_id')).toBe(orderId)

    // Try Again reopens the same order's checkout; the member gives up once more.
    await page.getByRole('button', { name: 'Try Again' }).click()
    await expect(page.getByRole('heading', { name: 'Complete your payment' })).toBeVisible(BACKEND)
    await page.getByRole('button', { name: 'Cancel payment' }).click()
    await expect(page).toHaveURL(new RegExp(`/booking-failed\\?order_id=${orderId}$`), BACKEND)

    // Later, from My bookings: the held seat can still be paid for.
    await page.goto('/my-bookings')
    const card = page.getByRole('listitem').filter({ hasText: orderId })
    await expect(card.getByText('Payment failed: try again')).toBeVisible(BACKEND)
    await card.getByRole('button', { name: 'Complete payment' }).click()
    await expect(page.getByRole('heading', { name: 'Complete your payment' })).toBeVisible(BACKEND)
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`/booking-success\\?order_id=${orderId}$`))
    await expect(page.getByRole('heading', { level: 1, name: "You're In" })).toBeVisible(BACKEND)
    await expect((await admin().collection('bookings').doc(orderId).get()).get('status')).toBe('confirmed')

    // The event's date dialog shows the member's own seat.
    await page.goto('/events/midweek-wednesday-dinner')
    await page.getByRole('button', { name: /Girls/ }).click()
    const dates = page.getByRole('dialog', { name: 'Select a date' })
    await expect(dates.locator('label').filter({ hasText: 'Booked' })).toHaveCount(1, BACKEND)
    await expect(dates.locator('label').filter({ hasText: 'Booked' }).getByRole('radio')).toHaveAttribute(
      'value',
      String(booking?.event_date),
    )

    // A week or more ahead: cancelling gives all of it back, and the seat goes back to others.
    await page.goto('/my-bookings')
    await card.getByRole('button', { name: 'Cancel booking' }).click()
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' })
    await expect(
      dialog.getByText(
        'Cancelling now refunds ₹499 of the ₹499 you paid (48 hours or more before the event: full refund).',
      ),
    ).toBeVisible()
    await expect(dialog.getByText(/^Your seat at Midweek Meetup on .+ is given back to others\.$/)).toBeVisible()
    // The safe choice has focus: a stray Enter keeps the seat.
    await expect(dialog.getByRole('button', { name: 'Keep my seat' })).toBeFocused()
    await expectNoSeriousA11yViolations(page)
    await dialog.getByRole('button', { name: 'Cancel booking' }).click()
    await expect(page.getByText('Your booking is cancelled.')).toBeVisible(BACKEND)
    await expect(card.getByText('Cancelled, refund in progress')).toBeVisible(BACKEND)
    await expect(card.getByText(/You cancelled this booking\. We are refunding ₹499/)).toBeVisible()
    const seats = await admin().collection(`slots/${booking?.event_id}_${booking?.event_date}/seats`).get()
    expect(seats.docs.filter((doc) => doc.get('order_id') === orderId)).toEqual([])
    await stackJob('deliverMail')
    // (Its confirmation, if not sent before the cancel, is not sent at all.)
    await mailWithSubject(email, `Cancelled: Midweek Meetup, ${formatLongDate(booking?.event_date)}`)
  })

  test('a member is offered only the price their profile allows', async ({ page }) => {
    // Signed in through /auth, where the app learns which prices her profile (female) allows.
    await signInAt(page, await onboardedAccount())
    await expect(page).toHaveURL(/\/$/, BACKEND)
    await page.goto('/events/midweek-wednesday-dinner')
    const tickets = page.getByRole('region', { name: 'Choose your ticket' })
    await expect(tickets.getByRole('button', { name: /Girls/ })).toBeVisible()
    await expect(tickets.getByRole('button', { name: /Boys/ })).toHaveCount(0)
  })

  test('a made-up order id on /booking-success is never shown as confirmed', async ({ page }) => {
    await onboardedMember(page)
    await page.goto('/booking-success?order_id=yaari_20990101_madeup')
    await expect(page.getByRole('heading', { level: 1, name: 'We couldn’t find this booking' })).toBeVisible(BACKEND)
    await expect(page.getByText("You're In")).toHaveCount(0)
  })
})

test('a date the team cancelled shows as Cancelled and cannot be chosen', async ({ page }) => {
  const sunday = SEED_EVENTS[1]!
  const date = availableDates(sunday).at(-1)!
  // The team's own command, at the local stack; the date is opened again afterwards.
  const { GOOGLE_CLOUD_PROJECT: _, ...local } = process.env
  await promisify(execFile)(
    'node',
    [
      join(import.meta.dirname, '..', '..', 'dev', 'ops.mjs'),
      'cancel-date',
      '--event',
      sunday.id,
      '--date',
      date,
      '--reason',
      'e2e',
    ],
    { env: local },
  )
  try {
    await page.goto(`/events/${sunday.id}`)
    await page.getByRole('button', { name: /Girls/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Select a date' })
    const label = dialog.locator('label').filter({ has: page.locator(`input[value="${date}"]`) })
    await expect(label.getByText('Cancelled')).toBeVisible(BACKEND)
    await expect(label.getByRole('radio')).toBeDisabled()
  } finally {
    await admin().doc(cancelledDatePath(sunday.id, date)).delete()
  }
})
