/**
 * What the notices keep: each thing said to a member (notices/{id}, its words and where a tap
 * goes, read or not, and its push's state), each device the member allowed pushes on
 * (push_subscriptions/{digest of the endpoint}), and the kinds a member turned off
 * (notice_settings/{uid}).
 */
import { createHash } from 'node:crypto'
import type { NoticeKind } from '@yaari/domain/notifications'
import type { Firestore, Timestamp } from 'firebase-admin/firestore'
import { collectionOf } from '../../lib/collections'
import { reader } from '../../lib/documents'

/**
 * A push's state: due (push_due_at says when), sent, off (the member turned the kind off), none (no
 * device), expired (no longer true when it came due: `until`), failed.
 */
type PushState = 'due' | 'sent' | 'off' | 'none' | 'expired' | 'failed'

export interface NoticeRecord {
  uid: string
  kind: NoticeKind
  title: string
  body: string
  /** Shown in the app's list only, never pushed (a host's message itself). */
  detail?: string
  url: string
  tag: string
  /** When it was said (ms). */
  at: number
  read: boolean
  /** A push that cannot wait for quiet hours to end (an offer, a change on the day). */
  critical: boolean
  /**
   * When what it says stops being true (notices.ts `noticeUntil`: an offer's end, a reminder's
   * evening): not pushed after, and kept by the push service only until then. (Absent on records
   * told before each kind had one.)
   */
  until?: number
  push_state: PushState
  /** When the delivery job should push it next; absent once it is done. */
  push_due_at?: number
  push_attempts: number
  /** The devices (subscription ids) that already have it: a retry sends only to the rest. */
  pushed_to?: string[]
  expire_at?: Timestamp
}

export interface SubscriptionRecord {
  uid: string
  endpoint: string
  keys: { p256dh: string; auth: string }
  created_at: number
  /** Saved again (the app does so when push is allowed on the device): kept while the device is in use. */
  seen_at: number
  expire_at?: Timestamp
}

interface NoticeSettingsRecord {
  off: NoticeKind[]
  updated_at: number
}

export const noticeRecords = reader<NoticeRecord>()
export const subscriptionRecords = reader<SubscriptionRecord>()
const settingsRecords = reader<NoticeSettingsRecord>()

export const noticeRef = (firestore: Firestore, id: string) => collectionOf(firestore, 'notices').doc(id)

/** A device's id: a digest of its endpoint (the same endpoint saved twice is one device). */
const subscriptionId = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex').slice(0, 40)
export const subscriptionRef = (firestore: Firestore, endpoint: string) =>
  collectionOf(firestore, 'push_subscriptions').doc(subscriptionId(endpoint))

export const subscriptionsOf = async (firestore: Firestore, uid: string) =>
  subscriptionRecords.withIds(await collectionOf(firestore, 'push_subscriptions').where('uid', '==', uid).get())

export const settingsRef = (firestore: Firestore, uid: string) => collectionOf(firestore, 'notice_settings').doc(uid)

/** The kinds the member turned off (none by default). */
export async function kindsOff(firestore: Firestore, uid: string): Promise<NoticeKind[]> {
  return settingsRecords.one(await settingsRef(firestore, uid).get())?.off ?? []
}
