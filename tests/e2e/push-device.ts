/**
 * A phone that can be pushed to, in Chromium with the service worker. Chromium makes a real
 * subscription only through Google's push service, which this machine cannot reach: the browser is
 * handed a subscription the push stand-in made (PushManager.subscribe answers it), and everything
 * from the app's call to the push service is the real code (decision 0024). The stand-in checks each
 * push's VAPID signature and decrypts it; `deliver` hands its bytes to the service worker as the
 * push service would (Chrome DevTools Protocol), and `shown` lists the notifications it showed.
 */
import type { BrowserContext, Page } from '@playwright/test'
import type { PushPayload } from '@yaari/domain/notifications'
import { DEV_VAPID_KEYS, pushControl } from '../../dev/lib/config.mjs'
import { BACKEND, expect } from './support'

interface Device {
  id: string
  endpoint: string
  keys: { p256dh: string; auth: string }
}

export interface Pushed {
  /** The message as the push service carried it (what the service worker is given). */
  text: string
  json: PushPayload
}

/** Makes `context` a device the stand-in pushes to, its notifications allowed; before any page loads. */
export async function pushDevice(context: BrowserContext) {
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

  return {
    endpoint: device.endpoint,
    /** The push titled `title` the stand-in received and decrypted, once it has (the test fails if never). */
    async received(title: string): Promise<Pushed> {
      let pushed: Pushed | undefined
      await expect
        .poll(async () => {
          const response = await pushControl(`/subscriptions/${device.id}/messages`, { method: 'GET' })
          const { messages } = (await response.json()) as { messages: Pushed[] }
          pushed = messages.find((message) => message.json?.title === title)
          return pushed !== undefined
        }, BACKEND)
        .toBe(true)
      return pushed!
    },
    /** Hands `pushed` to the service worker of `page` (controlled by it), as the push service would. */
    async deliver(page: Page, pushed: Pushed) {
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
        data: pushed.text,
      })
    },
  }
}

/** The notifications the service worker of `page` shows now. */
export const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body })),
  )
