/**
 * notice_settings/{uid}: the kinds of notice a member turned off (none by default). The only module
 * that names the collection (dev/lint/data-owners.test.mjs).
 */
import { NOTIFICATION_KINDS, type NotificationKind } from '@yaari/domain/notifications'
import type { Firestore } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { collectionOf } from '../collections'
import { checkedReader } from '../documents'

const records = checkedReader(
  'notice_settings',
  v.object({ off: v.array(v.picklist(NOTIFICATION_KINDS)), updated_at: v.number() }),
)
const settingsRef = (firestore: Firestore, uid: string) => collectionOf(firestore, 'notice_settings').doc(uid)

/** The kinds the member turned off (none by default). */
export const kindsOff = async (firestore: Firestore, uid: string): Promise<NotificationKind[]> =>
  records.one(await settingsRef(firestore, uid).get())?.off ?? []

/** Saves the kinds the member turned off. */
export async function saveKindsOff(
  firestore: Firestore,
  uid: string,
  off: NotificationKind[],
  now: number,
): Promise<void> {
  await settingsRef(firestore, uid).set({ off, updated_at: now })
}

/** Deletes the member's settings (their account is deleted). */
export async function forgetSettings(firestore: Firestore, uid: string): Promise<void> {
  await settingsRef(firestore, uid).delete()
}
