/**
 * Notifications at 360 px, in Chromium with the service worker: a member books, is asked, allows
 * notifications; the day's reminder is told (the stack's own jobs, run as of that morning), pushed by
 * the functions to the push stand-in, which checks its VAPID signature and decrypts it to the words
 * expected; the same message delivered to the service worker (Chrome DevTools Protocol) shows a
 * notification, and its tap opens the ticket; the bell lists it.
 *
 * The device is the push stand-in's (push-device.ts).
 */
import { NOTIFICATION_COPY } from '@yaari/domain/notifications'
import { pushDevice, shownNotifications } from './push-device'
import {
  admin,
  BACKEND,
  checkoutFor,
  controlledByServiceWorker,
  expect,
  expectNoSeriousA11yViolations,
  onboardedMember,
  stackJob,
  test,
  WITH_SERVICE_WORKER,
} from './support'

test.use({ ...WITH_SERVICE_WORKER, viewport: { width: 360, height: 780 } })

test('a member allows notifications after booking; the reminder is pushed, opens the ticket on a tap, and is under the bell', async ({
  page,
  context,
}) => {
  test.slow()
  const device = await pushDevice(context)

  await onboardedMember(page)
  await page.goto('/')
  await controlledByServiceWorker(page)
  await checkoutFor(page)
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: "You're In" })).toBeVisible(BACKEND)
  const orderId = new URL(page.url()).searchParams.get('order_id') ?? ''

  // Asked after booking, never before: nothing is asked of the browser until the member says yes.
  await expect(page.getByText(NOTIFICATION_COPY.afterBooking)).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: NOTIFICATION_COPY.allow }).click()
  await expect(page.getByText(NOTIFICATION_COPY.allowed)).toBeVisible(BACKEND)
  await expect
    .poll(
      async () => (await admin().collection('push_subscriptions').where('endpoint', '==', device.endpoint).get()).size,
    )
    .toBe(1)

  // The morning of the date: the stack's jobs queue the reminder, send it, and push it.
  const booking = (await admin().doc(`bookings/${orderId}`).get()).data()!
  const morning = new Date(`${booking.event_date}T09:30:00+05:30`)
  await stackJob('queueReminders', { at: morning })
  await stackJob('deliverMail', { at: morning })
  await stackJob('deliverPushes', { at: morning })
  const title = 'Today: Midweek Meetup'
  const pushed = await device.received(title)
  expect(pushed.json).toEqual({
    title,
    body: 'Doors open at 8:00 PM. Your ticket is ready in the app, even offline.',
    url: `/my-bookings/${orderId}`,
    tag: `reminder-midweek-wednesday-dinner-${booking.event_date}`,
  })

  // The same message, delivered to the service worker as the push service would: it shows it (and
  // the open page's bell, once there, hears of it).
  await page.goto('/')
  await expect(page.getByRole('link', { name: /^Notifications/ })).toBeVisible(BACKEND)
  await device.deliver(page, pushed)
  const shown = () => shownNotifications(page)
  await expect.poll(shown).toEqual([{ title, body: pushed.json.body }])

  // A tap on it (dispatched to the worker: a headless browser has no notification to tap) opens the ticket.
  const [worker] = context.serviceWorkers()
  await worker!.evaluate(async () => {
    // The worker's globals (the tests are typed for pages).
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event
    } & EventTarget
    const [notification] = await scope.registration.getNotifications()
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }))
  })
  await expect(page).toHaveURL(new RegExp(`/my-bookings/${orderId}$`), BACKEND)
  await expect(page.getByText(orderId).first()).toBeVisible(BACKEND)
  await expect.poll(shown).toEqual([])

  // The bell lists the same words.
  const bell = page.getByRole('link', { name: /^Notifications, \d+ unread$/ })
  await expect(bell).toBeVisible(BACKEND)
  await bell.click()
  await expect(page.getByRole('heading', { level: 1, name: NOTIFICATION_COPY.listTitle })).toBeVisible()
  const item = page.getByRole('listitem').filter({ hasText: title })
  await expect(item.getByText(pushed.json.body)).toBeVisible(BACKEND)
  await expectNoSeriousA11yViolations(page)
  await item.getByRole('link').first().click()
  await expect(page).toHaveURL(new RegExp(`/my-bookings/${orderId}$`))
})
