/**
 * notices/{id}: each thing said to a member (the list under the bell): its words and where a tap
 * goes, read or not, and its push's state (delivered through lib/delivery.ts). The only module that
 * names the collection (dev/lint/data-owners.test.mjs).
 */
import { NOTIFICATION_KINDS } from '@yaari/domain/notifications'
import type { Firestore } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { isAlreadyExists } from '../claims'
import { collectionOf } from '../collections'
import { checkedReader } from '../documents'
import { deleteWithAttempts } from './attempts'

/**
 * A push's state: due (push_due_at says when), sent, off (the member turned the kind off), none (no
 * device), expired (no longer true when it came due: `until`), failed.
 */
const PUSH_STATES = ['due', 'sent', 'off', 'none', 'expired', 'failed'] as const

const NotificationSchema = v.object({
  uid: v.string(),
  kind: v.picklist(NOTIFICATION_KINDS),
  title: v.string(),
  body: v.string(),
  /** Shown in the app's list only, never pushed (a host's message itself). */
  detail: v.optional(v.string()),
  /** The member it is about, when another's (a guest's alert, told to the team): it goes with their account. */
  about: v.optional(v.string()),
  url: v.string(),
  tag: v.string(),
  /** When it was said (ms). */
  at: v.number(),
  read: v.boolean(),
  /** A push that cannot wait for quiet hours to end (an offer, a change on the day). */
  critical: v.boolean(),
  /**
   * When what it says stops being true (notifications/member-notifications.ts `notificationUntil`): not pushed after, and kept
   * by the push service only until then. (Absent on records told before each kind had one.)
   */
  until: v.optional(v.number()),
  push_state: v.picklist(PUSH_STATES),
  /** When the delivery job should push it next; absent once it is done. */
  push_due_at: v.optional(v.number()),
  push_attempts: v.number(),
  /** The devices (subscription ids) that already have it: a retry sends only to the rest. */
  pushed_to: v.optional(v.array(v.string())),
  expire_at: v.optional(v.unknown()),
})
export type NotificationRecord = v.InferOutput<typeof NotificationSchema>

const notices = (firestore: Firestore) => collectionOf(firestore, 'notices')
export const notificationRecords = checkedReader('notices', NotificationSchema)

/** The notice's document (the push job reads, claims and updates it). */
export const notificationRef = (firestore: Firestore, id: string) => notices(firestore).doc(id)

/** Tells it once: whether this call wrote it (a second with the same id writes nothing). */
export async function createNotification(
  firestore: Firestore,
  id: string,
  record: NotificationRecord,
): Promise<boolean> {
  try {
    await notificationRef(firestore, id).create(record)
    return true
  } catch (error) {
    if (isAlreadyExists(error)) return false
    throw error
  }
}

/** The member's newest notices, at most `limit`, with their ids. */
export const newestNotifications = async (firestore: Firestore, uid: string, limit: number) =>
  notificationRecords.withIds(await notices(firestore).where('uid', '==', uid).orderBy('at', 'desc').limit(limit).get())

/** How many of the member's notices are unread, counted up to `limit`. */
export const countUnread = async (firestore: Firestore, uid: string, limit: number) =>
  (await notices(firestore).where('uid', '==', uid).where('read', '==', false).limit(limit).get()).size

/** Marks read the member's own notice `id` (another's is left alone). */
export async function markNotificationRead(firestore: Firestore, uid: string, id: string): Promise<void> {
  const ref = notificationRef(firestore, id)
  if (notificationRecords.one(await ref.get())?.uid === uid) await ref.update({ read: true })
}

/** Marks read every unread notice of the member's said up to `until`. */
export async function markReadUpTo(firestore: Firestore, uid: string, until: number): Promise<void> {
  const unread = await notices(firestore).where('uid', '==', uid).where('read', '==', false).get()
  await Promise.all(
    notificationRecords
      .withIds(unread)
      .filter(({ record }) => record.at <= until)
      .map(({ id }) => notificationRef(firestore, id).update({ read: true })),
  )
}

/** The notices whose push is due by `now`, critical ones or the rest, soonest first. */
export const duePushes = (firestore: Firestore, critical: boolean, now: number) =>
  notices(firestore).where('critical', '==', critical).where('push_due_at', '<=', now).orderBy('push_due_at')

/**
 * Deletes the member's notices with their push attempts, and those told to others about them (a
 * guest's alert): their account is deleted.
 */
export async function forgetNotificationsOf(firestore: Firestore, uid: string): Promise<void> {
  const [theirs, aboutThem] = await Promise.all([
    notices(firestore).where('uid', '==', uid).get(),
    notices(firestore).where('about', '==', uid).get(),
  ])
  await Promise.all([...theirs.docs, ...aboutThem.docs].map((doc) => deleteWithAttempts(doc.ref)))
}
