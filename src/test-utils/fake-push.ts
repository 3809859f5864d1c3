/**
 * A browser with Web Push, for the unit tests: Notification (its permission and question),
 * PushManager, and a service worker registration whose pushManager hands out subscriptions; and
 * the hooks of a component test on a signed-in member's device with it.
 */
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import { useAuthStore } from '../lib/session/auth-store'

export const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1'
export const KEYS = { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(22) }

export function fakeSubscription(key: ArrayBuffer | null, endpoint = ENDPOINT) {
  return {
    endpoint,
    options: { applicationServerKey: key },
    toJSON: () => ({ endpoint, expirationTime: null, keys: KEYS }),
    unsubscribe: vi.fn(async () => true),
  }
}

type Permission = NotificationPermission

/** Installs the fakes on the window; `answer` is what the member says when asked. */
export function installPush({
  permission = 'default' as Permission,
  answer = 'granted' as Permission,
  existing = null as ReturnType<typeof fakeSubscription> | null,
} = {}) {
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer
      return answer
    }),
  }
  // As in a browser, a subscription ended is no longer the registration's.
  const ending = (subscription: ReturnType<typeof fakeSubscription>) => {
    subscription.unsubscribe = vi.fn(async () => {
      if (existing === subscription) existing = null
      return true
    })
    return subscription
  }
  if (existing) ending(existing)
  const pushManager = {
    getSubscription: vi.fn(async () => existing),
    subscribe: vi.fn(async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
      existing = ending(fakeSubscription(applicationServerKey.slice().buffer))
      return existing
    }),
  }
  const registration = { pushManager }
  vi.stubGlobal('Notification', notification)
  vi.stubGlobal('PushManager', class {})
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: vi.fn(async () => registration) },
  })
  return { notification, pushManager, subscription: () => existing }
}

/** A browser without Web Push (no PushManager, no service workers). */
export function removePush() {
  Reflect.deleteProperty(window, 'PushManager')
  Reflect.deleteProperty(navigator, 'serviceWorker')
}

/**
 * Each test of a component on member m1's device, signed in: after it, the component unmounted and
 * the device's storage, its Web Push and any global stubbed as they were before.
 */
export function signedInPushDevice() {
  beforeEach(() => {
    useAuthStore.setState({ status: 'signed-in', member: { uid: 'm1', name: 'Asha', email: null }, verified: true })
  })
  afterEach(() => {
    cleanup()
    localStorage.clear()
    removePush()
    vi.unstubAllGlobals()
  })
}
