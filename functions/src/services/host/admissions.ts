/**
 * A booking's admission at the door: its first check-in in force, with the later ones (doubles)
 * beside it. Made when a check-in of a paid booking reaches the server (a create(), so two phones
 * racing get one), and settled again after an undo or a removal: it passes to the earliest
 * check-in still in force, or goes, and the booking's checked_in_at follows it.
 */
import type { Admission, CheckInMark } from '@yaari/domain/door'
import { FieldValue, type Firestore } from 'firebase-admin/firestore'
import { isAlreadyExists, isNotFound } from '../../lib/claims'
import { bookingRef } from '../../lib/data/bookings'
import { type AdmissionRecord, admissionRef, admissionsOfDate, readAdmission } from '../../lib/data/door-admissions'
import { type CheckInRecord, checkInsOf } from '../../lib/data/door-check-ins'
import { expiry } from '../../lib/retention'

const mark = (id: string, record: { at: number; door: string; by: string }): CheckInMark => ({
  checkInId: id,
  at: new Date(record.at).toISOString(),
  door: record.door,
  by: record.by,
})

function toAdmission(orderId: string, record: AdmissionRecord): Admission {
  const doubles = Object.entries(record.doubles ?? {})
    .map(([id, double]) => mark(id, double))
    .sort((a, b) => a.at.localeCompare(b.at))
  return { orderId, ...mark(record.check_in_id, record), ...(record.method ? { method: record.method } : {}), doubles }
}

/** Every admission of a date, as a door phone shows it (earliest first). */
export async function dateAdmissions(firestore: Firestore, eventId: string, eventDate: string): Promise<Admission[]> {
  return (await admissionsOfDate(firestore, eventId, eventDate))
    .map(({ id, record }) => toAdmission(id, record))
    .sort((a, b) => a.at.localeCompare(b.at))
}

/** Makes a check-in the booking's admission, or, when another came first, a double entry on it. */
export async function admit(firestore: Firestore, id: string, record: CheckInRecord) {
  const ref = admissionRef(firestore, record.order_id)
  const first: AdmissionRecord = {
    event_id: record.event_id,
    event_date: record.event_date,
    check_in_id: id,
    at: record.at,
    door: record.door,
    by: record.by,
    method: record.method,
  }
  try {
    await ref.create({ ...first, ...expiry('door_admissions', record.at) })
    await bookingRef(firestore, record.order_id).update({ checked_in_at: record.at })
    return
  } catch (error) {
    if (!isAlreadyExists(error)) throw error
  }
  const held = await readAdmission(firestore, record.order_id)
  if (!held || held.check_in_id === id || held.doubles?.[id]) {
    // This very check-in, seen again (a retry after a lost answer): make sure the booking says so.
    if (held?.check_in_id === id) await bookingRef(firestore, record.order_id).update({ checked_in_at: held.at })
    return
  }
  await ref.update({ [`doubles.${id}`]: { at: record.at, door: record.door, by: record.by } })
}

/** After check-ins of a booking were undone: its admission passes to the earliest still in force, or goes. */
export async function settleAdmission(firestore: Firestore, orderId: string, eventId: string, eventDate: string) {
  const standing = (await checkInsOf(firestore, orderId))
    .filter(({ record }) => record.undone_at === undefined && record.refused === undefined)
    .sort((a, b) => a.record.at - b.record.at)
  const ref = admissionRef(firestore, orderId)
  const [next, ...rest] = standing
  if (!next) {
    await ref.delete()
    await bookingRef(firestore, orderId)
      .update({ checked_in_at: FieldValue.delete() })
      .catch((error: unknown) => {
        if (!isNotFound(error)) throw error
      })
    return
  }
  await ref.set({
    ...expiry('door_admissions', next.record.at),
    event_id: eventId,
    event_date: eventDate,
    check_in_id: next.id,
    at: next.record.at,
    door: next.record.door,
    by: next.record.by,
    method: next.record.method,
    doubles: Object.fromEntries(
      rest.map(({ id, record }) => [id, { at: record.at, door: record.door, by: record.by }]),
    ),
  } satisfies AdmissionRecord)
  await bookingRef(firestore, orderId).update({ checked_in_at: next.record.at })
}
