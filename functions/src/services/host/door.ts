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
  type DoorSyncAnswer,
  doorWindow,
  type getDoorListCall,
  type removeAdmissionCall,
  SYNC_REFUSALS,
  type SyncRefusal,
  type syncCheckInsCall,
  UNDO_SYNC_GRACE_MS,
  UNDO_WINDOW_MS,
} from '@yaari/domain/door'
import type { Firestore } from 'firebase-admin/firestore'
import { isAlreadyExists } from '../../lib/claims'
import { type Context, dateCall, type HostCall } from '../../lib/context'
import { type BookingRecord, bookingRef, bookingsOfDate } from '../../lib/data/bookings'
import { type CheckInRecord, checkInRef, checkInsOf, readCheckIn } from '../../lib/data/door-check-ins'
import { ALERTS, alert } from '../../lib/log'
import { expiry } from '../../lib/retention'
import { type Actor, actorName, actorUid, auditInBatch, onDate, recordAudit } from '../audit'
import { admit, settleAdmission } from './admissions'
import { doorListOf, doorState } from './door-list'

/** A door call's context: its clock is the date's (a stack's clock locally), and the pass keys it verifies with. */
type DoorContext = Context & { doorKeys: Record<string, string> }

/** The door list of a date, as a door phone saves it. Recorded in the audit log (it holds names). */
export const getDoorList: HostCall<typeof getDoorListCall, DoorContext> = async (context, actor, input) => {
  const { firestore, event, now } = dateCall(context, input)
  const keys = context.doorKeys
  const list = await doorListOf(firestore, event, input, keys, now)
  await recordAudit(firestore, actor, {
    action: 'ready-door',
    about: onDate(event, input.eventDate),
    change: { guests: list.guests.length },
    at: now,
  })
  return list
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
  const entryRef = checkInRef(firestore, op.id)
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
  auditInBatch(batch, firestore, actor, {
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
  })

  if (refused)
    batch.update(bookingRef(firestore, op.orderId), { door_refused_entry: { at: now, door, state: refused } })
  try {
    await batch.commit()
  } catch (error) {
    if (!isAlreadyExists(error)) throw error
    // Sent before (a lost answer, a reload mid-sync): applied once, by its id.
    const earlier = (await readCheckIn(firestore, op.id))!
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
  // (the sync schema requires the check-in an undo undoes)
  const of = op.of
  const entry = of === undefined ? undefined : await readCheckIn(firestore, of)
  if (
    of === undefined ||
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
  batch.update(checkInRef(firestore, of), { undone_at: now, undone_by: actorName(actor) })
  auditInBatch(batch, firestore, actor, {
    action: 'undo-check-in',
    about: onDate(event, input.eventDate),
    change: { order: op.orderId, door: input.door.trim(), method: entry.method, checkIn: op.of, undo: op.id },
    at: now,
  })
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
export async function syncCheckIns(context: DoorContext, actor: Actor, input: SyncInput): Promise<DoorSyncAnswer> {
  const { firestore, event, now } = dateCall(context, input)
  const keys = context.doorKeys
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
  context: Context,
  actor: Actor,
  input: RequestOf<typeof removeAdmissionCall>,
): Promise<{ removed: number }> {
  const { firestore, event, now } = dateCall(context, input)
  const standing = (await checkInsOf(firestore, input.orderId)).filter(
    ({ record }) =>
      record.event_id === input.eventId && record.event_date === input.eventDate && record.undone_at === undefined,
  )
  if (standing.length === 0) return { removed: 0 }
  const batch = firestore.batch()
  for (const { id } of standing)
    batch.update(checkInRef(firestore, id), {
      undone_at: now,
      undone_by: actorName(actor),
      undo_reason: input.reason.trim(),
    })
  auditInBatch(batch, firestore, actor, {
    action: 'remove-admission',
    about: onDate(event, input.eventDate),
    change: { order: input.orderId, checkIns: standing.length, reason: input.reason.trim() },
    at: now,
  })
  await batch.commit()
  await settleAdmission(firestore, input.orderId, input.eventId, input.eventDate)
  return { removed: standing.length }
}
