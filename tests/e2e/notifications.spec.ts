/**
 * Notifications at 360 px, in Chromium with the service worker: a member books, is asked, allows
 * notifications; the day's reminder is told (the stack's own jobs, run as of that morning), pushed by
 * the functions to the push stand-in, which checks its VAPID signature and decrypts it to the words
 * expected; the same message delivered to the service worker (Chrome DevTools Protocol) shows a
 * notification, and its tap opens the ticket; the bell lists it.
 *
 * Chromium makes a real subscription only through Google's push service, which this machine cannot
 * reach: the browser is handed a subscription the stand-in made (PushManager.subscribe answers it),
 * and everything from the app's call to the push service is the real code (decision 0024).
 */
import { NOTIFICATION_COPY, type PushPayload } from '@yaari/domain/notifications'
import { DEV_VAPID_KEYS, pushControl } from '../../dev/lib/config.mjs'
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

interface Device {
  id: string
  endpoint: string
  keys: { p256dh: string; auth: string }
}

test('a member allows notifications after booking; the reminder is pushed, opens the ticket on a tap, and is under the bell', async ({
  page,
  context,
}) => {
  test.slow()
  const made = await pushControl('/subscriptions', { body: { applicationServerKey: DEV_VAPID_KEYS.publicKey } })
  expect(made.status).toBe(201)
  const device = (await made.json()) as Device
  await context.grantPermissions(['notifications'])
  // The subscription Google's push service would have made, made by the stand-in instead.
  await context.addInitScript((sub: Device) => {
    let current: unknown = null
    const subscription = {
      endpoint: sub.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true },
      toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
      unsubscribe: async () => {
        current = null
        return true
      },
    }
    PushManager.prototype.subscribe = async () => {
      current = subscription
      return subscription as unknown as PushSubscription
    }
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null
  }, device)

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
  let pushed: { text: string; json: PushPayload } | undefined
  await expect
    .poll(async () => {
      const response = await pushControl(`/subscriptions/${device.id}/messages`, { method: 'GET' })
      const { messages } = (await response.json()) as { messages: { text: string; json: PushPayload }[] }
      pushed = messages.find((message) => message.json?.title === title)
      return pushed?.json
    }, BACKEND)
    .toEqual({
      title,
      body: 'Doors open at 8:00 PM. Your ticket is ready in the app, even offline.',
      url: `/my-bookings/${orderId}`,
      tag: `reminder-midweek-wednesday-dinner-${booking.event_date}`,
    })

  // The same message, delivered to the service worker as the push service would: it shows it (and
  // the open page's bell, once there, hears of it).
  await page.goto('/')
  await expect(page.getByRole('link', { name: /^Notifications/ })).toBeVisible(BACKEND)
  const cdp = await context.newCDPSession(page)
  const registrationId = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => !registration.isDeleted)
      if (ours) resolve(ours.registrationId)
    }),
  )
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: await registrationId,
    data: pushed!.text,
  })
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body })),
    )
  await expect.poll(shown).toEqual([{ title, body: pushed!.json.body }])

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
  await expect(item.getByText(pushed!.json.body)).toBeVisible(BACKEND)
  await expectNoSeriousA11yViolations(page)
  await item.getByRole('link').first().click()
  await expect(page).toHaveURL(new RegExp(`/my-bookings/${orderId}$`))
})
