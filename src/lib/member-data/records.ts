/**
 * The member's data as this device keeps it (Dexie): their bookings (with each ticket's venue
 * brief and signed pass), their waitlist places, their profile, their notifications (and the kinds
 * they turned off), and when each was last brought
 * up to date from the server. Screens read only these (hooks.ts); the network only writes them
 * (refresh.ts). What is read is checked first: a row an older version wrote, or one tampered
 * with, is logged and skipped rather than shown.
 */

import {
  BOOKING_STATUSES,
  type BookingView,
  REFUND_REASONS,
  REFUND_STATES,
  venueBriefSchema,
} from '@yaari/domain/booking'
import type { Interest } from '@yaari/domain/groups-planner'
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationView } from '@yaari/domain/notifications'
import { type UserProfileRecord, userProfileRecordSchema } from '@yaari/domain/profile'
import type { AnswerField } from '@yaari/domain/profile-answers'
import { INTERESTS } from '@yaari/domain/profile-choices'
import { WAITLIST_STATUSES, type WaitlistView } from '@yaari/domain/waitlist'
import * as v from 'valibot'
import type { YaariDb } from '../db'
import { logWarning } from '../log'

/** What the member's pages refresh from the server, each with one call. */
export type MemberDataKind = 'bookings' | 'profile' | 'notices'

const bookingViewSchema = v.object({
  orderId: v.string(),
  status: v.picklist(BOOKING_STATUSES),
  eventId: v.string(),
  eventDate: v.string(),
  tier: v.string(),
  amount: v.number(),
  createdAt: v.string(),
  venueBrief: v.optional(venueBriefSchema),
  holdExpiresAt: v.optional(v.string()),
  paymentSessionId: v.optional(v.string()),
  cashfreeMode: v.optional(v.picklist(['sandbox', 'production'])),
  lastAttemptFailed: v.optional(v.boolean()),
  refund: v.optional(
    v.object({
      amount: v.number(),
      status: v.picklist(REFUND_STATES),
      reason: v.picklist(REFUND_REASONS),
    }),
  ),
  attendeeName: v.optional(v.string()),
  pass: v.optional(v.object({ credential: v.string(), code: v.string() })),
  checkedInAt: v.optional(v.string()),
  afterNight: v.optional(v.object({ open: v.boolean(), closesAt: v.string(), connections: v.optional(v.number(), 0) })),
  // The group: its reveal time, and from the reveal its number, the others' first names and what they share.
  table: v.optional(
    v.union([
      v.object({
        revealAt: v.string(),
        number: v.number(),
        others: v.array(v.string()),
        // An interest this version does not know is left out, not a reason to drop the group.
        shared: v.pipe(
          v.array(v.string()),
          v.transform((ids) => ids.filter((id): id is Interest => (INTERESTS as readonly string[]).includes(id))),
        ),
      }),
      v.object({ revealAt: v.string() }),
    ]),
  ),
})

const waitlistViewSchema = v.object({
  eventId: v.string(),
  eventDate: v.string(),
  status: v.picklist(WAITLIST_STATUSES),
  position: v.optional(v.number()),
  waiting: v.number(),
  joinedAt: v.string(),
  offerExpiresAt: v.optional(v.string()),
})

const profileRecordSchema = userProfileRecordSchema

const notificationViewSchema = v.object({
  id: v.string(),
  kind: v.picklist(NOTIFICATION_KINDS),
  title: v.string(),
  body: v.string(),
  // A path of the app's own: a notification never opens another site.
  url: v.pipe(v.string(), v.regex(/^\/(?![/\\])/)),
  tag: v.string(),
  detail: v.optional(v.string()),
  at: v.pipe(v.string(), v.isoTimestamp()),
  read: v.boolean(),
})

/** A kind this version does not know (a newer server's) is left out, not a reason to drop the list. */
const knownKinds = (kinds: unknown[]): NotificationKind[] =>
  kinds.filter((kind): kind is NotificationKind => (NOTIFICATION_KINDS as readonly unknown[]).includes(kind))

const refreshKey = (uid: string, kind: MemberDataKind) => `${uid}/${kind}`

/** When this kind of the member's data was last written from the server, or undefined (never). */
export async function refreshedAt(db: YaariDb, uid: string, kind: MemberDataKind): Promise<number | undefined> {
  return (await db.refreshes.get(refreshKey(uid, kind)))?.at
}

/** The booking as stored, or undefined when it no longer fits (logged). */
function parseBooking(row: { orderId: string; booking: unknown }): BookingView | undefined {
  const parsed = v.safeParse(bookingViewSchema, row.booking)
  if (parsed.success) return parsed.output
  logWarning('saved-booking-corrupt', { orderId: row.orderId })
  return undefined
}

/**
 * Replaces what this device keeps of the member's bookings and waitlist places with what the
 * server just said, in one transaction, unless `stillTheirs` says the member has meanwhile
 * signed out or been replaced (checked inside it: a sign-out's clearing runs after, never before).
 */
export async function writeBookings(
  db: YaariDb,
  uid: string,
  data: { bookings: BookingView[]; waitlist: WaitlistView[] },
  { now = Date.now(), stillTheirs = () => true }: { now?: number; stillTheirs?: () => boolean } = {},
): Promise<boolean> {
  return db.transaction('rw', [db.bookings, db.waitlists, db.refreshes], async () => {
    if (!stillTheirs()) return false
    await db.bookings.where('uid').equals(uid).delete()
    await db.bookings.bulkPut(
      data.bookings.map((booking) => ({ orderId: booking.orderId, uid, booking, savedAt: now })),
    )
    await db.waitlists.put({ uid, entries: data.waitlist, savedAt: now })
    await db.refreshes.put({ key: refreshKey(uid, 'bookings'), uid, at: now })
    return true
  })
}

/** One booking as the server just answered it (a cancel, a payment confirmed): the rest stay as they are. */
export async function writeBooking(
  db: YaariDb,
  uid: string,
  booking: BookingView,
  { now = Date.now(), stillTheirs = () => true }: { now?: number; stillTheirs?: () => boolean } = {},
): Promise<void> {
  await db.transaction('rw', db.bookings, async () => {
    if (stillTheirs()) await db.bookings.put({ orderId: booking.orderId, uid, booking, savedAt: now })
  })
}

/** The member's bookings on this device, soonest date first; rows that no longer fit are skipped. */
export async function readBookings(db: YaariDb, uid: string): Promise<BookingView[]> {
  const rows = await db.bookings.where('uid').equals(uid).toArray()
  const bookings = rows.flatMap((row) => parseBooking(row) ?? [])
  bookings.sort((a, b) => a.eventDate.localeCompare(b.eventDate) || a.createdAt.localeCompare(b.createdAt))
  return bookings
}

/** One of the member's bookings on this device (another member's is never found). */
export async function readBooking(db: YaariDb, uid: string, orderId: string): Promise<BookingView | undefined> {
  const row = await db.bookings.get(orderId)
  return row && row.uid === uid ? parseBooking(row) : undefined
}

/** Replaces one waitlist place (or removes it: `entry` undefined) after the member joined or left. */
export async function writeWaitlistPlace(
  db: YaariDb,
  uid: string,
  place: { eventId: string; eventDate: string },
  entry: WaitlistView | undefined,
): Promise<void> {
  await db.transaction('rw', db.waitlists, async () => {
    const others = (await readWaitlist(db, uid)).filter(
      (e) => e.eventId !== place.eventId || e.eventDate !== place.eventDate,
    )
    const row = await db.waitlists.get(uid)
    await db.waitlists.put({ uid, entries: entry ? [...others, entry] : others, savedAt: row?.savedAt ?? Date.now() })
  })
}

/** The member's waitlist places on this device; entries that no longer fit are skipped. */
export async function readWaitlist(db: YaariDb, uid: string): Promise<WaitlistView[]> {
  const row = await db.waitlists.get(uid)
  return (row?.entries ?? []).flatMap((entry) => {
    const parsed = v.safeParse(waitlistViewSchema, entry)
    return parsed.success ? [parsed.output] : []
  })
}

/** The member's profile as the server just said it (null: not completed yet). */
export async function writeProfile(
  db: YaariDb,
  uid: string,
  profile: UserProfileRecord | null,
  {
    now = Date.now(),
    stillTheirs = () => true,
    mobile,
  }: { now?: number; stillTheirs?: () => boolean; mobile?: MobileStatus } = {},
): Promise<boolean> {
  return db.transaction('rw', [db.profiles, db.refreshes], async () => {
    if (!stillTheirs()) return false
    const kept = (await db.profiles.get(uid))?.mobile
    await db.profiles.put({ uid, profile, mobile: mobile ?? kept, savedAt: now })
    await db.refreshes.put({ key: refreshKey(uid, 'profile'), uid, at: now })
    return true
  })
}

/**
 * Answers the member just gave, which the server has kept on their profile: merged into the
 * device's copy (if it holds one), without counting as a refresh from the server.
 */
export async function writeProfileAnswers(
  db: YaariDb,
  uid: string,
  fields: Partial<Record<AnswerField, string>>,
  { stillTheirs = () => true }: { stillTheirs?: () => boolean } = {},
): Promise<boolean> {
  return db.transaction('rw', [db.profiles], async () => {
    const row = await db.profiles.get(uid)
    if (!stillTheirs() || !row?.profile) return false
    await db.profiles.put({ ...row, profile: { ...row.profile, ...fields } })
    return true
  })
}

/** Whether the member's mobile is verified (the 10 digits verified on their account), and whether they may book without. */
export interface MobileStatus {
  verifiedMobile: string | null
  mobileCheckSkipped: boolean
}
const mobileStatusSchema = v.object({ verifiedMobile: v.nullable(v.string()), mobileCheckSkipped: v.boolean() })

/** The member just verified a number (or the server said which one is): kept on the device's profile at once. */
export async function writeMobileStatus(
  db: YaariDb,
  uid: string,
  mobile: MobileStatus,
  { stillTheirs = () => true }: { stillTheirs?: () => boolean } = {},
): Promise<boolean> {
  return db.transaction('rw', [db.profiles], async () => {
    const row = await db.profiles.get(uid)
    if (!stillTheirs() || !row) return false
    await db.profiles.put({ ...row, mobile })
    return true
  })
}

/** The member's mobile status as this device last heard it, or undefined when it holds none. */
export async function readMobileStatus(db: YaariDb, uid: string): Promise<MobileStatus | undefined> {
  const parsed = v.safeParse(mobileStatusSchema, (await db.profiles.get(uid))?.mobile)
  return parsed.success ? parsed.output : undefined
}

/**
 * The profile on this device: the record, null when the server said there is none yet, or
 * undefined when this device has none (or one that no longer fits, logged).
 */
export async function readProfile(db: YaariDb, uid: string): Promise<UserProfileRecord | null | undefined> {
  const row = await db.profiles.get(uid)
  if (!row) return undefined
  if (row.profile === null) return null
  const parsed = v.safeParse(profileRecordSchema, row.profile)
  if (parsed.success) return parsed.output
  logWarning('saved-profile-corrupt', { uid })
  return undefined
}

/** The member's notifications as listNotifications answers them. */
export interface MyNotifications {
  notices: NotificationView[]
  unread: number
  /** The kinds the member turned off. */
  off: NotificationKind[]
}

/** The member's notifications as the server just said them (unless the member has since changed). */
export async function writeNotifications(
  db: YaariDb,
  uid: string,
  data: MyNotifications,
  { now = Date.now(), stillTheirs = () => true }: { now?: number; stillTheirs?: () => boolean } = {},
): Promise<boolean> {
  return db.transaction('rw', [db.notices, db.refreshes], async () => {
    if (!stillTheirs()) return false
    await db.notices.put({ uid, notices: data.notices, unread: data.unread, off: data.off, savedAt: now })
    await db.refreshes.put({ key: refreshKey(uid, 'notices'), uid, at: now })
    return true
  })
}

/**
 * The member's notifications on this device, newest first (a notification that no longer fits is
 * skipped), or undefined when this device has none yet.
 */
export async function readNotifications(db: YaariDb, uid: string): Promise<MyNotifications | undefined> {
  const row = await db.notices.get(uid)
  if (!row) return undefined
  const notifications = row.notices.flatMap((notification) => {
    const parsed = v.safeParse(notificationViewSchema, notification)
    return parsed.success ? [parsed.output] : []
  })
  notifications.sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
  return { notices: notifications, unread: row.unread, off: knownKinds(row.off) }
}

/** After markNotificationsRead: every notification up to `upTo` is read, and the server's new count. */
export async function writeNotificationsRead(
  db: YaariDb,
  uid: string,
  upTo: string,
  unread: number,
  { stillTheirs = () => true }: { stillTheirs?: () => boolean } = {},
): Promise<void> {
  const until = Date.parse(upTo)
  await db.transaction('rw', db.notices, async () => {
    const row = await db.notices.get(uid)
    if (!row || !stillTheirs()) return
    const notifications = row.notices.map((notification) => {
      const at = (notification as { at?: unknown } | null)?.at
      return typeof at === 'string' && Date.parse(at) <= until
        ? { ...(notification as object), read: true }
        : notification
    })
    await db.notices.put({ ...row, notices: notifications, unread })
  })
}

/** After markNotificationsRead of one notice: it is read, and the server's new count. */
export async function writeNotificationRead(
  db: YaariDb,
  uid: string,
  id: string,
  unread: number,
  { stillTheirs = () => true }: { stillTheirs?: () => boolean } = {},
): Promise<void> {
  await db.transaction('rw', db.notices, async () => {
    const row = await db.notices.get(uid)
    if (!row || !stillTheirs()) return
    const notifications = row.notices.map((notification) =>
      (notification as { id?: unknown } | null)?.id === id ? { ...(notification as object), read: true } : notification,
    )
    await db.notices.put({ ...row, notices: notifications, unread })
  })
}

/** After saveNotificationSettings: the kinds the member turned off, as the server kept them. */
export async function writeNotificationSettings(
  db: YaariDb,
  uid: string,
  off: NotificationKind[],
  { stillTheirs = () => true }: { stillTheirs?: () => boolean } = {},
): Promise<void> {
  await db.transaction('rw', db.notices, async () => {
    const row = await db.notices.get(uid)
    if (row && stillTheirs()) await db.notices.put({ ...row, off })
  })
}
