/**
 * The deliverPushes job: pushes every notice that is due to each device of its member. Each run
 * claims a notice first (its due time moves on by a lease, written only if nobody changed it
 * since it was read), so two runs never push the same notice at once; a device that already has it
 * is not sent it again. A device the push service no longer knows (404, 410) is removed at once; a
 * busy or failing service (429, 5xx, no answer) is tried again with growing waits; a kind the
 * member turned off is not pushed (it stays in the list).
 */
import { createHash } from 'node:crypto'
import { inQuietHours, isPushServiceUrl, type PushPayload, pushDueAt } from '@yaari/domain/notifications'
import { FieldValue, type Firestore } from 'firebase-admin/firestore'
import { collectionOf } from '../../lib/collections'
import { warn } from '../../lib/log'
import type { Pusher } from '../../lib/push'
import { mapUntil } from '../../lib/records'
import { kindsOff, type NoticeRecord, noticeRecords, noticeRef, subscriptionsOf } from './store'

export interface PushDeps {
  firestore: Firestore
  pusher: () => Pusher
  /** The local stand-in's address, when the stack runs one (never in a real project). */
  pushStandin?: string
  now?: () => Date
  deadline?: number
}

/** Waits after the 1st, 2nd, ... failed try. */
const RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000]
/** After this many tries the notice stays in the list only. */
const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1
/** A try not finished after this long was cut off: the next run may claim the notice again. */
const LEASE_MS = 2 * 60_000
const BATCH = 100
const CONCURRENCY = 4
/** How long a push service keeps a notice for a device that is off: a day (an offer: until it ends). */
const TTL_SECONDS = 24 * 3600

type Outcome = 'sent' | 'retry' | 'failed' | 'expired' | 'off' | 'none' | 'busy'

const payloadOf = (record: NoticeRecord): PushPayload => ({
  title: record.title,
  body: record.body,
  url: record.url,
  tag: record.tag,
  ...(record.critical ? { renotify: true } : {}),
})

/** RFC 8030's Topic (at most 32 base64url characters): a digest of the tag, so each tag has its own. */
const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32)

/** Whether a record has what a push needs (one written by hand or of an older shape may not). */
const isWhole = (record: NoticeRecord) =>
  [record.uid, record.title, record.body, record.url, record.tag].every((field) => typeof field === 'string')

/** Pushes one notice to the member's devices that do not have it yet. */
async function pushOne(deps: PushDeps, id: string, now: number): Promise<Outcome> {
  const { firestore } = deps
  const ref = noticeRef(firestore, id)
  const snapshot = await ref.get()
  const record = noticeRecords.one(snapshot)
  if (record?.push_due_at === undefined || record.push_due_at > now) return 'busy'
  const finish = (state: NoticeRecord['push_state'], extra: Record<string, unknown> = {}) =>
    ref.update({ push_state: state, push_due_at: FieldValue.delete(), ...extra })
  if (!isWhole(record) || record.push_attempts >= MAX_ATTEMPTS) {
    await finish('failed')
    return 'failed'
  }
  // No longer true ("Today: …" the morning after, an offer that ended): kept in the list, never pushed.
  if (record.until !== undefined && now >= record.until) {
    await finish('expired')
    return 'expired'
  }
  // Due before quiet hours but not pushed by then (a retry, a late run): it waits for 08:00 again.
  if (!record.critical && inQuietHours(now)) {
    await ref
      .update({ push_due_at: pushDueAt(now, false) }, { lastUpdateTime: snapshot.updateTime! })
      .catch(() => undefined)
    return 'busy'
  }

  if ((await kindsOff(firestore, record.uid)).includes(record.kind)) {
    await finish('off')
    return 'off'
  }
  const devices = (await subscriptionsOf(firestore, record.uid)).filter(
    ({ id: device, record: subscription }) =>
      !(record.pushed_to ?? []).includes(device) &&
      (isPushServiceUrl(subscription.endpoint) ||
        (deps.pushStandin !== undefined && subscription.endpoint.startsWith(`${deps.pushStandin}/push/`))),
  )
  if (devices.length === 0) {
    await finish((record.pushed_to ?? []).length > 0 ? 'sent' : 'none')
    return 'none'
  }
  const attempt = record.push_attempts + 1
  try {
    // The claim: only if nobody touched the notice since it was read.
    await ref.update({ push_due_at: now + LEASE_MS, push_attempts: attempt }, { lastUpdateTime: snapshot.updateTime! })
  } catch {
    return 'busy'
  }

  const payload = JSON.stringify(payloadOf(record))
  const options = {
    // Kept by the push service for a phone that is off, never past what it says is true.
    ttlSeconds:
      record.until === undefined
        ? TTL_SECONDS
        : Math.max(0, Math.min(TTL_SECONDS, Math.floor((record.until - now) / 1000))),
    urgency: record.critical ? ('high' as const) : ('normal' as const),
    topic: topicOf(record.tag),
  }
  const results = await Promise.all(
    devices.map(async ({ id: device, record: subscription }) => {
      try {
        const answer = await deps.pusher()(
          { endpoint: subscription.endpoint, keys: subscription.keys },
          payload,
          options,
        )
        if (answer.status >= 200 && answer.status < 300) return { device, done: true }
        if (answer.status === 404 || answer.status === 410 || answer.status === 403) {
          // The device unsubscribed or the browser dropped it (404, 410), or it was made for another
          // VAPID key (403, after a key change): it gets nothing more; the app asks again.
          await collectionOf(firestore, 'push_subscriptions').doc(device).delete()
          return { device, done: false, gone: true }
        }
        // 413 or another 4xx: this message will never be taken; a 429 or 5xx: later.
        return {
          device,
          done: false,
          retry: answer.status === 429 || answer.status >= 500,
          retryAfterMs: (answer.retryAfter ?? 0) * 1000,
        }
      } catch (error) {
        warn('push-send-failed', { notice: id, error: String(error).slice(0, 300) })
        return { device, done: false, retry: true }
      }
    }),
  )
  const pushedTo = [...(record.pushed_to ?? []), ...results.filter((r) => r.done).map((r) => r.device)]
  const retrying = results.some((r) => r.retry)
  if (retrying && attempt < MAX_ATTEMPTS) {
    // As the push service asks (Retry-After), or our own growing wait, whichever is later.
    const wait = Math.max(
      RETRY_DELAYS_MS[attempt - 1] ?? RETRY_DELAYS_MS.at(-1)!,
      ...results.map((r) => ('retryAfterMs' in r ? (r.retryAfterMs ?? 0) : 0)),
    )
    await ref.update({ pushed_to: pushedTo, push_due_at: now + wait })
    return 'retry'
  }
  const state = pushedTo.length > 0 ? 'sent' : results.every((r) => r.gone) ? 'none' : 'failed'
  await finish(state, { pushed_to: pushedTo })
  return state === 'sent' ? 'sent' : state === 'none' ? 'none' : 'failed'
}

export interface PushReport {
  due: number
  left: number
  sent: number
  retrying: number
  failed: number
  /** No longer true when they came due (each kind's `until`): listed, never pushed. */
  expired: number
}

/** The deliverPushes job: every notice whose push is due. */
export async function deliverPushes(deps: PushDeps): Promise<PushReport> {
  const now = (deps.now ?? (() => new Date()))().getTime()
  // The time-critical first (an offer held for 30 minutes does not wait behind the morning's news).
  const [critical, rest] = await Promise.all(
    [true, false].map((value) =>
      collectionOf(deps.firestore, 'notices')
        .where('critical', '==', value)
        .where('push_due_at', '<=', now)
        .orderBy('push_due_at')
        .limit(BATCH)
        .get(),
    ),
  )
  const due = [...critical!.docs, ...rest!.docs].slice(0, BATCH)
  const { results, left } = await mapUntil(
    due,
    CONCURRENCY,
    async (doc) => {
      try {
        return await pushOne(deps, doc.id, now)
      } catch (error) {
        warn('push-delivery-error', { notice: doc.id, error: String(error) })
        return 'retry' as const
      }
    },
    deps.deadline ?? Number.POSITIVE_INFINITY,
  )
  return {
    due: due.length,
    left,
    sent: results.filter((r) => r === 'sent').length,
    retrying: results.filter((r) => r === 'retry').length,
    failed: results.filter((r) => r === 'failed').length,
    expired: results.filter((r) => r === 'expired').length,
  }
}
