/**
 * The door's server side. getDoorList: what a door phone saves before the night (the date's paid
 * guests with their short codes, the bookings cancelled or refunded since, who is already in).
 * syncCheckIns: a door phone's outbox of check-ins and undos, replayed in order, each applied once
 * (the check-in's id is its document's). The first check-in of a booking is its admission
 * (door_admissions/{orderId}, a create(), so two phones racing get one); a later one from
 * elsewhere is kept on that admission as a double entry, for both phones to see.
 */
import type { RequestOf } from '@yaari/domain/callable'
import type { Admission, CheckInMark, DoorGuest, DoorList, syncCheckInsCall } from '@yaari/domain/door'
import { passCode } from '@yaari/domain/pass'
import { FieldValue, type Firestore } from 'firebase-admin/firestore'
import { type BookingRecord, bookingRef, isAlreadyExists, isNotFound } from '../../lib/records'
import { expiry } from '../../lib/retention'
import { type Actor, recordAudit } from './audit'
import { bookingsOfDate } from './dates'

/** door_check_ins/{checkInId}: one check-in (or, once undone, its record). */
interface CheckInRecord {
  event_id: string
  event_date: string
  order_id: string
  at: number
  door: string
  by: string
  method: 'qr' | 'name'
  synced_at: number
  undone_at?: number
}

/** door_admissions/{orderId}: a booking's first check-in, and the later ones (doubles) by check-in id. */
interface AdmissionRecord {
  event_id: string
  event_date: string
  check_in_id: string
  at: number
  door: string
  by: string
  doubles?: Record<string, { at: number; door: string; by: string }>
}

const checkIns = (firestore: Firestore) => firestore.collection('door_check_ins')
const admissions = (firestore: Firestore) => firestore.collection('door_admissions')

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined)

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
  return { orderId, ...mark(record.check_in_id, record), doubles }
}

async function dateAdmissions(firestore: Firestore, eventId: string, eventDate: string): Promise<Admission[]> {
  const snapshot = await admissions(firestore)
    .where('event_id', '==', eventId)
    .where('event_date', '==', eventDate)
    .get()
  return snapshot.docs
    .map((doc) => toAdmission(doc.id, doc.data() as AdmissionRecord))
    .sort((a, b) => a.at.localeCompare(b.at))
}

function doorGuest(booking: BookingRecord): DoorGuest | undefined {
  const state =
    booking.status === 'confirmed'
      ? 'paid'
      : booking.status === 'refunded'
        ? 'refunded'
        : booking.status === 'cancelled'
          ? booking.refund
            ? 'refunded'
            : 'cancelled'
          : undefined
  if (!state) return undefined // held, failed or expired: no pass was ever issued
  return {
    orderId: booking.order_id,
    code: passCode(booking.order_id),
    name: text(booking.attendee?.name) ?? 'Member',
    tier: booking.tier,
    ...(text(booking.attendee?.foodPreference) ? { foodPreference: text(booking.attendee.foodPreference) } : {}),
    state,
  }
}

/** The door list of a date, as a door phone saves it. Recorded in the audit log (it holds names). */
export async function getDoorList(
  firestore: Firestore,
  actor: Actor,
  input: { eventId: string; eventDate: string },
  now: number,
): Promise<DoorList> {
  const [bookings, admitted] = await Promise.all([
    bookingsOfDate(firestore, input.eventId, input.eventDate),
    dateAdmissions(firestore, input.eventId, input.eventDate),
  ])
  const guests = bookings.map(doorGuest).filter((guest): guest is DoorGuest => guest !== undefined)
  guests.sort((a, b) => a.name.localeCompare(b.name))
  await recordAudit(firestore, actor, {
    action: 'ready-door',
    eventId: input.eventId,
    eventDate: input.eventDate,
    change: { guests: guests.length },
    at: now,
  })
  return {
    eventId: input.eventId,
    eventDate: input.eventDate,
    expected: guests.filter((guest) => guest.state === 'paid').length,
    guests,
    admissions: admitted,
    readAt: new Date(now).toISOString(),
  }
}

/** Makes a check-in the booking's admission, or, when another came first, a double entry on it. */
async function admit(firestore: Firestore, id: string, record: CheckInRecord) {
  const ref = admissions(firestore).doc(record.order_id)
  const first: AdmissionRecord = {
    event_id: record.event_id,
    event_date: record.event_date,
    check_in_id: id,
    at: record.at,
    door: record.door,
    by: record.by,
  }
  try {
    await ref.create({ ...first, ...expiry('door_admissions', record.at) })
    await bookingRef(firestore, record.order_id).update({ checked_in_at: record.at })
    return
  } catch (error) {
    if (!isAlreadyExists(error)) throw error
  }
  const held = (await ref.get()).data() as AdmissionRecord | undefined
  if (!held || held.check_in_id === id || held.doubles?.[id]) {
    // This very check-in, seen again (a retry after a lost answer): make sure the booking says so.
    if (held?.check_in_id === id) await bookingRef(firestore, record.order_id).update({ checked_in_at: held.at })
    return
  }
  await ref.update({ [`doubles.${id}`]: { at: record.at, door: record.door, by: record.by } })
}

/** Takes a check-in back: its admission passes to the next check-in of the booking still in force, if any. */
async function undo(firestore: Firestore, id: string, now: number) {
  const entryRef = checkIns(firestore).doc(id)
  const entry = (await entryRef.get()).data() as CheckInRecord | undefined
  if (!entry) return
  if (entry.undone_at === undefined) await entryRef.update({ undone_at: now })
  const ref = admissions(firestore).doc(entry.order_id)
  const held = (await ref.get()).data() as AdmissionRecord | undefined
  if (!held) return
  if (held.doubles?.[id]) {
    await ref.update({ [`doubles.${id}`]: FieldValue.delete() })
    return
  }
  if (held.check_in_id !== id) return
  const others = (await checkIns(firestore).where('order_id', '==', entry.order_id).get()).docs
    .filter((doc) => doc.id !== id && doc.get('undone_at') === undefined)
    .map((doc) => ({ id: doc.id, record: doc.data() as CheckInRecord }))
    .sort((a, b) => a.record.at - b.record.at)
  const [next, ...rest] = others
  if (!next) {
    await ref.delete()
    await bookingRef(firestore, entry.order_id).update({ checked_in_at: FieldValue.delete() })
    return
  }
  await ref.set({
    ...expiry('door_admissions', next.record.at),
    event_id: entry.event_id,
    event_date: entry.event_date,
    check_in_id: next.id,
    at: next.record.at,
    door: next.record.door,
    by: next.record.by,
    doubles: Object.fromEntries(
      rest.map(({ id: other, record }) => [other, { at: record.at, door: record.door, by: record.by }]),
    ),
  } satisfies AdmissionRecord)
  await bookingRef(firestore, entry.order_id).update({ checked_in_at: next.record.at })
}

/**
 * Replays a door phone's check-ins and undos in the order they were made. Each is applied once by
 * its id, so the phone may send the same ones again (a lost answer, a reload mid-sync). A check-in
 * of an order that is not a booking of this date is not recorded. Answers every admission of the
 * date, doubles included, for the phone to show.
 */
export async function syncCheckIns(
  firestore: Firestore,
  actor: Actor,
  input: RequestOf<typeof syncCheckInsCall>,
  now: number,
): Promise<{ admissions: Admission[]; expected: number; synced: number }> {
  const bookings = await bookingsOfDate(firestore, input.eventId, input.eventDate)
  const ofDate = new Set(bookings.map((booking) => booking.order_id))
  const by = 'uid' in actor ? (actor.email ?? actor.uid) : actor.command
  let synced = 0
  for (const op of input.ops) {
    if (!ofDate.has(op.orderId)) continue
    if (op.kind === 'undo') {
      await undo(firestore, op.of as string, now)
      synced++
      continue
    }
    const record: CheckInRecord = {
      event_id: input.eventId,
      event_date: input.eventDate,
      order_id: op.orderId,
      at: Math.min(op.at, now),
      door: input.door.trim(),
      by,
      method: op.method,
      synced_at: now,
    }
    const entryRef = checkIns(firestore).doc(op.id)
    try {
      await entryRef.create({ ...record, ...expiry('door_check_ins', now) })
    } catch (error) {
      if (!isAlreadyExists(error)) throw error
      const earlier = (await entryRef.get()).data() as CheckInRecord
      if (earlier.order_id !== op.orderId) continue // an id reused for another booking: not ours to apply
      if (earlier.undone_at !== undefined) continue
      Object.assign(record, earlier)
    }
    await admit(firestore, op.id, record).catch((error: unknown) => {
      if (!isNotFound(error)) throw error
    })
    synced++
  }
  if (synced > 0) {
    await recordAudit(firestore, actor, {
      action: 'check-in',
      eventId: input.eventId,
      eventDate: input.eventDate,
      change: { door: input.door.trim(), checkIns: synced },
      at: now,
    })
  }
  return {
    admissions: await dateAdmissions(firestore, input.eventId, input.eventDate),
    expected: bookings.filter((booking) => booking.status === 'confirmed').length,
    synced,
  }
}
