/**
 * Cashfree's webhook is late (in production, seconds to minutes after the member paid) and the
 * member leaves the success page at once: the ticket they open must still show its QR within
 * seconds, with no reload. The page asks where a pending booking stands until it settles.
 */
import { HOST, stackPorts, stackSecret, standinControl } from '../../dev/lib/config.mjs'
import { BACKEND, checkoutFor, expect, onboardedMember, test } from './support'

test('a member pays while the webhook is held back, opens the ticket at once and sees the QR within 10 s', async ({
  page,
}) => {
  test.slow()
  await onboardedMember(page)
  await checkoutFor(page, 2)
  const orderId = (
    await page.locator('dt', { hasText: 'Order' }).locator('xpath=following-sibling::dd[1]').innerText()
  ).trim()
  expect(orderId).toMatch(/^yaari_/)
  // The gateway's webhook for this order comes two minutes late.
  expect((await standinControl(`/orders/${orderId}/hold-webhook`, { ms: 120_000 })).ok).toBe(true)
  // The member is gone before the success page can ask about the payment.
  await page.route('**/booking-success**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Gone</title>' }),
  )
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page).toHaveURL(/\/booking-success\?order_id=/, BACKEND)
  await page.unrouteAll()

  await page.goto(`/my-bookings/${orderId}`)
  await expect(page.getByRole('img', { name: /QR code of your pass/ })).toBeVisible({ timeout: 10_000 })
  await expect(page.getByText('Show this at the door. No signal needed.')).toBeVisible()
  // It was the page's own asking: no webhook for the order has been delivered yet.
  const deliveries = await fetch(`http://${HOST}:${stackPorts().payments}/__standin/webhooks`, {
    headers: { 'x-standin-secret': stackSecret() },
  })
  expect(JSON.stringify(await deliveries.json())).not.toContain(orderId)
})
