/**
 * The member's notices: what the services tell (`tell`, once per id, whoever calls it and however
 * often), the list under the bell, read marks, the kinds turned off, and the devices push goes to.
 * A notice is written whether or not the member allowed push: the list is the same either way.
 * Telling never waits for a push service; the deliverPushes job pushes what is due.
 */

import { windowCloses } from '@yaari/domain/after-night-rules'
import {
  isPushServiceUrl,
  MAX_PUSH_DEVICES,
  NOTICE_LIST_LIMIT,
  NOTIFY_MESSAGES,
  type NoticeKind,
  type NoticeView,
  PUSH_LIMITS,
  type PushSubscriptionInput,
  pushDueAt,
} from '@yaari/domain/notifications'
import { istToday } from '@yaari/domain/schedule'
import type { Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import { forgetSettings, kindsOff, saveKindsOff } from '../../lib/data/notice-settings'
import {
  countUnread,
  createNotice,
  forgetNoticesOf,
  markNoticeRead,
  markReadUpTo,
  type NoticeRecord,
  newestNotices,
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

/** The evening a notice is about: when it starts and ends (ms), and its date (YYYY-MM-DD, IST). */
export interface NoticeEvening {
  date: string
  start: number
  end: number
}

/**
 * Until when a notice of each kind is true, and may be pushed (ms). Past it the notice stays in the
 * member's list, as said, but is not pushed: a reminder held by quiet hours past its evening would
 * say "Today: …" the morning after. An offer lasts until it ends; a reminder and a group revealed
 * ("see who you are sitting with on Wed, 2 Dec at 7:30 PM") until the evening starts; where to go, and a host's
 * word about the evening, until it ends; "How was it?" while feedback is taken; the rest (a
 * connection, a cancellation and its refund, a booking or the account) for a day after it is said,
 * as long as a push service keeps a notice for a phone that is off.
 */
export function noticeUntil(
  kind: NoticeKind,
  said: number,
  about: { evening?: NoticeEvening; offerEnds?: number } = {},
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

/** What a service tells a member: the record's words and timing, until when it is true (noticeUntil), and its id (once per id). */
export type Notice = { id: string; until: number } & Pick<
  NoticeRecord,
  'uid' | 'kind' | 'title' | 'body' | 'detail' | 'url' | 'tag' | 'critical'
>

/** Cuts words to a platform's limit, with an ellipsis. */
const cut = (text: string, limit: number) => (text.length > limit ? `${text.slice(0, limit - 1).trimEnd()}…` : text)

/** Writes the notice once; whether this call wrote it. Its push is due now, or at 08:00 IST in quiet hours. */
export async function tell(firestore: Firestore, notice: Notice, now: number): Promise<boolean> {
  const record: NoticeRecord = {
    uid: notice.uid,
    kind: notice.kind,
    title: cut(notice.title, PUSH_LIMITS.title),
    body: cut(notice.body, PUSH_LIMITS.body),
    ...(notice.detail ? { detail: notice.detail.slice(0, 4000) } : {}),
    url: notice.url,
    tag: notice.tag,
    at: now,
    read: false,
    critical: notice.critical,
    until: notice.until,
    push_state: 'due',
    push_due_at: pushDueAt(now, notice.critical),
    push_attempts: 0,
    ...expiry('notices', now),
  }
  return createNotice(firestore, notice.id, record)
}

const viewOf = (id: string, record: NoticeRecord): NoticeView => ({
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

const unreadOf = (firestore: Firestore, uid: string) => countUnread(firestore, uid, NOTICE_LIST_LIMIT + 1)

/** listNotifications: the member's newest notices, how many are unread, and the kinds turned off. */
export async function listNotices(firestore: Firestore, uid: string) {
  // A record that lost a field (written by hand, an older shape) is left out rather than fail the list.
  const notices = (await newestNotices(firestore, uid, NOTICE_LIST_LIMIT)).map(({ id, record }) => viewOf(id, record))
  return {
    notices,
    unread: Math.min(await unreadOf(firestore, uid), NOTICE_LIST_LIMIT),
    off: await kindsOff(firestore, uid),
  }
}

/** markNotificationsRead: the notice the member opened (theirs only), or every one said up to `upTo`. */
export async function markRead(firestore: Firestore, uid: string, { upTo, id }: { upTo?: string; id?: string }) {
  if (id !== undefined) await markNoticeRead(firestore, uid, id)
  else await markReadUpTo(firestore, uid, Date.parse(upTo ?? ''))
  return { unread: await unreadOf(firestore, uid) }
}

/** saveNotificationSettings: the kinds the member turned off (each listed once). */
export async function saveSettings(firestore: Firestore, uid: string, off: readonly NoticeKind[], now: number) {
  const kinds = [...new Set(off)]
  await saveKindsOff(firestore, uid, kinds, now)
  return { off: kinds }
}

/**
 * savePushSubscription: the device's subscription, under the member who saved it (a device that
 * changes hands is the new member's). Only a browser's push service (or the local stand-in) may
 * be named; past MAX_PUSH_DEVICES the device least recently saved is dropped.
 */
export async function saveSubscription(
  firestore: Firestore,
  uid: string,
  input: PushSubscriptionInput,
  now: number,
  standin: string | undefined,
) {
  const allowed =
    isPushServiceUrl(input.endpoint) || (standin !== undefined && input.endpoint.startsWith(`${standin}/push/`))
  if (!allowed) throw new HttpsError('invalid-argument', NOTIFY_MESSAGES.unknownPushService)
  const before = await readDevice(firestore, input.endpoint)
  // A browser has one subscription, whoever is signed in: the device goes to the member who turns
  // notifications on now (another account's notices no longer show on a phone someone else uses),
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
      until: noticeUntil('account', now),
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
export async function removeSubscription(firestore: Firestore, uid: string, endpoint: string) {
  const record = await readDevice(firestore, endpoint)
  if (record?.uid !== uid) return { removed: false }
  await removeDevice(firestore, deviceId(endpoint))
  return { removed: true }
}

/** An account's deletion: its devices, notices and settings go with it. */
export async function forgetNotices(firestore: Firestore, uid: string): Promise<void> {
  await Promise.all([forgetDevices(firestore, uid), forgetNoticesOf(firestore, uid)])
  await forgetSettings(firestore, uid)
}
