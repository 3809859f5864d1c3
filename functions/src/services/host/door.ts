/**
 * The door's server side. getDoorList: what a door phone saves before the night (every booking
 * with a pass in its state now, with short codes, who is already in, the pass keys the server
 * vouches for). syncCheckIns: a door phone's outbox of check-ins and undos, replayed in order, each
 * applied once (the check-in's id is its document's), answered with the date as it now stands, so
 * a seat refunded since the phone was readied is refused at the door once it has synced.
 *
 * What a phone says is advice; the server's time is the record. A check-in is taken only inside
 * the date's night window and is recorded at the time the server received it (the phone's time
 * kept beside it). The first check-in of a paid booking is its admission (door_admissions/{orderId},
 * a create(), so two phones racing get one); a later one from elsewhere is kept on that admission
 * as a double entry. A check-in of a booking that is not paid is never an admission: it is kept as
 * a refused entry, flagged on the booking for the console and alerted. An undo names a check-in of
 * the same booking and date, by the same host, made at most a minute before on the phone; later,
 * only an admin removes an admission. Every check-in, undo and removal is its own audit line,
 * written in the same batch as the change.
 */

import type { RequestOf } from '@yaari/domain/callable'
import type { YaariEvent } from '@yaari/domain/catalogue'
import {
  type Admission,
  type CheckInMark,
  type CheckInMethod,
  type DoorGuest,
  type DoorKeys,
  type DoorList,
  type DoorSyncAnswer,
  doorWindow,
  type removeAdmissionCall,
  SYNC_REFUSALS,
  type SyncRefusal,
  type syncCheckInsCall,
  UNDO_SYNC_GRACE_MS,
  UNDO_WINDOW_MS,
} from '@yaari/domain/door'
import { passCode } from '@yaari/domain/pass'
import { FieldValue, type Firestore } from 'firebase-admin/firestore'
import { collectionOf } from '../../lib/collections'
import { ALERTS, alert } from '../../lib/log'
import { type BookingRecord, bookingRef, bookingsOfDate, isAlreadyExists, isNotFound } from '../../lib/records'
import { expiry } from '../../lib/retention'
import { type Actor, auditLog, auditRecord, onDate } from '../audit'

/** door_check_ins/{checkInId}: one check-in (or, once undone, its record). */
interface CheckInRecord {
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
interface AdmissionRecord {
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

const checkIns = (firestore: Firestore) => collectionOf(firestore, 'door_check_ins')
const admissions = (firestore: Firestore) => collectionOf(firestore, 'door_admissions')

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined)
const actorName = (actor: Actor) => ('uid' in actor ? (actor.email ?? actor.uid) : `command: ${actor.command}`)
const actorUid = (actor: Actor) => ('uid' in actor ? actor.uid : null)

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

async function dateAdmissions(firestore: Firestore, eventId: string, eventDate: string): Promise<Admission[]> {
  const snapshot = await admissions(firestore)
    .where('event_id', '==', eventId)
    .where('event_date', '==', eventDate)
    .get()
  return snapshot.docs
    .map((doc) => toAdmission(doc.id, doc.data() as AdmissionRecord))
    .sort((a, b) => a.at.localeCompare(b.at))
}

/** A booking's state at the door: paid, or why not (held, failed and expired ones never had a pass). */
function doorState(booking: BookingRecord): DoorGuest['state'] | undefined {
  if (booking.status === 'confirmed') return 'paid'
  if (booking.status === 'refunded') return 'refunded'
  if (booking.status === 'cancelled') return booking.refund ? 'refunded' : 'cancelled'
  return undefined
}

function doorGuest(booking: BookingRecord): DoorGuest | undefined {
  const state = doorState(booking)
  if (!state) return undefined
  return {
    orderId: booking.order_id,
    code: passCode(booking.order_id),
    name: text(booking.attendee?.name) ?? 'Member',
    tier: booking.tier,
    ...(text(booking.attendee?.foodPreference) ? { foodPreference: text(booking.attendee.foodPreference) } : {}),
    state,
  }
}

/** The date as a door phone keeps it: every booking with a pass in its state now, who is in, the keys. */
async function doorListOf(
  firestore: Firestore,
  event: YaariEvent,
  input: { eventId: string; eventDate: string },
  keys: Record<string, string>,
  now: number,
  bookings?: BookingRecord[],
): Promise<DoorList> {
  const [records, admitted] = await Promise.all([
    bookings ?? bookingsOfDate(firestore, input.eventId, input.eventDate),
    dateAdmissions(firestore, input.eventId, input.eventDate),
  ])
  const guests = records.map(doorGuest).filter((guest): guest is DoorGuest => guest !== undefined)
  guests.sort((a, b) => a.name.localeCompare(b.name))
  const doorKeys: DoorKeys = {
    keys,
    until: new Date(doorWindow(event, input.eventDate).closes).toISOString(),
  }
  return {
    eventId: input.eventId,
    eventDate: input.eventDate,
    expected: guests.filter((guest) => guest.state === 'paid').length,
    guests,
    admissions: admitted,
    keys: doorKeys,
    readAt: new Date(now).toISOString(),
  }
}

/** The door list of a date, as a door phone saves it. Recorded in the audit log (it holds names). */
export async function getDoorList(
  firestore: Firestore,
  actor: Actor,
  event: YaariEvent,
  input: { eventId: string; eventDate: string },
  keys: Record<string, string>,
  now: number,
): Promise<DoorList> {
  const list = await doorListOf(firestore, event, input, keys, now)
  await auditLog(firestore).add(
    auditRecord(actor, {
      action: 'ready-door',
      about: onDate(event, input.eventDate),
      change: { guests: list.guests.length },
      at: now,
    }),
  )
  return list
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
    method: record.method,
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

/** After check-ins of a booking were undone: its admission passes to the earliest still in force, or goes. */
async function settleAdmission(firestore: Firestore, orderId: string, eventId: string, eventDate: string) {
  const standing = (await checkIns(firestore).where('order_id', '==', orderId).get()).docs
    .map((doc) => ({ id: doc.id, record: doc.data() as CheckInRecord }))
    .filter(({ record }) => record.undone_at === undefined && record.refused === undefined)
    .sort((a, b) => a.record.at - b.record.at)
  const ref = admissions(firestore).doc(orderId)
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

type SyncInput = RequestOf<typeof syncCheckInsCall>
type Op = SyncInput['ops'][number]
type Outcome = { applied: true } | { refused: SyncRefusal }

/** A check-in reaching the server: recorded once, with its audit line; an admission only when paid. */
async function checkIn(
  firestore: Firestore,
  actor: Actor,
  event: YaariEvent,
  input: SyncInput,
  op: Op,
  booking: BookingRecord,
  now: number,
): Promise<Outcome> {
  const entryRef = checkIns(firestore).doc(op.id)
  const state = doorState(booking)
  const refused = state === 'paid' ? undefined : state === undefined ? ('unpaid' as const) : state
  const door = input.door.trim()
  const record: CheckInRecord = {
    event_id: input.eventId,
    event_date: input.eventDate,
    order_id: op.orderId,
    at: now,
    phone_at: op.at,
    door,
    by: actorName(actor),
    by_uid: actorUid(actor),
    method: op.method,
    synced_at: now,
    ...(refused ? { refused } : {}),
  }
  const batch = firestore.batch()
  batch.create(entryRef, { ...record, ...expiry('door_check_ins', now) })
  batch.create(
    auditLog(firestore).doc(),
    auditRecord(actor, {
      action: 'check-in',
      about: onDate(event, input.eventDate),
      change: {
        order: op.orderId,
        door,
        method: op.method,
        checkIn: op.id,
        phoneAt: new Date(op.at).toISOString(),
        ...(refused ? { refused } : {}),
      },
      at: now,
    }),
  )
  if (refused)
    batch.update(bookingRef(firestore, op.orderId), { door_refused_entry: { at: now, door, state: refused } })
  try {
    await batch.commit()
  } catch (error) {
    if (!isAlreadyExists(error)) throw error
    // Sent before (a lost answer, a reload mid-sync): applied once, by its id.
    const earlier = (await entryRef.get()).data() as CheckInRecord
    if (earlier.order_id !== op.orderId) return { refused: 'id-reused' }
    if (earlier.undone_at === undefined && earlier.refused === undefined) await admit(firestore, op.id, earlier)
    return { applied: true }
  }
  if (refused) {
    alert(ALERTS.doorUnpaidEntry, {
      orderId: op.orderId,
      eventId: input.eventId,
      eventDate: input.eventDate,
      state: refused,
      door,
      by: record.by,
    })
    return { applied: true }
  }
  await admit(firestore, op.id, record)
  return { applied: true }
}

/** An undo: of a check-in of the same booking and date, by the same host, within the undo window. */
async function undoCheckIn(
  firestore: Firestore,
  actor: Actor,
  event: YaariEvent,
  input: SyncInput,
  op: Op,
  now: number,
): Promise<Outcome> {
  const entryRef = checkIns(firestore).doc(op.of as string)
  const entry = (await entryRef.get()).data() as CheckInRecord | undefined
  if (
    !entry ||
    entry.order_id !== op.orderId ||
    entry.event_id !== input.eventId ||
    entry.event_date !== input.eventDate
  ) {
    return { refused: 'undo-unknown' }
  }
  if (entry.undone_at !== undefined) return { applied: true } // undone before: a resend
  if (entry.by_uid !== actorUid(actor)) return { refused: 'undo-not-yours' }
  const afterOnPhone = op.at - entry.phone_at
  if (afterOnPhone < 0 || afterOnPhone > UNDO_WINDOW_MS || now - entry.synced_at > UNDO_SYNC_GRACE_MS) {
    return { refused: 'undo-late' }
  }
  const batch = firestore.batch()
  batch.update(entryRef, { undone_at: now, undone_by: actorName(actor) })
  batch.create(
    auditLog(firestore).doc(),
    auditRecord(actor, {
      action: 'undo-check-in',
      about: onDate(event, input.eventDate),
      change: { order: op.orderId, door: input.door.trim(), method: entry.method, checkIn: op.of, undo: op.id },
      at: now,
    }),
  )
  await batch.commit()
  if (entry.refused === undefined) await settleAdmission(firestore, op.orderId, input.eventId, input.eventDate)
  return { applied: true }
}

/**
 * Replays a door phone's check-ins and undos in the order they were made. Each is applied once by
 * its id, so the phone may send the same ones again (a lost answer, a reload mid-sync); what the
 * server will never take is answered as refused, with the reason, for the phone to set aside.
 * Answers the date as it now stands: every guest's state, every admission (doubles included), the keys.
 */
export async function syncCheckIns(
  firestore: Firestore,
  actor: Actor,
  event: YaariEvent,
  input: SyncInput,
  keys: Record<string, string>,
  now: number,
): Promise<DoorSyncAnswer> {
  const bookings = await bookingsOfDate(firestore, input.eventId, input.eventDate)
  const byOrder = new Map(bookings.map((booking) => [booking.order_id, booking]))
  const window = doorWindow(event, input.eventDate)
  const open = now >= window.opens && now <= window.closes
  let synced = 0
  const refused: DoorSyncAnswer['refused'] = []
  for (const op of input.ops) {
    const booking = byOrder.get(op.orderId)
    const outcome: Outcome = !booking
      ? { refused: 'not-this-date' }
      : !open
        ? { refused: 'outside-window' }
        : op.kind === 'undo'
          ? await undoCheckIn(firestore, actor, event, input, op, now)
          : await checkIn(firestore, actor, event, input, op, booking, now)
    if ('refused' in outcome)
      refused.push({ id: op.id, reason: outcome.refused, message: SYNC_REFUSALS[outcome.refused] })
    else synced++
  }
  // The answer reads the bookings again when something was applied (a refused entry flags one).
  const list = await doorListOf(firestore, event, input, keys, now, synced > 0 ? undefined : bookings)
  return { ...list, synced, refused }
}

/** An admin removes a booking's admission (every check-in of it undone), its own audited action. */
export async function removeAdmission(
  firestore: Firestore,
  actor: Actor,
  event: YaariEvent,
  input: RequestOf<typeof removeAdmissionCall>,
  now: number,
): Promise<{ removed: number }> {
  const standing = (await checkIns(firestore).where('order_id', '==', input.orderId).get()).docs.filter(
    (doc) =>
      doc.get('event_id') === input.eventId &&
      doc.get('event_date') === input.eventDate &&
      doc.get('undone_at') === undefined,
  )
  if (standing.length === 0) return { removed: 0 }
  const batch = firestore.batch()
  for (const doc of standing)
    batch.update(doc.ref, { undone_at: now, undone_by: actorName(actor), undo_reason: input.reason.trim() })
  batch.create(
    auditLog(firestore).doc(),
    auditRecord(actor, {
      action: 'remove-admission',
      about: onDate(event, input.eventDate),
      change: { order: input.orderId, checkIns: standing.length, reason: input.reason.trim() },
      at: now,
    }),
  )
  await batch.commit()
  await settleAdmission(firestore, input.orderId, input.eventId, input.eventDate)
  return { removed: standing.length }
}
