/**
 * Web Push's transport: a message encrypted for one subscription (RFC 8291, aes128gcm) and signed
 * with our VAPID key (RFC 8292) by the `web-push` library, then posted (RFC 8030) with fetch, so a
 * push service that hangs is given up after a timeout and the local stand-in (plain http on the
 * loopback) is reached the same way as the browsers' push services.
 */
import webpush from 'web-push'

export interface PushTarget {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

interface PushOptions {
  /** How long the push service keeps the message for a device that is offline (seconds). */
  ttlSeconds: number
  urgency: 'low' | 'normal' | 'high'
  /** A later message with the same topic replaces one the service still holds. */
  topic: string
}

/** What the push service answered: 201 delivered (queued), 404/410 gone, 429/5xx try later. */
export interface PushAnswer {
  status: number
  /** A 429's Retry-After, in seconds. */
  retryAfter?: number
}

export type Pusher = (target: PushTarget, payload: string, options: PushOptions) => Promise<PushAnswer>

/** How long one push may take before it counts as failed (and is tried again later). */
const PUSH_TIMEOUT_MS = 10_000

/** A pusher signing with `vapid`; each call gives up after PUSH_TIMEOUT_MS. */
export function webPusher(vapid: () => { subject: string; publicKey: string; privateKey: string }): Pusher {
  return async (target, payload, { ttlSeconds, urgency, topic }) => {
    const request = webpush.generateRequestDetails(target, payload, {
      vapidDetails: vapid(),
      TTL: ttlSeconds,
      urgency,
      topic,
      contentEncoding: 'aes128gcm',
    })
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'error',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    })
    await response.arrayBuffer().catch(() => undefined)
    const retryAfter = Number(response.headers.get('retry-after'))
    return { status: response.status, ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {}) }
  }
}
