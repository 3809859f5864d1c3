/**
 * What the door keeps, and how the host services read it: a check-in per door_check_ins/{id}, a
 * booking's admission per door_admissions/{orderId}. The door's services (door, admissions) hold
 * the rules, not the field plumbing.
 */
import type { CheckInMethod } from '@yaari/domain/door'
import type { Firestore } from 'firebase-admin/firestore'
import { collectionOf } from '../../lib/collections'
import { reader } from '../../lib/documents'

/** door_check_ins/{checkInId}: one check-in (or, once undone, its record). */
export interface CheckInRecord {
  event_id: string
  event_date: string
  order_id: string
  /** When the server received it: the record. */
  at: number
  /** When the phone says it happened: advice, kept beside the record. */
  phone_at: number
  door: string
  by: string
  by_uid: string | null
  method: CheckInMethod
  synced_at: number
  /** A check-in of a booking that was not paid when it reached the server: never an admission. */
  refused?: 'refunded' | 'cancelled' | 'unpaid'
  undone_at?: number
  undone_by?: string
  undo_reason?: string
}

/** door_admissions/{orderId}: a booking's first check-in, and the later ones (doubles) by check-in id. */
export interface AdmissionRecord {
  event_id: string
  event_date: string
  check_in_id: string
  at: number
  door: string
  by: string
  /** How the guest was let in: their pass, its short code, or their name. */
  method?: CheckInMethod
  doubles?: Record<string, { at: number; door: string; by: string }>
}

export const checkIns = (firestore: Firestore) => collectionOf(firestore, 'door_check_ins')
export const admissions = (firestore: Firestore) => collectionOf(firestore, 'door_admissions')

const checkInRecords = reader<CheckInRecord>()
const admissionRecords = reader<AdmissionRecord>()

export const readCheckIn = async (firestore: Firestore, id: string) =>
  checkInRecords.one(await checkIns(firestore).doc(id).get())

export const readAdmission = async (firestore: Firestore, orderId: string) =>
  admissionRecords.one(await admissions(firestore).doc(orderId).get())

/** Every check-in of a booking (undone and refused ones too), with its id. */
export const checkInsOf = async (firestore: Firestore, orderId: string) =>
  checkInRecords.withIds(await checkIns(firestore).where('order_id', '==', orderId).get())

/** Every admission of a date, with its booking's order id. */
export async function admissionsOfDate(firestore: Firestore, eventId: string, eventDate: string) {
  const snapshot = await admissions(firestore)
    .where('event_id', '==', eventId)
    .where('event_date', '==', eventDate)
    .get()
  return admissionRecords.withIds(snapshot)
}
