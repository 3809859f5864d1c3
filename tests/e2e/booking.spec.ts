import { expect, type Page, test } from '@playwright/test'
import { getApps, initializeApp } from 'firebase-admin/app'
import { getFirestore } from 'firebase-admin/firestore'
import { expectNoSeriousA11yViolations, newEmail, submitSignUp } from './support'

// Function calls may meet a cold emulator worker while the other suites run.
const BACKEND = { timeout: 30_000 }

function admin() {
  process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080'
  process.env.METADATA_SERVER_DETECTION ??= 'none' // no Google metadata server to ask here
  if (getApps().length === 0) initializeApp({ projectId: 'demo-yaari' })
  return getFirestore()
}

/** A new member with a completed profile (the one-page form, then the remaining steps). */
async function onboardedMember(page: Page) {
  const email = newEmail('booking')
  await submitSignUp(page, email)
  await expect(page).toHaveURL(/\/onboarding\/mobile$/, BACKEND)
  await page.goto('/onboarding/profile')
  await page.getByRole('textbox', { name: 'Phone' }).fill('9876543210')
  await page.getByRole('textbox', { name: 'Full name' }).fill('Asha Rao')
  await page.getByLabel('Date of birth').fill('1995-06-15')
  await page.getByRole('combobox', { name: 'Gender' }).selectOption('Female')
  await page.getByRole('combobox', { name: 'Profession' }).selectOption('Student')
  const proceed = () => page.getByRole('button', { name: 'Continue', exact: true }).click()
  // Each step is awaited by its heading: every step's button is called Continue.
  await proceed()
  await expect(page.getByRole('heading', { level: 1, name: 'What do you do?' })).toBeVisible(BACKEND)
  await proceed()
  await expect(page.getByRole('heading', { level: 1, name: 'How do you identify?' })).toBeVisible()
  await page.getByRole('button', { name: 'Continue to Interests' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'What are you into?' })).toBeVisible()
  await page.getByText('Brunch', { exact: true }).click()
  await proceed()
  await expect(page.getByRole('heading', { level: 1, name: 'Where are you based?' })).toBeVisible()
  await page.getByText('Koramangala', { exact: true }).click()
  await proceed()
  await expect(page.getByRole('button', { name: 'Start Your Adventure' })).toBeVisible(BACKEND)
  return email
}

/** From the event page to Cashfree's checkout (the stand-in's page), for the second listed date. */
async function checkoutFor(page: Page) {
  await page.goto('/events/midweek-wednesday-dinner')
  await page.getByRole('button', { name: /Girls/ }).click()
  const dateDialog = page.getByRole('dialog', { name: 'Select a date' })
  await dateDialog.locator('label').nth(1).click()
  await dateDialog.getByRole('button', { name: 'Continue' }).click()

  const booking = page.getByRole('dialog', { name: 'Book your seat' })
  await expect(booking.getByRole('textbox', { name: 'Full name' })).toHaveValue('Asha Rao', BACKEND)
  await expect(booking.getByRole('textbox', { name: 'Mobile number' })).toHaveValue('98765 43210')
  await expect(booking.getByRole('combobox', { name: 'Profession *' })).toHaveValue('student')
  const pay = booking.getByRole('button', { name: 'Pay and book' })
  await expect(pay).toBeDisabled()
  await expect(booking.getByText('Please accept the terms and conditions to proceed!')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await booking.getByText('I accept the terms and conditions').click()
  await expect(booking.getByRole('checkbox', { name: 'I accept the terms and conditions' })).toBeChecked()
  await pay.click()
  await expect(page.getByRole('heading', { name: 'Complete your payment' })).toBeVisible(BACKEND)
  await expect(page.getByText('₹499.00')).toBeVisible()
}

test.describe('booking and paying', () => {
  test('a member books, pays, sees "You\'re In" and the booking under My bookings, online and offline', async ({
    page,
    context,
  }) => {
    test.slow()
    await onboardedMember(page)
    await checkoutFor(page)
    await page.getByRole('button', { name: 'Pay', exact: true }).click()

    await expect(page).toHaveURL(/\/booking-success\?order_id=yaari_/)
    const orderId = new URL(page.url()).searchParams.get('order_id') ?? ''
    await expect(page.getByText('Confirming your booking')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: "You're In" })).toBeVisible(BACKEND)
    await expect(page.getByText(orderId)).toBeVisible()
    await expect(page.getByText('A confirmation email reaches you within 5 minutes.')).toBeVisible()
    await expect((await admin().collection('bookings').doc(orderId).get()).get('status')).toBe('confirmed')

    await page.getByRole('link', { name: 'My bookings' }).click()
    const card = page.getByRole('listitem').filter({ hasText: orderId })
    await expect(card.getByText('Confirmed')).toBeVisible(BACKEND)
    await expect(card.getByText('Indiranagar (exact venue shared 24 hours before)')).toBeVisible()
    const download = page.waitForEvent('download')
    await card.getByRole('button', { name: 'Add to calendar' }).click()
    expect((await download).suggestedFilename()).toMatch(/^yaari-\d{4}-\d\d-\d\d\.ics$/)

    // At the venue with no signal: My bookings opens from the device's copy.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await page.reload()
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
    await expect(card.getByText('Confirmed')).toBeVisible(BACKEND)
    await context.setOffline(true)
    await page.reload()
    await expect(
      page.getByText('You’re offline. Pages you’ve opened and your bookings still work', { exact: false }),
    ).toBeVisible()
    await expect(page.getByText('these are your bookings as saved on this device', { exact: false })).toBeVisible(
      BACKEND,
    )
    await expect(card.getByText('Confirmed')).toBeVisible()
    await expect(card.getByText('What to expect')).toBeVisible()
    await context.setOffline(false)
  })

  test('a failed payment reaches /booking-failed and frees the seat', async ({ page }) => {
    test.slow()
    await onboardedMember(page)
    await checkoutFor(page)
    await page.getByRole('button', { name: 'Fail' }).click()
    await expect(page).toHaveURL(/\/booking-success\?order_id=yaari_/)
    const orderId = new URL(page.url()).searchParams.get('order_id') ?? ''
    await expect(page).toHaveURL(/\/booking-failed$/, BACKEND)
    await expect(page.getByText("Payment failed. Don't worry, we'll help you!").first()).toBeVisible()

    const booking = (await admin().collection('bookings').doc(orderId).get()).data()
    expect(booking?.status).toBe('failed')
    const seat = await admin()
      .collection(`slots/${booking?.event_id}_${booking?.event_date}/seats`)
      .doc(String(booking?.seat))
      .get()
    expect(seat.exists && seat.get('order_id') === orderId).toBe(false)
  })

  test('a made-up order id on /booking-success is never shown as confirmed', async ({ page }) => {
    await onboardedMember(page)
    await page.goto('/booking-success?order_id=yaari_20990101_madeup')
    await expect(page.getByRole('heading', { level: 1, name: 'We couldn’t find this booking' })).toBeVisible(BACKEND)
    await expect(page.getByText("You're In")).toHaveCount(0)
  })
})
