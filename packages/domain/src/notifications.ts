/**
 * What Yaari tells a member in the app and on the phone: one notification per thing said (a seat
 * offered, the day-of reminder, a venue shared or changed, a host's message, "How was ...?", a
 * new connection, a group revealed, a cancelled date and its refund), kept in the member's list
 * under the bell, and pushed (Web Push) to the devices where the member said yes. The kinds a
 * member may turn off, quiet hours, the words the app asks with, and the contracts.
 */
import * as v from 'valibot'
import { contract } from './callable'
import { IST_OFFSET_MINUTES, parseIsoDate } from './schedule'

/** Each kind can be turned off on its own (the profile's Notifications). */
export const NOTIFICATION_KINDS = [
  'offer',
  'reminder',
  'venue',
  'host-message',
  'how-was',
  'connection',
  'group',
  'cancelled',
  'account',
  'help',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/** How each kind is named where a member turns it off. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  offer: 'A waitlist seat offered to you',
  reminder: 'The day-of reminder with your ticket',
  venue: 'The venue shared or changed',
  'host-message': 'Messages from your host',
  'how-was': '"How was it?" the morning after',
  connection: 'A new connection',
  group: 'Your group revealed',
  cancelled: 'A cancelled date or seat, and its refund',
  account: 'Bookings, payments and your account',
  help: 'A guest’s alert on a date you coordinate (hosts)',
}

/** Quiet hours, in IST: a notification that can wait is pushed at `until` instead. */
const QUIET_HOURS = { from: 22, until: 8 } as const

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/** Whether `at` falls in quiet hours (22:00-08:00 IST). */
export function inQuietHours(at: number): boolean {
  const hour = new Date(at + IST_OFFSET_MINUTES * 60_000).getUTCHours()
  return hour >= QUIET_HOURS.from || hour < QUIET_HOURS.until
}

/**
 * When a notification is pushed: now when it is time-critical or outside quiet hours, else at the end
 * of quiet hours (08:00 IST).
 */
export function pushDueAt(now: number, critical: boolean): number {
  if (critical || !inQuietHours(now)) return now
  const offset = IST_OFFSET_MINUTES * 60_000
  const istMidnight = Math.floor((now + offset) / DAY_MS) * DAY_MS - offset
  const morning = istMidnight + QUIET_HOURS.until * HOUR_MS
  return morning > now ? morning : morning + DAY_MS
}

/**
 * What a push carries to the device (and the service worker shows): never a member's data, only
 * what the event is and where a tap goes. The list in the app shows the same title and body.
 */
export interface PushPayload {
  title: string
  body: string
  /** The app's path a tap opens (the offer's event, the ticket, the evening's page). */
  url: string
  /** A later notification with the same tag replaces the earlier one on the device. */
  tag: string
  /** A time-critical notification replacing one still shown alerts again (sound, vibration). */
  renotify?: boolean
}

/** The platforms' limits the words keep under (a title and body longer than this are cut). */
export const PUSH_LIMITS = { title: 60, body: 160 } as const

/** A notification as the member's list shows it. */
export interface NotificationView extends PushPayload {
  id: string
  kind: NotificationKind
  /** What the list shows beneath (a host's message itself): never pushed. */
  detail?: string
  /** When it was said (ISO time). */
  at: string
  read: boolean
}

// The words live apart from the contracts (notification-copy.ts): the bell reads them without valibot.
export { NOTIFICATION_COPY } from './notification-copy'

/**
 * The push services a subscription may name: the browsers' own (Chrome's FCM, Firefox's autopush,
 * Edge's WNS, Safari's Apple push). Anything else is refused, so a member cannot make the functions
 * send requests to an address of their choosing. (The local stack's stand-in is allowed by the
 * functions' own setting, never here.)
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
] as const

/** Whether `url` is an https address of a known push service (a host or one of its subdomains). */
export function isPushServiceUrl(url: string): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  // Only as the browser writes it: another spelling of one address (a port, case, a fullwidth letter)
  // would be a second device for the same phone.
  if (parsed.href !== url) return false
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password || parsed.port) return false
  return PUSH_SERVICE_HOSTS.some((host) => parsed.hostname === host || parsed.hostname.endsWith(`.${host}`))
}

const endpointSchema = v.pipe(
  v.string('Enter the subscription endpoint.'),
  v.maxLength(1024, 'The subscription endpoint is too long.'),
  v.url('The subscription endpoint is not an address.'),
)

export const pushSubscriptionSchema = v.strictObject({
  endpoint: endpointSchema,
  // What PushSubscription.toJSON() carries besides (null in every browser today): not kept.
  expirationTime: v.optional(v.nullable(v.number())),
  keys: v.strictObject({
    // An uncompressed P-256 point (65 bytes) and a 16-byte secret, base64url as browsers give them.
    p256dh: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{87}=?$/, 'The subscription key is not a P-256 public key.')),
    auth: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'The subscription secret is not 16 bytes.')),
  }),
})
export type PushSubscriptionInput = v.InferOutput<typeof pushSubscriptionSchema>

export const NOTIFICATION_MESSAGES = {
  unknownPushService: 'This push service is not one Yaari sends to.',
  tooManyDevices: 'Notifications are on for too many devices. Turn them off on one you no longer use.',
} as const

/** The most devices one member may have notifications on (older ones are dropped first). */
export const MAX_PUSH_DEVICES = 10

/** The most notifications the list shows (the newest). */
export const NOTIFICATION_LIST_LIMIT = 50

/**
 * `moved`: the device got another account's notifications until now (someone else signed in there
 * before): from now on it gets this member's, and the other account is told so in its list.
 */
export const savePushSubscriptionCall = contract<typeof pushSubscriptionSchema, { saved: true; moved?: true }>(
  'savePushSubscription',
  pushSubscriptionSchema,
  [NOTIFICATION_MESSAGES],
)

const endpointRequest = v.strictObject({ endpoint: endpointSchema })
export const removePushSubscriptionCall = contract<typeof endpointRequest, { removed: boolean }>(
  'removePushSubscription',
  endpointRequest,
)

const noRequest = v.strictObject({})
export const listNotificationsCall = contract<
  typeof noRequest,
  { notices: NotificationView[]; unread: number; off: NotificationKind[] }
>('listNotifications', noRequest)

const readRequest = v.pipe(
  v.strictObject({
    /** Every notification said up to this instant (ISO time) is marked read. */
    upTo: v.optional(
      v.pipe(
        v.string(),
        v.maxLength(40),
        v.isoTimestamp('Give the time as an ISO timestamp.'),
        // The format allows 30 February, which Date reads as 2 March: a day the calendar has.
        v.check((time) => parseIsoDate(time.slice(0, 10)) !== undefined, 'Give the time as an ISO timestamp.'),
      ),
    ),
    /** Or this one notification (the member opened it). */
    id: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(200), v.regex(/^[\w-]+$/, 'Unknown notice.'))),
  }),
  v.check((request) => (request.upTo === undefined) !== (request.id === undefined), 'Give either upTo or id.'),
)
export const markNotificationsReadCall = contract<typeof readRequest, { unread: number }>(
  'markNotificationsRead',
  readRequest,
)

const settingsRequest = v.strictObject({
  off: v.pipe(
    v.array(v.picklist(NOTIFICATION_KINDS, 'Unknown kind of notification.')),
    v.maxLength(NOTIFICATION_KINDS.length),
  ),
})
export const saveNotificationSettingsCall = contract<typeof settingsRequest, { off: NotificationKind[] }>(
  'saveNotificationSettings',
  settingsRequest,
)

export const NOTIFICATION_CALLABLES = [
  savePushSubscriptionCall,
  removePushSubscriptionCall,
  listNotificationsCall,
  markNotificationsReadCall,
  saveNotificationSettingsCall,
] as const
