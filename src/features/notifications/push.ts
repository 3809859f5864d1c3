/**
 * Turning Web Push on and off on this device. Loaded with a member's tap (a dynamic import), never
 * with a page: nothing here runs, and nothing leaves the device, before the member says Allow.
 *
 * On: the browser asks the member, subscribes through the service worker with the app's VAPID key,
 * and the subscription goes to the server (savePushSubscription); the device remembers that push is
 * on, and for which member. Off: the server forgets the subscription, then the browser drops it.
 */
import { removePushSubscriptionCall, savePushSubscriptionCall } from '@yaari/domain/notifications'
import { call } from '../../lib/call'
import { clientConfig } from '../../lib/client-config'
import { currentSubscription, devicePush, keyBytes, rememberPush, sameBytes } from '../../lib/push-device'

/** `ready` never settles where no worker registers (registration failed): give up after this. */
const WORKER_WAIT_MS = 10_000

async function workerReady(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const gaveUp = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('No service worker is ready to subscribe with.')), WORKER_WAIT_MS)
  })
  try {
    return await Promise.race([navigator.serviceWorker.ready, gaveUp])
  } finally {
    clearTimeout(timer)
  }
}

export type EnableOutcome = 'on' | 'blocked' | 'dismissed'

/**
 * Turns push on for `uid` on this device. Call it from a tap only: the browser asks the member.
 * `permission` is that question when the caller had to ask already within the tap (Safari lets a
 * page ask only while handling it, and this module loads after); otherwise it is asked here.
 */
export async function enablePush(
  uid: string,
  permission: Promise<NotificationPermission> = Notification.requestPermission(),
): Promise<EnableOutcome> {
  const answer = await permission
  if (answer === 'denied') return 'blocked'
  if (answer !== 'granted') return 'dismissed'
  const { pushManager } = await workerReady()
  const key = keyBytes(clientConfig.vapidPublicKey)
  let subscription = await pushManager.getSubscription()
  // One made with another key (a key rotated since) cannot be reused, nor another made beside it.
  // (A browser that does not say which key it was made with is treated as another.)
  if (subscription && !sameBytes(subscription.options?.applicationServerKey, key)) {
    await subscription.unsubscribe()
    subscription = null
  }
  subscription ??= await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
  const { endpoint, keys } = subscription.toJSON()
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('The browser gave a subscription without its keys.')
  // Only what the server needs to push with (toJSON() also carries expirationTime, null today).
  await call(savePushSubscriptionCall, { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } })
  rememberPush({ uid, endpoint })
  return 'on'
}

/**
 * Subscribes again, with no question asked (the member allowed it here already), when this device's
 * subscription was made with another VAPID key (the key was changed: the push service refuses the
 * server's pushes to it) or is gone: otherwise the member would stop being told, and never know.
 */
export async function renewPush(uid: string): Promise<EnableOutcome> {
  return enablePush(uid, Promise.resolve(Notification.permission))
}

/** Turns push off on this device: the server forgets it first, so a failure changes nothing. */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription()
  const endpoint = subscription?.endpoint ?? devicePush()?.endpoint
  if (endpoint) await call(removePushSubscriptionCall, { endpoint })
  await subscription?.unsubscribe()
  rememberPush(undefined)
}
