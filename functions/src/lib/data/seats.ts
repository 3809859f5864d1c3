/**
 * A seat and the claims that guard it. Each claim is a create() of a document whose id is what
 * must be unique, which is atomic in Firestore and in the local stand-in (a read-then-write
 * transaction is not: the stand-in does not isolate them):
 * - member_dates/{uid}_{eventId}_{date}: one live booking per member and date, so a double
 *   click finds the first call's order instead of making a second one;
 * - member_holds/{uid}_{n}, n = 1..MAX_LIVE_HOLDS: a member's unpaid holds across dates;
 * - slots/{eventId}_{date}/seats/{n}, n = 1..capacity: the seat itself, never more than capacity.
 * Every claim carries its order_id and, while unpaid, hold_expires_at, so one made just before
 * a crash is found (by its order, or by its time having passed) and freed. Every path that frees
 * a seat goes through freeClaims, which says whether a seat came free: offering it to the line is
 * the caller's part (waitlist.releaseHold), so this file needs nothing above it.
 *
 * Reads never free anything: a seat whose hold time has passed simply does not count
 * (countLiveSeats, readSeats), and a booking that needs one takes it over (takeOverExpiredSeat).
 * Ending the booking behind it, and its mail, are the sweep's (sweeps.ts).
 */

import { MAX_LIVE_HOLDS } from '@yaari/domain/booking'
import { errorCode } from '@yaari/domain/error-code'
import {
  type DocumentReference,
  type DocumentSnapshot,
  FieldValue,
  type Firestore,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore'
import { claimFirst } from '../lib/claims'
import { refs, seatClaims } from '../lib/collections'
import { type DatedEvent, readDateSettings } from '../lib/date-settings'
import { reader } from '../lib/documents'
import { type BookingRecord, isAlreadyExists, isNotFound } from '../lib/records'
import { expiry } from '../lib/retention'

export type HoldOwner = Pick<BookingRecord, 'order_id' | 'user_id' | 'event_id' | 'event_date'>

export interface Claim {
  order_id: string
  user_id: string
  /** Absent once paid: a paid claim is kept, not swept. */
  hold_expires_at?: number
}

/** A claim's document: its claim, and when it was made (member_dates keeps that). */
const claimRecords = reader<Claim & { created_at?: number }>()

export const memberDateRef = (firestore: Firestore, uid: string, eventId: string, date: string) =>
  refs.memberDate(firestore, uid, eventId, date)

const holdSlotRefs = (firestore: Firestore, uid: string) =>
  Array.from({ length: MAX_LIVE_HOLDS }, (_, i) => refs.memberHold(firestore, uid, i + 1))

const seatRefs = (firestore: Firestore, eventId: string, date: string, capacity: number) => {
  const seats = seatClaims(firestore, eventId, date)
  return Array.from({ length: capacity }, (_, i) => seats.doc(String(i + 1)))
}

/** A seat or claim counts while it is paid (no hold time) or its hold time is still ahead. */
export const isLive = (data: { hold_expires_at?: unknown } | undefined, now: number) =>
  data !== undefined && (typeof data.hold_expires_at !== 'number' || data.hold_expires_at > now)

/** The member's one booking for this date: undefined when it is ours now, else the claim there. */
export async function claimMemberDate(
  firestore: Firestore,
  owner: HoldOwner,
  claim: { hold_expires_at: number; created_at: number },
): Promise<(Claim & { created_at?: number }) | undefined> {
  const ref = memberDateRef(firestore, owner.user_id, owner.event_id, owner.event_date)
  try {
    await ref.create({
      order_id: owner.order_id,
      user_id: owner.user_id,
      ...claim,
      ...expiry('member_dates', claim.created_at, owner.event_date),
    })
    return undefined
  } catch (error) {
    if (!isAlreadyExists(error)) throw error
  }
  const existing = await ref.get()
  // Freed between our create and our read: try once more.
  if (!existing.exists) return claimMemberDate(firestore, owner, claim)
  return claimRecords.existing(existing)
}

/**
 * One of the member's MAX_LIVE_HOLDS unpaid holds; undefined when all are in use. Tried in turn
 * with no read first: most members hold nothing, so the first create() is the only call.
 */
export async function claimHoldSlot(firestore: Firestore, owner: HoldOwner, holdExpiresAt: number) {
  const index = await claimFirst(
    holdSlotRefs(firestore, owner.user_id),
    {
      order_id: owner.order_id,
      user_id: owner.user_id,
      hold_expires_at: holdExpiresAt,
      ...expiry('member_holds', holdExpiresAt),
    },
    () => false,
  )
  return index === undefined ? undefined : index + 1
}

/**
 * A seat of this date (its number), or undefined when every seat is claimed. `taken`: the seat
 * numbers the caller has just read as existing (else they are read here).
 */
export async function claimSeat(
  firestore: Firestore,
  owner: HoldOwner,
  capacity: number,
  holdExpiresAt: number,
  taken?: ReadonlySet<number>,
  status: 'held' | 'offered' = 'held',
): Promise<number | undefined> {
  const index = await claimFirst(
    seatRefs(firestore, owner.event_id, owner.event_date, capacity),
    {
      order_id: owner.order_id,
      user_id: owner.user_id,
      hold_expires_at: holdExpiresAt,
      status,
      ...expiry('seats', holdExpiresAt, owner.event_date),
    },
    taken ? (i) => taken.has(i + 1) : undefined,
  )
  return index === undefined ? undefined : index + 1
}

/** The seat documents of its date that this order holds (normally one). */
export async function seatsOf(firestore: Firestore, owner: HoldOwner): Promise<QueryDocumentSnapshot[]> {
  const snapshot = await seatClaims(firestore, owner.event_id, owner.event_date)
    .where('order_id', '==', owner.order_id)
    .get()
  return snapshot.docs
}

/**
 * Deletes a claim if it is still this order's. The delete is conditional on the version read,
 * so a claim freed and re-taken by another order in between is left alone (Firestore honours
 * the precondition; the local stand-in ignores it).
 */
async function deleteIfOurs(ref: DocumentReference, orderId: string): Promise<boolean> {
  return deleteIfStill(ref, (snapshot) => snapshot.get('order_id') === orderId)
}

/**
 * Deletes a document if, read now, it passes `check`, and only if nothing changed it since that
 * read (a precondition on its update time). Whether it was deleted.
 */
async function deleteIfStill(ref: DocumentReference, check: (snapshot: DocumentSnapshot) => boolean) {
  const snapshot = await ref.get()
  if (!snapshot.exists || !check(snapshot)) return false
  try {
    await ref.delete({ lastUpdateTime: snapshot.updateTime! })
    return true
  } catch (error) {
    // FAILED_PRECONDITION (9): changed since we read it, so it is not ours to delete.
    if (errorCode(error) !== 9 && !isNotFound(error)) throw error
    return false
  }
}

/**
 * Frees everything an order holds: its seat, its unpaid-hold slot and its member-date claim.
 * The one way a seat is ever given back (failed or expired payment, a cancel, a refund, the
 * sweep). Idempotent: a second run finds nothing left to free. Returns whether a seat came free,
 * which the caller offers on (waitlist.releaseHold does both).
 */
export async function freeClaims(firestore: Firestore, owner: HoldOwner): Promise<boolean> {
  const seats = await seatsOf(firestore, owner)
  const [freed] = await Promise.all([
    Promise.all(seats.map((seat) => deleteIfOurs(seat.ref, owner.order_id))),
    ...holdSlotRefs(firestore, owner.user_id).map((ref) => deleteIfOurs(ref, owner.order_id)),
    deleteIfOurs(memberDateRef(firestore, owner.user_id, owner.event_id, owner.event_date), owner.order_id),
  ])
  return freed.some(Boolean)
}

/**
 * How many of this date's seats count (paid, or held with time left, or blocked by a host), read
 * without changing anything: two aggregation counts, so a public page view costs a few index
 * reads per date.
 */
export async function countLiveSeats(firestore: Firestore, eventId: string, date: string, now: number) {
  const seats = seatClaims(firestore, eventId, date)
  const [all, expired] = await Promise.all([
    seats.count().get(),
    seats.where('hold_expires_at', '<=', now).count().get(),
  ])
  return all.data().count - expired.data().count
}

/** A date's settings and every seat document of it, read side by side. */
export async function readDateSeats(firestore: Firestore, event: DatedEvent, date: string) {
  const [settings, snapshot] = await Promise.all([
    readDateSettings(firestore, event, date),
    seatClaims(firestore, event.id, date).get(),
  ])
  return { settings, docs: snapshot.docs }
}

/**
 * This date's seats for a booking about to claim one, in one read (at most capacity documents):
 * how many count, the numbers they hold, and the seats whose hold time has passed.
 */
export async function readSeats(firestore: Firestore, event: DatedEvent, date: string, now: number) {
  const { settings, docs } = await readDateSeats(firestore, event, date)
  const live = docs.filter((seat) => isLive(seat.data(), now))
  return {
    ...settings,
    live: live.length,
    taken: new Set(live.map((seat) => Number(seat.id))),
    expired: docs.filter((seat) => !isLive(seat.data(), now)),
  }
}

/**
 * Clears a seat whose hold time has passed (if it still has, and is still the same order's when
 * looked at again), so a booking can claim its number. Only the seat: the booking that held it is
 * ended by the sweep, whose reconcile finds its seat gone (and, were it paid after all, gives it
 * another seat or its money back).
 */
export async function takeOverExpiredSeat(seat: QueryDocumentSnapshot, now: number): Promise<void> {
  await deleteIfStill(seat.ref, (fresh) => !isLive(fresh.data(), now) && fresh.get('order_id') === seat.get('order_id'))
}

/** Whether every one of the member's unpaid-hold slots is taken by a hold still running. */
export async function holdSlotsFull(firestore: Firestore, uid: string, now: number): Promise<boolean> {
  const slots = await firestore.getAll(...holdSlotRefs(firestore, uid))
  return slots.every((slot) => slot.exists && isLive(slot.data(), now))
}

/**
 * The seat offered to a waiting member, taken by their booking (which carries the offer's order
 * id): its hold becomes the booking's. Undefined when the offer's seat is gone (it ran out).
 */
export async function takeOfferedSeat(firestore: Firestore, owner: HoldOwner, holdExpiresAt: number) {
  const seat = (await seatsOf(firestore, owner))[0]
  if (!seat) return undefined
  try {
    await seat.ref.update({ status: 'held', hold_expires_at: holdExpiresAt })
  } catch (error) {
    if (isNotFound(error)) return undefined
    throw error
  }
  return Number(seat.id)
}

/**
 * A booking made with an offer failed before it reached Cashfree: the seat goes back to being
 * the member's offer (until the offer's own time), the rest of what the booking claimed is freed.
 */
export async function returnToOffer(firestore: Firestore, owner: HoldOwner, offerExpiresAt: number): Promise<void> {
  const seats = await seatsOf(firestore, owner)
  await Promise.all([
    ...seats.map((seat) => seat.ref.update({ status: 'offered', hold_expires_at: offerExpiresAt })),
    ...holdSlotRefs(firestore, owner.user_id).map((ref) => deleteIfOurs(ref, owner.order_id)),
    deleteIfOurs(memberDateRef(firestore, owner.user_id, owner.event_id, owner.event_date), owner.order_id),
  ])
}

/**
 * A paid booking keeps its seat for good: the seat and the member-date claim lose their hold
 * time (no sweep will free them), and the unpaid-hold slot goes back to the member.
 */
export async function keepSeat(firestore: Firestore, owner: HoldOwner, seat: number): Promise<void> {
  const seatRef = seatClaims(firestore, owner.event_id, owner.event_date).doc(String(seat))
  await seatRef.update({ status: 'taken', hold_expires_at: FieldValue.delete() })
  const dateRef = memberDateRef(firestore, owner.user_id, owner.event_id, owner.event_date)
  const date = await dateRef.get()
  if (date.get('order_id') === owner.order_id) await dateRef.update({ hold_expires_at: FieldValue.delete() })
  await Promise.all(holdSlotRefs(firestore, owner.user_id).map((ref) => deleteIfOurs(ref, owner.order_id)))
}
