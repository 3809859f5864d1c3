/**
 * The member's notifications: what the services tell (`tell`, once per id, whoever calls it and however
 * often), the list under the bell, read marks, the kinds turned off, and the devices push goes to.
 * A notification is written whether or not the member allowed push: the list is the same either way.
 * Telling never waits for a push service; the deliverPushes job pushes what is due.
 */

import { windowCloses } from '@yaari/domain/after-night-rules'
import {
  isPushServiceUrl,
  MAX_PUSH_DEVICES,
  NOTIFICATION_LIST_LIMIT,
  NOTIFICATION_MESSAGES,
  type NotificationKind,
  type NotificationView,
  PUSH_LIMITS,
  type PushSubscriptionInput,
  pushDueAt,
} from '@yaari/domain/notifications'
import { istToday } from '@yaari/domain/schedule'
import type { Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import { type Context, type Member, nowOf } from '../../lib/context'
import { forgetSettings, kindsOff, saveKindsOff } from '../../lib/data/notice-settings'
import {
  countUnread,
  createNotification,
  forgetNotificationsOf,
  markNotificationRead,
  markReadUpTo,
  type NotificationRecord,
  newestNotifications,
} from '../../lib/data/notices'
import {
  deviceId,
  devicesOf,
  forgetDevices,
  readDevice,
  removeDevice,
  saveDevice,
} from '../../lib/data/push-subscriptions'
import { expiry } from '../../lib/retention'

const DAY_MS = 86_400_000

/** The evening a notification is about: when it starts and ends (ms), and its date (YYYY-MM-DD, IST). */
export interface NotificationEvening {
  date: string
  start: number
  end: number
}

/**
 * Until when a notification of each kind is true, and may be pushed (ms). Past it the notification stays in the
 * member's list, as said, but is not pushed: a reminder held by quiet hours past its evening would
 * say "Today: …" the morning after. An offer lasts until it ends; a reminder and a group revealed
 * ("see who you are sitting with on Wed, 2 Dec at 7:30 PM") until the evening starts; where to go, and a host's
 * word about the evening, until it ends; "How was it?" while feedback is taken; the rest (a
 * connection, a cancellation and its refund, a booking or the account) for a day after it is said,
 * as long as a push service keeps a notification for a phone that is off.
 */
export function notificationUntil(
  kind: NotificationKind,
  said: number,
  about: { evening?: NotificationEvening; offerEnds?: number } = {},
): number {
  const { evening, offerEnds } = about
  const aDay = said + DAY_MS
  switch (kind) {
    case 'offer':
      return offerEnds ?? evening?.start ?? aDay
    case 'reminder':
    case 'group':
      return evening?.start ?? aDay
    case 'venue':
    case 'host-message':
      return evening?.end ?? aDay
    case 'how-was':
      return evening ? windowCloses(evening.date) : aDay
    default:
      return aDay
  }
}

/** What a service tells a member: the record's words and timing, until when it is true (notificationUntil), and its id (once per id). */
export type Notification = { id: string; until: number } & Pick<
  NotificationRecord,
  'uid' | 'kind' | 'title' | 'body' | 'detail' | 'about' | 'url' | 'tag' | 'critical'
>

/** Cuts words to a platform's limit, with an ellipsis. */
const cut = (text: string, limit: number) => (text.length > limit ? `${text.slice(0, limit - 1).trimEnd()}…` : text)

/** Writes the notification once; whether this call wrote it. Its push is due now, or at 08:00 IST in quiet hours. */
export async function tell(firestore: Firestore, notification: Notification, now: number): Promise<boolean> {
  const record: NotificationRecord = {
    uid: notification.uid,
    kind: notification.kind,
    title: cut(notification.title, PUSH_LIMITS.title),
    body: cut(notification.body, PUSH_LIMITS.body),
    ...(notification.detail ? { detail: notification.detail.slice(0, 4000) } : {}),
    ...(notification.about ? { about: notification.about } : {}),
    url: notification.url,
    tag: notification.tag,
    at: now,
    read: false,
    critical: notification.critical,
    until: notification.until,
    push_state: 'due',
    push_due_at: pushDueAt(now, notification.critical),
    push_attempts: 0,
    ...expiry('notices', now),
  }
  return createNotification(firestore, notification.id, record)
}

const viewOf = (id: string, record: NotificationRecord): NotificationView => ({
  id,
  kind: record.kind,
  title: record.title,
  body: record.body,
  ...(record.detail ? { detail: record.detail } : {}),
  url: record.url,
  tag: record.tag,
  at: new Date(record.at).toISOString(),
  read: record.read,
})

/** The member a call is for: only their id matters here. */
type Caller = Pick<Member, 'uid'>

const unreadOf = (firestore: Firestore, uid: string) => countUnread(firestore, uid, NOTIFICATION_LIST_LIMIT + 1)

/** listNotifications: the member's newest notifications, how many are unread, and the kinds turned off. */
export async function listNotifications({ firestore }: Pick<Context, 'firestore'>, { uid }: Caller) {
  // A record that lost a field (written by hand, an older shape) is left out rather than fail the list.
  const notifications = (await newestNotifications(firestore, uid, NOTIFICATION_LIST_LIMIT)).map(({ id, record }) =>
    viewOf(id, record),
  )
  // The answer keeps its key `notices`: an app a member has not updated yet still reads it.
  return {
    notices: notifications,
    unread: Math.min(await unreadOf(firestore, uid), NOTIFICATION_LIST_LIMIT),
    off: await kindsOff(firestore, uid),
  }
}

/** markNotificationsRead: the notification the member opened (theirs only), or every one said up to `upTo`. */
export async function markRead(
  { firestore }: Pick<Context, 'firestore'>,
  { uid }: Caller,
  { upTo, id }: { upTo?: string; id?: string },
) {
  if (id !== undefined) await markNotificationRead(firestore, uid, id)
  else await markReadUpTo(firestore, uid, Date.parse(upTo ?? ''))
  return { unread: await unreadOf(firestore, uid) }
}

/** saveNotificationSettings: the kinds the member turned off (each listed once). */
export async function saveSettings(
  context: Pick<Context, 'firestore' | 'now'>,
  { uid }: Caller,
  { off }: { off: readonly NotificationKind[] },
) {
  const kinds = [...new Set(off)]
  await saveKindsOff(context.firestore, uid, kinds, nowOf(context))
  return { off: kinds }
}

/**
 * savePushSubscription: the device's subscription, under the member who saved it (a device that
 * changes hands is the new member's). Only a browser's push service (or the local stand-in) may
 * be named; past MAX_PUSH_DEVICES the device least recently saved is dropped.
 */
export async function saveSubscription(
  context: Pick<Context, 'firestore' | 'now'> & { pushStandin: string | undefined },
  { uid }: Caller,
  input: PushSubscriptionInput,
) {
  const { firestore, pushStandin: standin } = context
  const now = nowOf(context)
  const allowed =
    isPushServiceUrl(input.endpoint) || (standin !== undefined && input.endpoint.startsWith(`${standin}/push/`))
  if (!allowed) throw new HttpsError('invalid-argument', NOTIFICATION_MESSAGES.unknownPushService)
  const before = await readDevice(firestore, input.endpoint)
  // A browser has one subscription, whoever is signed in: the device goes to the member who turns
  // notifications on now (another account's notifications no longer show on a phone someone else uses),
  // and the account it had is told so, in its list and on its other devices.
  const movedFrom = before && before.uid !== uid ? before.uid : undefined
  await saveDevice(
    firestore,
    {
      uid,
      endpoint: input.endpoint,
      keys: { p256dh: input.keys.p256dh, auth: input.keys.auth },
      created_at: before?.uid === uid ? before.created_at : now,
      seen_at: now,
    },
    now,
  )
  const devices = await devicesOf(firestore, uid)
  const extra = devices.sort((a, b) => b.record.seen_at - a.record.seen_at).slice(MAX_PUSH_DEVICES)
  await Promise.all(extra.map(({ id }) => removeDevice(firestore, id)))
  if (!movedFrom) return { saved: true as const }
  await tell(
    firestore,
    {
      // Once a day per device and account left: two accounts trading a device cannot flood either.
      id: `device-moved_${deviceId(input.endpoint)}_${movedFrom}_${istToday(new Date(now))}`,
      uid: movedFrom,
      kind: 'account',
      title: 'Notifications moved to another account',
      body: 'A device you had turned notifications on for now gets them for someone else.',
      detail: DEVICE_MOVED_DETAIL,
      url: '/profile',
      tag: 'device-moved',
      critical: false,
      until: notificationUntil('account', now),
    },
    now,
  )
  return { saved: true as const, moved: true as const }
}

/** What the list says to the account a device moved away from. */
const DEVICE_MOVED_DETAIL =
  'Someone signed in to Yaari on a phone or browser where you had allowed notifications, and allowed them there. ' +
  'If that was you with another account, nothing needs doing. If not: on your own phone, turn notifications off ' +
  'and on again in your profile; and if someone else may know your password, sign out and choose a new one with ' +
  '"Forgot password?" on the sign-in page.'

/** removePushSubscription: the member's own device only (another's endpoint is left alone). */
export async function removeSubscription(
  { firestore }: Pick<Context, 'firestore'>,
  { uid }: Caller,
  { endpoint }: { endpoint: string },
) {
  const record = await readDevice(firestore, endpoint)
  if (record?.uid !== uid) return { removed: false }
  await removeDevice(firestore, deviceId(endpoint))
  return { removed: true }
}

/** An account's deletion: its devices, notifications and settings go with it. */
export async function forgetNotifications(firestore: Firestore, uid: string): Promise<void> {
  await Promise.all([forgetDevices(firestore, uid), forgetNotificationsOf(firestore, uid)])
  await forgetSettings(firestore, uid)
}
