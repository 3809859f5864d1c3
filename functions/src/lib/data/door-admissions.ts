/**
 * door_admissions/{orderId}: a booking's first check-in, and the later ones (doubles) by check-in
 * id. The only module that names the collection (dev/lint/data-owners.test.mjs).
 */
import { CHECK_IN_METHODS } from '@yaari/domain/door'
import type { DocumentReference, Firestore } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { collectionOf } from '../collections'
import { checkedReader } from '../documents'

const AdmissionSchema = v.object({
  event_id: v.string(),
  event_date: v.string(),
  check_in_id: v.string(),
  at: v.number(),
  door: v.string(),
  by: v.string(),
  /** How the guest was let in: their pass, its short code, or their name. */
  method: v.optional(v.picklist(CHECK_IN_METHODS)),
  doubles: v.optional(v.record(v.string(), v.object({ at: v.number(), door: v.string(), by: v.string() }))),
})
export type AdmissionRecord = v.InferOutput<typeof AdmissionSchema>

const admissions = (firestore: Firestore) => collectionOf(firestore, 'door_admissions')
const records = checkedReader('door_admissions', AdmissionSchema)

/** A booking's admission document (the admit's transaction writes it). */
export const admissionRef = (firestore: Firestore, orderId: string): DocumentReference =>
  admissions(firestore).doc(orderId)

export const readAdmission = async (firestore: Firestore, orderId: string) =>
  records.one(await admissionRef(firestore, orderId).get())

/** Every admission of a date, with its booking's order id. */
export async function admissionsOfDate(firestore: Firestore, eventId: string, eventDate: string) {
  const snapshot = await admissions(firestore)
    .where('event_id', '==', eventId)
    .where('event_date', '==', eventDate)
    .get()
  return records.withIds(snapshot)
}
