/**
 * door_check_ins/{checkInId}: each check-in a door phone synced (or, once undone, its record). The
 * only module that names the collection (dev/lint/data-owners.test.mjs): the door's services hold the
 * rules, not the field plumbing.
 */
import { CHECK_IN_METHODS } from '@yaari/domain/door'
import type { DocumentReference, Firestore } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { collectionOf } from '../collections'
import { checkedReader } from '../documents'

const CheckInSchema = v.object({
  event_id: v.string(),
  event_date: v.string(),
  order_id: v.string(),
  /** When the server received it: the record. */
  at: v.number(),
  /** When the phone says it happened: advice, kept beside the record. */
  phone_at: v.number(),
  door: v.string(),
  by: v.string(),
  by_uid: v.nullable(v.string()),
  method: v.picklist(CHECK_IN_METHODS),
  synced_at: v.number(),
  /** A check-in of a booking that was not paid when it reached the server: never an admission. */
  refused: v.optional(v.picklist(['refunded', 'cancelled', 'unpaid'])),
  undone_at: v.optional(v.number()),
  undone_by: v.optional(v.string()),
  undo_reason: v.optional(v.string()),
})
export type CheckInRecord = v.InferOutput<typeof CheckInSchema>

const checkIns = (firestore: Firestore) => collectionOf(firestore, 'door_check_ins')
const records = checkedReader('door_check_ins', CheckInSchema)

/** A check-in's document (a sync's batch creates or undoes it). */
export const checkInRef = (firestore: Firestore, id: string): DocumentReference => checkIns(firestore).doc(id)

export const readCheckIn = async (firestore: Firestore, id: string) =>
  records.one(await checkInRef(firestore, id).get())

/** Every check-in of a booking (undone and refused ones too), with its id. */
export const checkInsOf = async (firestore: Firestore, orderId: string) =>
  records.withIds(await checkIns(firestore).where('order_id', '==', orderId).get())
