/**
 * member_sharing/{uid}: what a member's connections see of them (a contact, their photo). The only
 * module that names the collection (dev/lint/data-owners.test.mjs).
 */
import { CONTACT_KINDS, NO_SHARING, type Sharing } from '@yaari/domain/after-night'
import type { Firestore } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { collectionOf } from '../collections'
import { checkedReader } from '../documents'

const SharingSchema = v.object({
  contactKind: v.picklist(CONTACT_KINDS),
  contact: v.string(),
  showPhoto: v.boolean(),
}) satisfies v.GenericSchema<unknown, Sharing>

const sharingRef = (firestore: Firestore, uid: string) => collectionOf(firestore, 'member_sharing').doc(uid)
const records = checkedReader('member_sharing', SharingSchema)

/** Saves what the member shares with their connections. */
export async function saveSharingRecord(firestore: Firestore, uid: string, sharing: Sharing, now: number) {
  await sharingRef(firestore, uid).set({ ...sharing, user_id: uid, updated_at: now })
}

/** What the member shares, if they ever said. */
export const sharingOfMember = async (firestore: Firestore, uid: string): Promise<Sharing | undefined> =>
  records.one(await sharingRef(firestore, uid).get())

/** What each of these members shares (nothing, for one who never said). */
export async function sharingOf(firestore: Firestore, uids: readonly string[]): Promise<Map<string, Sharing>> {
  if (uids.length === 0) return new Map()
  const docs = await firestore.getAll(...uids.map((uid) => sharingRef(firestore, uid)))
  return new Map(docs.map((doc) => [doc.id, records.one(doc) ?? NO_SHARING]))
}

/** Deletes what the member shared (their account is deleted). */
export async function forgetSharing(firestore: Firestore, uid: string): Promise<void> {
  await sharingRef(firestore, uid).delete()
}
