/**
 * The deliverPushes job: pushes every notification that is due to each device of its member, through the
 * queue push shares with mail (lib/delivery.ts): each attempt claimed first, so two runs never push
 * the same notification at once; a device that already has it is not sent it again. A device the push service no longer knows (404, 410) is removed at once; a
 * busy or failing service (429, 5xx, no answer) is tried again with growing waits; a kind the
 * member turned off is not pushed (it stays in the list).
 */
import { createHash } from 'node:crypto'
import { inQuietHours, isPushServiceUrl, type PushPayload, pushDueAt } from '@yaari/domain/notifications'
import { FieldValue, type Firestore } from 'firebase-admin/firestore'
import { claimAttempt, leftTheQueue } from '../../lib/data/attempts'
import { kindsOff } from '../../lib/data/notice-settings'
import { duePushes, type NotificationRecord, notificationRecords, notificationRef } from '../../lib/data/notices'
import { devicesOf, removeDevice } from '../../lib/data/push-subscriptions'
import { type DeliveryPolicy, type DeliveryReport, deliverDue, maxAttempts, retryAt } from '../../lib/delivery'
import { warn } from '../../lib/log'
import type { Pusher } from '../../lib/push'

export interface PushDeps {
  firestore: Firestore
  pusher: () => Pusher
  /** The local stand-in's address, when the stack runs one (never in a real project). */
  pushStandin?: string
  now?: () => Date
  deadline?: number
}

/** Push's retries (after the last, the notice stays in the list only) and its attempts' lease. */
const PUSH_POLICY: DeliveryPolicy = {
  retryDelaysMs: [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000],
  leaseMs: 2 * 60_000,
}
const MAX_ATTEMPTS = maxAttempts(PUSH_POLICY)
/** How long a push service keeps a notification for a device that is off: a day (an offer: until it ends). */
const TTL_SECONDS = 24 * 3600

type Outcome = 'sent' | 'retry' | 'failed' | 'expired' | 'off' | 'none' | 'busy'

const payloadOf = (record: NotificationRecord): PushPayload => ({
  title: record.title,
  body: record.body,
  url: record.url,
  tag: record.tag,
  ...(record.critical ? { renotify: true } : {}),
})

/** RFC 8030's Topic (at most 32 base64url characters): a digest of the tag, so each tag has its own. */
const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32)

/** Pushes one notification to the member's devices that do not have it yet. */
async function pushOne(deps: PushDeps, id: string, now: number): Promise<Outcome> {
  const { firestore } = deps
  const ref = notificationRef(firestore, id)
  const snapshot = await ref.get()
  const record = notificationRecords.one(snapshot)
  if (await leftTheQueue(snapshot, record, { push_state: 'failed', push_due_at: FieldValue.delete() })) return 'failed'
  if (record?.push_due_at === undefined || record.push_due_at > now) return 'busy'
  const finish = (state: NotificationRecord['push_state'], extra: Record<string, unknown> = {}) =>
    ref.update({ push_state: state, push_due_at: FieldValue.delete(), ...extra })
  const attempt = record.push_attempts + 1
  if (record.push_attempts >= MAX_ATTEMPTS) {
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

  // A guest's alert reaches its coordinators whatever they turned off.
  if (record.kind !== 'help' && (await kindsOff(firestore, record.uid)).includes(record.kind)) {
    await finish('off')
    return 'off'
  }
  const devices = (await devicesOf(firestore, record.uid)).filter(
    ({ id: device, record: subscription }) =>
      !(record.pushed_to ?? []).includes(device) &&
      (isPushServiceUrl(subscription.endpoint) ||
        (deps.pushStandin !== undefined && subscription.endpoint.startsWith(`${deps.pushStandin}/push/`))),
  )
  if (devices.length === 0) {
    await finish((record.pushed_to ?? []).length > 0 ? 'sent' : 'none')
    return 'none'
  }
  // Its run cut off mid-attempt: the attempt is counted, so the next run claims a new one.
  const claim = await claimAttempt(PUSH_POLICY, ref, snapshot, attempt, now, {
    push_attempts: attempt,
    push_due_at: now,
  })
  if (!claim) return 'busy'

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
          await removeDevice(firestore, device)
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
    const asked = Math.max(0, ...results.map((r) => ('retryAfterMs' in r ? (r.retryAfterMs ?? 0) : 0)))
    await ref.update({
      pushed_to: pushedTo,
      push_attempts: attempt,
      push_due_at: retryAt(PUSH_POLICY, attempt, now, asked),
    })
    await claim.settle('failed')
    return 'retry'
  }
  const state = pushedTo.length > 0 ? 'sent' : results.every((r) => r.gone) ? 'none' : 'failed'
  await finish(state, { pushed_to: pushedTo, push_attempts: attempt })
  await claim.settle(state === 'sent' ? 'sent' : 'failed')
  return state === 'sent' ? 'sent' : state === 'none' ? 'none' : 'failed'
}

export interface PushReport extends DeliveryReport {
  /** No longer true when they came due (each kind's `until`): listed, never pushed. */
  expired: number
}

/**
 * Pushes one notification now, without waiting for the delivery job (a guest's alert to their
 * coordinators): what the job would do with it, and the job's next run retries it if this fails.
 * `now` is the time it was told at (the clock of the service that told it), so it is due.
 */
export async function pushNow(deps: PushDeps, id: string, now: number): Promise<void> {
  await pushOne(deps, id, now)
}

/** The deliverPushes job: every notification whose push is due. */
export async function deliverPushes(deps: PushDeps): Promise<PushReport> {
  const now = (deps.now ?? (() => new Date()))().getTime()
  // The time-critical first (an offer held for 30 minutes does not wait behind the morning's news).
  const due = [true, false].map((critical) => duePushes(deps.firestore, critical, now))
  const { report, outcomes } = await deliverDue(due, (id) => pushOne(deps, id, now), {
    label: 'push-delivery-error',
    deadline: deps.deadline,
  })
  return { ...report, expired: outcomes.filter((outcome) => outcome === 'expired').length }
}
