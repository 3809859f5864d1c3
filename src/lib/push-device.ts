/**
 * What this device can do about Web Push, and what it remembers: read on the spot and without a
 * network, so the ask and the profile can say it at once, and signing out knows whether to turn
 * push off. Kept tiny and free of imports: the subscribing itself (features/notifications/push.ts)
 * loads only when a member taps Allow or Turn off.
 */

export type PushSupport = 'ready' | 'install-first' | 'unsupported' | 'blocked'

/** The member's push on this device: whose it is and the subscription the server holds. */
interface DevicePush {
  uid: string
  endpoint: string
}

const PUSH_KEY = 'yaari:push'

const isIos = () =>
  /iphone|ipad|ipod/i.test(navigator.userAgent) ||
  // iPadOS Safari says it is a Mac; only its touch screen tells it apart.
  (/macintosh/i.test(navigator.userAgent) && navigator.maxTouchPoints > 1)

const isStandalone = () =>
  (navigator as Navigator & { standalone?: boolean }).standalone === true ||
  window.matchMedia?.('(display-mode: standalone)').matches === true

/**
 * Whether push can be turned on here. iPhone and iPad Safari offer it only to an app opened from
 * the home screen (iOS 16.4+): in a tab there is no PushManager, and the member is told to add it.
 */
export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported'
  const capable = 'PushManager' in window && 'Notification' in window && 'serviceWorker' in navigator
  if (!capable) return isIos() && !isStandalone() ? 'install-first' : 'unsupported'
  return Notification.permission === 'denied' ? 'blocked' : 'ready'
}

/** Storage may be blocked (a private window): then nothing is remembered, and nothing breaks. */
function read(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key)
    else localStorage.setItem(key, value)
  } catch {
    // Not remembered: the device asks again, or says push is off.
  }
}

/** The push this device turned on, for whichever member did. */
export function devicePush(): DevicePush | undefined {
  try {
    const stored = JSON.parse(read(PUSH_KEY) ?? 'null') as Partial<DevicePush> | null
    return typeof stored?.uid === 'string' && typeof stored.endpoint === 'string'
      ? { uid: stored.uid, endpoint: stored.endpoint }
      : undefined
  } catch {
    return undefined
  }
}

export function rememberPush(push: DevicePush | undefined): void {
  write(PUSH_KEY, push ? JSON.stringify(push) : null)
}

/** Whether this member turned push on here and the browser still allows it. */
export function pushIsOn(uid: string | undefined): boolean {
  return (
    uid !== undefined &&
    devicePush()?.uid === uid &&
    typeof Notification !== 'undefined' &&
    Notification.permission === 'granted'
  )
}

/** A VAPID key (base64url) as the bytes `subscribe` takes (every browser takes bytes; not all a string). */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

/** Whether a subscription's key is these bytes (a browser that does not say which key is treated as another). */
export function sameBytes(buffer: ArrayBuffer | null | undefined, bytes: Uint8Array): boolean {
  if (!buffer || buffer.byteLength !== bytes.length) return false
  const own = new Uint8Array(buffer)
  return own.every((byte, index) => byte === bytes[index])
}

const RENEWED_KEY = 'yaari:push-renewed-at'
/** A device subscribes again by itself at most this often (a renewal that keeps failing never loops). */
const RENEW_AT_MOST_EVERY_MS = 24 * 60 * 60_000

/**
 * Whether this member's push here needs subscribing again: it is on for them, but the browser's
 * subscription is gone, is not the one the server was given, or was made with another key than the
 * app's `key` now (a key changed with a deploy; a browser that does not say its key is not renewed
 * for it). At most once a day: a true answer is noted as an attempt.
 */
export async function pushNeedsRenewal(uid: string, key: string, now = Date.now()): Promise<boolean> {
  if (!pushIsOn(uid)) return false
  const last = Number(read(RENEWED_KEY)) || 0
  if (now - last >= 0 && now - last < RENEW_AT_MOST_EVERY_MS) return false
  const subscription = await currentSubscription().catch(() => null)
  const ownKey = subscription?.options?.applicationServerKey
  const stale =
    !subscription ||
    subscription.endpoint !== devicePush()?.endpoint ||
    (ownKey != null && !sameBytes(ownKey, keyBytes(key)))
  if (stale) write(RENEWED_KEY, String(now))
  return stale
}

/** The browser's subscription, if any (no waiting for a worker: without one there is none). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker?.getRegistration()
  return (await registration?.pushManager.getSubscription()) ?? null
}

/**
 * A browser subscription that is not the signed-in member's (a sign-out cut off by a bad line, a
 * session ended elsewhere, a phone handed on, nobody signed in) is ended on the device, so its owner's
 * pushes stop showing here: the push service then answers 410 and the server drops it at the next push.
 * Run whenever Auth settles; a subscription this member turned on here is left alone.
 */
export async function endOthersPush(uid: string | undefined): Promise<void> {
  const subscription = await currentSubscription().catch(() => null)
  if (!subscription) return
  const mine = devicePush()
  if (uid !== undefined && mine?.uid === uid && mine.endpoint === subscription.endpoint) return
  if (await subscription.unsubscribe().catch(() => false)) rememberPush(undefined)
}
