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
 * a seat goes through releaseHold.
 */
import {
  type DocumentReference,
  FieldValue,
  type Firestore,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore'
import { seatsCollectionPath } from '../../../src/domain/availability'
import { MAX_LIVE_HOLDS } from '../../../src/domain/booking'
import { claimFirst } from '../lib/claims'
import { type BookingRecord, isAlreadyExists, isNotFound } from './records'

export type HoldOwner = Pick<BookingRecord, 'order_id' | 'user_id' | 'event_id' | 'event_date'>

export interface Claim {
  order_id: string
  user_id: string
  /** Absent once paid: a paid claim is kept, not swept. */
  hold_expires_at?: number
}

export const memberDateRef = (firestore: Firestore, uid: string, eventId: string, date: string) =>
  firestore.collection('member_dates').doc(`${uid}_${eventId}_${date}`)

const holdSlotRefs = (firestore: Firestore, uid: string) =>
  Array.from({ length: MAX_LIVE_HOLDS }, (_, i) => firestore.collection('member_holds').doc(`${uid}_${i + 1}`))

const seatRefs = (firestore: Firestore, eventId: string, date: string, capacity: number) => {
  const seats = firestore.collection(seatsCollectionPath(eventId, date))
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
    await ref.create({ order_id: owner.order_id, user_id: owner.user_id, ...claim })
    return undefined
  } catch (error) {
    if (!isAlreadyExists(error)) throw error
  }
  const existing = await ref.get()
  // Freed between our create and our read: try once more.
  if (!existing.exists) return claimMemberDate(firestore, owner, claim)
  return existing.data() as Claim & { created_at?: number }
}

/**
 * One of the member's MAX_LIVE_HOLDS unpaid holds; undefined when all are in use. Tried in turn
 * with no read first: most members hold nothing, so the first create() is the only call.
 */
export async function claimHoldSlot(firestore: Firestore, owner: HoldOwner, holdExpiresAt: number) {
  const index = await claimFirst(
    holdSlotRefs(firestore, owner.user_id),
    { order_id: owner.order_id, user_id: owner.user_id, hold_expires_at: holdExpiresAt },
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
): Promise<number | undefined> {
  const index = await claimFirst(
    seatRefs(firestore, owner.event_id, owner.event_date, capacity),
    { order_id: owner.order_id, user_id: owner.user_id, hold_expires_at: holdExpiresAt, status: 'held' },
    taken ? (i) => taken.has(i + 1) : undefined,
  )
  return index === undefined ? undefined : index + 1
}

/** The seat documents of its date that this order holds (normally one). */
export async function seatsOf(firestore: Firestore, owner: HoldOwner): Promise<QueryDocumentSnapshot[]> {
  const snapshot = await firestore
    .collection(seatsCollectionPath(owner.event_id, owner.event_date))
    .where('order_id', '==', owner.order_id)
    .get()
  return snapshot.docs
}

/**
 * Deletes a claim if it is still this order's. The delete is conditional on the version read,
 * so a claim freed and re-taken by another order in between is left alone (Firestore honours
 * the precondition; the local stand-in ignores it).
 */
async function deleteIfOurs(ref: DocumentReference, orderId: string): Promise<void> {
  const snapshot = await ref.get()
  if (!snapshot.exists || snapshot.get('order_id') !== orderId) return
  try {
    await ref.delete({ lastUpdateTime: snapshot.updateTime! })
  } catch (error) {
    // FAILED_PRECONDITION (9): changed since we read it, so no longer ours to delete.
    if ((error as { code?: unknown })?.code !== 9 && !isNotFound(error)) throw error
  }
}

/**
 * Frees everything a booking holds: its seat, its unpaid-hold slot and its member-date claim.
 * The one way a seat is ever given back (failed or expired payment, a refund, the sweep).
 * Idempotent: a second run finds nothing left to free.
 */
export async function releaseHold(firestore: Firestore, owner: HoldOwner): Promise<void> {
  const seats = await seatsOf(firestore, owner)
  await Promise.all([
    ...seats.map((seat) => deleteIfOurs(seat.ref, owner.order_id)),
    ...holdSlotRefs(firestore, owner.user_id).map((ref) => deleteIfOurs(ref, owner.order_id)),
    deleteIfOurs(memberDateRef(firestore, owner.user_id, owner.event_id, owner.event_date), owner.order_id),
  ])
}

/**
 * A paid booking keeps its seat for good: the seat and the member-date claim lose their hold
 * time (no sweep will free them), and the unpaid-hold slot goes back to the member.
 */
export async function keepSeat(firestore: Firestore, owner: HoldOwner, seat: number): Promise<void> {
  const seatRef = firestore.collection(seatsCollectionPath(owner.event_id, owner.event_date)).doc(String(seat))
  await seatRef.update({ status: 'taken', hold_expires_at: FieldValue.delete() })
  const dateRef = memberDateRef(firestore, owner.user_id, owner.event_id, owner.event_date)
  const date = await dateRef.get()
  if (date.get('order_id') === owner.order_id) await dateRef.update({ hold_expires_at: FieldValue.delete() })
  await Promise.all(holdSlotRefs(firestore, owner.user_id).map((ref) => deleteIfOurs(ref, owner.order_id)))
}
