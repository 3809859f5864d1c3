/**
 * The waitlist as two members meet it: the second finds the date sold out and joins its
 * waitlist; the first cancels; the second finds the seat offered in My bookings (and by email),
 * books it through the normal form and pays, and holds the seat.
 */

import { seatsCollectionPath } from '@yaari/domain/availability'
import { SEED } from '@yaari/domain/catalogue-seed'
import { availableDates, formatLongDate, formatShortDate } from '@yaari/domain/schedule'
import { mailWithSubject } from '../../dev/lib/mail-inbox.mjs'
import {
  admin,
  apiMember,
  BACKEND,
  expect,
  expectNoSeriousA11yViolations,
  onboardedMember,
  paidThroughApi,
  signedInAs,
  stackJob,
  test,
} from './support'

const midweek = SEED.eventById('midweek-wednesday-dinner')!
// The second-to-last date: no other test books it.
const date = availableDates(midweek).at(-2)!
const seats = () => admin().collection(seatsCollectionPath(midweek.id, date))

test('a member on the waitlist is offered the seat another gives back, books it and pays', async ({
  page,
  browser,
}) => {
  test.slow()
  // Every seat but one is taken by others.
  await Promise.all(
    Array.from({ length: midweek.capacity - 1 }, (_, i) =>
      seats()
        .doc(String(i + 1))
        .set({ order_id: `e2e_waitlist_${i}`, user_id: 'someone', status: 'taken' }),
    ),
  )
  const second = await browser.newContext()
  try {
    // The first member has booked and paid for the last seat.
    const first = await apiMember('Asha Rao')
    await paidThroughApi(first, midweek.id, date)
    await signedInAs(page, first)

    // The second member finds the date sold out and joins its waitlist.
    const other = await second.newPage()
    const otherEmail = await onboardedMember(other)
    await other.goto(`/events/${midweek.id}`)
    await other.getByRole('button', { name: /Girls/ }).click()
    const dialog = other.getByRole('dialog', { name: 'Select a date' })
    const label = dialog.locator('label').filter({ has: other.locator(`input[value="${date}"]`) })
    await expect(label.getByText('Sold out')).toBeVisible(BACKEND)
    await label.click()
    await expect(dialog.getByRole('button', { name: 'Continue' })).toHaveCount(0)
    await expect(dialog.getByText(`${formatShortDate(date)} is sold out.`)).toBeVisible()
    await dialog.getByRole('button', { name: 'Join the waitlist' }).click()
    await expect(dialog.getByText(`You are #1 on the waitlist for ${formatShortDate(date)}.`)).toBeVisible(BACKEND)
    await expect(label.getByText('#1 on the waitlist')).toBeVisible()
    await expectNoSeriousA11yViolations(other)

    // The first member cancels: the seat goes to the first member waiting.
    await page.goto('/my-bookings')
    const ticket = page.getByRole('listitem').filter({ hasText: 'Midweek Meetup' }).first()
    await ticket.getByRole('button', { name: 'Cancel booking' }).click()
    await page
      .getByRole('dialog', { name: 'Cancel this booking?' })
      .getByRole('button', { name: 'Cancel booking' })
      .click()
    await expect(page.getByText('Your booking is cancelled.')).toBeVisible(BACKEND)

    // The second member sees the offer in My bookings, with the time left, and by email.
    await other.goto('/my-bookings')
    const offer = other.getByRole('listitem').filter({ hasText: 'Seat offered to you' })
    await expect(
      offer.getByText(/A seat is held for you until \d{1,2}:\d\d [AP]M \(IST\), (30|29) minutes left/),
    ).toBeVisible(BACKEND)
    await expectNoSeriousA11yViolations(other)
    await stackJob('deliverMail')
    await mailWithSubject(otherEmail, `A seat is yours: ${midweek.title}, ${formatLongDate(date)}`)

    // Book your seat: the date dialog opens on the offered date; the booking is the usual one.
    await offer.getByRole('link', { name: 'Book your seat' }).click()
    const offered = other.getByRole('dialog', { name: 'Select a date' })
    await expect(offered.locator('label').filter({ hasText: 'Seat offered to you' })).toHaveCount(1, BACKEND)
    await offered.getByRole('button', { name: 'Continue' }).click()
    const booking = other.getByRole('dialog', { name: 'Book your seat' })
    await expect(booking.getByRole('textbox', { name: 'Full name' })).toHaveValue('Asha Rao', BACKEND)
    await booking.getByText('I accept the terms and conditions').click()
    await booking.getByRole('button', { name: 'Pay and book' }).click()
    await expect(other.getByRole('heading', { name: 'Complete your payment' })).toBeVisible(BACKEND)
    await other.getByRole('button', { name: 'Pay', exact: true }).click()
    await expect(other.getByRole('heading', { level: 1, name: "You're In" })).toBeVisible(BACKEND)

    // The second member holds the seat; the table is never over-full.
    const orderId = new URL(other.url()).searchParams.get('order_id')
    expect((await admin().doc(`bookings/${orderId}`).get()).get('status')).toBe('confirmed')
    const taken = await seats().get()
    expect(taken.size).toBe(midweek.capacity)
    expect(taken.docs.filter((seat) => seat.get('order_id') === orderId)).toHaveLength(1)
  } finally {
    await second.close()
    const all = await seats().get()
    await Promise.all(all.docs.map((seat) => seat.ref.delete()))
  }
})
