/**
 * cover_uploads/{id}: each cover upload, written before its files are stored (decision 0020), so a
 * run cut off part-way leaves a line the sweep finds, and the files of a cover nothing uses are
 * deleted. The only module that names the collection (dev/lint/data-owners.test.mjs).
 */
import type { Firestore } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { collectionOf } from '../collections'
import { checkedReader } from '../documents'

const UploadSchema = v.object({
  event_id: v.string(),
  paths: v.array(v.string()),
  at: v.number(),
  /** The cover's address, once its files are stored. */
  url: v.optional(v.string()),
})
const uploads = (firestore: Firestore) => collectionOf(firestore, 'cover_uploads')
const records = checkedReader('cover_uploads', UploadSchema)

/** Notes an upload's files before they are stored. */
export async function noteUpload(firestore: Firestore, id: string, eventId: string, paths: string[], now: number) {
  await uploads(firestore).doc(id).create({ event_id: eventId, paths, at: now })
}

/** Records the stored cover's address. */
export async function uploadStored(firestore: Firestore, id: string, url: string): Promise<void> {
  await uploads(firestore).doc(id).update({ url })
}

/** The uploads made before `before`, with their ids. */
export const uploadsBefore = async (firestore: Firestore, before: number) =>
  records.withIds(await uploads(firestore).where('at', '<', before).get())

/** Deletes an upload's line (its files are gone). */
export async function forgetUpload(firestore: Firestore, id: string): Promise<void> {
  await uploads(firestore).doc(id).delete()
}
