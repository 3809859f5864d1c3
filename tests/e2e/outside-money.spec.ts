/**
 * Money moved outside the app, as the people on the night see it: a member's bank disputes a
 * payment (the host's guest list says so, the seat stays), and the team refunds another member in
 * Cashfree's dashboard (her ticket says refunded, why, and the seat is gone). Both arrive the way
 * they do in production: the payment stand-in signs a webhook, the function reads Cashfree back.
 */
import { SEED } from '@yaari/domain/catalogue-seed'
import { availableDates } from '@yaari/domain/schedule'
import { standinControl } from '../../dev/lib/config.mjs'
import { apiMember, BACKEND, expect, hostAccount, openHostDate, paidThroughApi, signedInAs, test } from './support'

const saturday = SEED.eventById('first-hello-stranger-meetup')!
const date = availableDates(saturday)[6]!

test('a disputed payment is flagged on the guest list; a dashboard refund ends the member’s booking', async ({
  page,
  browser,
}) => {
  // Names of their own: a retry on the same stack meets the first try's guests too.
  const run = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')
  const disputed = await apiMember(`Dia Disputed ${run}`)
  const { orderId: disputedOrder } = await paidThroughApi(disputed, saturday.id, date)
  expect((await standinControl(`/orders/${disputedOrder}/disputes`, { type: 'CHARGEBACK' })).ok).toBe(true)
  const refunded = await apiMember(`Rhea Refunded ${run}`)
  const { orderId: refundedOrder } = await paidThroughApi(refunded, saturday.id, date)
  expect((await standinControl(`/orders/${refundedOrder}/dashboard-refund`, {})).ok).toBe(true)

  // The host's guest list at 360 px.
  const hostContext = await browser.newContext({ viewport: { width: 360, height: 780 }, hasTouch: true })
  try {
    const hostPage = await hostContext.newPage()
    await openHostDate(hostPage, hostAccount, saturday.id, date)
    const dia = hostPage.getByRole('listitem').filter({ hasText: disputed.name })
    await expect(dia.getByText('Payment disputed')).toBeVisible(BACKEND)
    await expect(dia.getByText('Paid', { exact: true })).toBeVisible()
    const rhea = hostPage.getByRole('listitem').filter({ hasText: refunded.name })
    await expect(rhea.getByText('Payment disputed')).toHaveCount(0)
  } finally {
    await hostContext.close()
  }

  // The refunded member's ticket.
  await signedInAs(page, refunded)
  await page.goto(`/my-bookings/${refundedOrder}`)
  await expect(page.getByText('Refunded', { exact: true })).toBeVisible(BACKEND)
  await expect(page.getByText(/Our team refunded this booking, so the seat is released\./)).toBeVisible()
})
