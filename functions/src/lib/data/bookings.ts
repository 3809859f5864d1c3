/**
 * bookings/{orderId}: a member's booking, from its hold to its end, and its one-time transitions
 * (bookings/{orderId}/transitions/{change}: `once`, which makes a state change of a booking happen
 * exactly once whoever races to apply it). The only module that names the collection
 * (dev/lint/data-owners.test.mjs); every record is checked with its schema as it is read.
 */
import { BOOKING_STATUSES, type CashfreeMode, REFUND_REASONS, REFUND_STATES } from '@yaari/domain/booking'
import type { DocumentReference, Firestore, Timestamp } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { isAlreadyExists, isFailedPrecondition, isNotFound } from '../claims'
import { collectionOf, subcollectionOf } from '../collections'
import { checkedReader } from '../documents'
import { expiry } from '../retention'

const RefundSchema = v.object({
  /** Ours, sent to Cashfree as its idempotent refund id. */
  refund_id: v.string(),
  amount: v.number(),
  reason: v.picklist(REFUND_REASONS),
  status: v.picklist(REFUND_STATES),
  requested_at: v.number(),
  updated_at: v.number(),
  /** Requests Cashfree did not accept (network or API errors); retried by the reconciler. */
  attempts: v.number(),
})
export type RefundRecord = v.InferOutput<typeof RefundSchema>

/** A dispute on a booking's payment, as Cashfree reports it (the booking keeps its seat meanwhile). */
const DisputeSchema = v.object({
  dispute_id: v.string(),
  /** DISPUTE, CHARGEBACK, RETRIEVAL, PRE_ARBITRATION, ARBITRATION. */
  type: v.string(),
  /** Cashfree's dispute_status: DISPUTE_CREATED, CHARGEBACK_UNDER_REVIEW, CHARGEBACK_MERCHANT_LOST, ... */
  status: v.string(),
  amount: v.nullable(v.number()),
  /** When evidence is due (Cashfree's text, IST), if it said. */
  respond_by: v.nullable(v.string()),
})
export type DisputeRecord = v.InferOutput<typeof DisputeSchema>

const CASHFREE_MODES = ['sandbox', 'production'] as const satisfies readonly CashfreeMode[]

// A field the schema does not name (the Cashfree order id, the retention time) is kept as stored:
// the member's data export gives the booking whole.
const BookingSchema = v.looseObject({
  order_id: v.string(),
  user_id: v.string(),
  event_id: v.string(),
  event_date: v.string(),
  tier: v.string(),
  /** The price it was sold at, in rupees: a later change of the catalogue's price never touches it. */
  amount: v.number(),
  /** The catalogue version the price came from (absent on bookings made before the catalogue was data). */
  catalogue_version: v.optional(v.number()),
  /** Set once the seat claim is recorded; a claim made just before a crash is found by its order_id. */
  seat: v.nullable(v.number()),
  status: v.picklist(BOOKING_STATUSES),
  /** Null until Cashfree's order exists: a record without one never reached checkout. */
  payment_session_id: v.nullable(v.string()),
  /** The Cashfree environment of the order (absent on bookings made before it was recorded). */
  cashfree_mode: v.optional(v.picklist(CASHFREE_MODES)),
  hold_expires_at: v.number(),
  created_at: v.number(),
  paid_at: v.optional(v.number()),
  ended_at: v.optional(v.number()),
  /** When the member (or the team, for the whole date) cancelled. */
  cancelled_at: v.optional(v.number()),
  /** When the guest was checked in at the door (the admission's time); absent until then, or after an undo. */
  checked_in_at: v.optional(v.number()),
  /** Where the door was not used: a host marked this guest as come (never a door check-in). */
  came_marked: v.optional(v.object({ at: v.number(), by: v.string() })),
  /** Once the morning after asked this guest how the evening was: when that closes (ms). */
  after_closes_at: v.optional(v.number()),
  /** A door phone let this booking's guest in while it was not paid (refunded, cancelled): never an admission. */
  door_refused_entry: v.optional(
    v.object({ at: v.number(), door: v.string(), state: v.picklist(['refunded', 'cancelled', 'unpaid']) }),
  ),
  /** A host cancelled this seat (a full refund), and the reason the member was told. */
  host_cancel_reason: v.optional(v.string()),
  /** The team cancelled the date while this booking was pending (its hold ended for that). */
  date_cancelled: v.optional(v.boolean()),
  /** The member deleted their account: its personal fields are gone, its hold ended, no more mail about it. */
  account_deleted_at: v.optional(v.number()),
  /** The latest payment attempt Cashfree reported (by its time), while pending. */
  last_attempt: v.optional(v.object({ status: v.string(), at: v.nullable(v.string()) })),
  refund: v.optional(RefundSchema),
  /** Disputes (chargebacks) the member's bank raised on the payment, as Cashfree last described them. */
  disputes: v.optional(v.array(DisputeSchema)),
  /** When the reconciler looks at this booking next; absent once nothing can change any more. */
  recheck_at: v.optional(v.number()),
  attendee: v.record(v.string(), v.unknown()),
})
export type BookingRecord = v.InferOutput<typeof BookingSchema>

const bookings = (firestore: Firestore) => collectionOf(firestore, 'bookings')
/** bookings/{orderId}/transitions/{change}: a one-time change, claimed and then marked applied. */
const markers = checkedReader('transitions', v.object({ at: v.number(), applied: v.boolean() }))

export const bookingRef = (firestore: Firestore, orderId: string): DocumentReference => bookings(firestore).doc(orderId)

/** The documents of bookings/ as booking records. */
export const bookingRecords = checkedReader('bookings', BookingSchema)

/**
 * The booking, or undefined when there is none. A document that holds no booking (edited by hand,
 * an older shape) throws rather than read as none: every caller that finds no booking frees its
 * seat or takes its claim, and a paid seat must never go that way.
 */
export async function readBooking(firestore: Firestore, orderId: string): Promise<BookingRecord | undefined> {
  const snapshot = await bookingRef(firestore, orderId).get()
  return snapshot.exists ? bookingRecords.existing(snapshot) : undefined
}

/** Every booking of a date, whatever its state. */
export async function bookingsOfDate(firestore: Firestore, eventId: string, date: string): Promise<BookingRecord[]> {
  const snapshot = await bookings(firestore).where('event_id', '==', eventId).where('event_date', '==', date).get()
  return bookingRecords.all(snapshot)
}

/** The paid bookings of a date. */
export async function paidBookingsOfDate(
  firestore: Firestore,
  eventId: string,
  date: string,
): Promise<BookingRecord[]> {
  const snapshot = await bookings(firestore)
    .where('event_id', '==', eventId)
    .where('event_date', '==', date)
    .where('status', '==', 'confirmed')
    .get()
  return bookingRecords.all(snapshot)
}

/** Every booking a member made, whatever its state. */
export async function bookingsOfMember(firestore: Firestore, uid: string): Promise<BookingRecord[]> {
  return bookingRecords.all(await bookings(firestore).where('user_id', '==', uid).get())
}

/** The paid bookings of these dates, of every event. */
export async function paidBookingsOn(firestore: Firestore, dates: string[]): Promise<BookingRecord[]> {
  const snapshot = await bookings(firestore).where('event_date', 'in', dates).get()
  return bookingRecords.all(snapshot).filter((booking) => booking.status === 'confirmed')
}

/**
 * A change whose first runner stopped half-way is finished by a later one once its marker has not
 * been renewed for this long. A runner still at work renews it every CLAIM_RENEW_MS, however long
 * a gateway or SMTP keeps it waiting, so only a runner that died loses its claim.
 */
export const STALE_CHANGE_MS = Number(process.env.YAARI_STALE_CHANGE_MS) || 30_000
export const CLAIM_RENEW_MS = Math.max(50, Math.floor(STALE_CHANGE_MS / 3))

/** A change this runner holds: its marker, and the time of the marker's last write (for preconditions). */
export interface ClaimedChange {
  ref: DocumentReference
  writtenAt: Timestamp
}

/**
 * Runs `apply` only for the first caller to claim this change of this booking (a create() of
 * bookings/{orderId}/transitions/{change}). Every `apply` is idempotent, so if that caller died
 * before marking the change applied, a later caller (after STALE_CHANGE_MS without a renewal)
 * finishes it instead of leaving the booking stuck. Returns false when someone else has it.
 */
export async function once(
  firestore: Firestore,
  orderId: string,
  change: string,
  apply: () => Promise<void>,
): Promise<boolean> {
  const claim = await claimChange(firestore, orderId, change)
  if (!claim) return false
  await keepClaim(claim, apply)
  await claim.ref.update({ applied: true })
  return true
}

/**
 * Keeps `claim` while `work` runs: the marker's time is renewed every CLAIM_RENEW_MS, each renewal
 * on the condition that nobody else wrote the marker since this runner's last write.
 */
export async function keepClaim<T>(claim: ClaimedChange, work: () => Promise<T>): Promise<T> {
  let last = claim.writtenAt
  let renewing: Promise<void> = Promise.resolve()
  const timer = setInterval(() => {
    renewing = claim.ref
      .update({ at: Date.now() }, { lastUpdateTime: last })
      .then((result) => {
        last = result.writeTime
      })
      .catch(() => {
        // Taken over (this runner was presumed dead) or unreachable: the work goes on; it is idempotent.
      })
  }, CLAIM_RENEW_MS)
  try {
    return await work()
  } finally {
    clearInterval(timer)
    await renewing
  }
}

/**
 * The claim `once` makes: this change's marker, created (or taken over from a caller that stopped
 * half-way, after STALE_CHANGE_MS without a renewal) for this caller; undefined when someone else
 * has it or it is applied. Taking over is atomic: an update on the condition that the marker is
 * still the stale version read, so of two runners racing for it one wins. The caller applies the
 * change (keepClaim renews it meanwhile), then updates the marker to `applied: true`.
 */
export async function claimChange(
  firestore: Firestore,
  orderId: string,
  change: string,
): Promise<ClaimedChange | undefined> {
  const ref = subcollectionOf(bookingRef(firestore, orderId), 'transitions').doc(change)
  try {
    const created = await ref.create({ at: Date.now(), applied: false, ...expiry('transitions', Date.now()) })
    return { ref, writtenAt: created.writeTime }
  } catch (error) {
    if (!isAlreadyExists(error)) throw error
  }
  const existing = await ref.get()
  const marker = markers.one(existing)
  if (!marker || !existing.updateTime) return undefined
  if (marker.applied || Date.now() - marker.at < STALE_CHANGE_MS) return undefined
  try {
    const taken = await ref.update({ at: Date.now(), applied: false }, { lastUpdateTime: existing.updateTime })
    return { ref, writtenAt: taken.writeTime }
  } catch (error) {
    if (isFailedPrecondition(error) || isNotFound(error)) return undefined // another runner took it first
    throw error
  }
}

/** The date of a member's earliest confirmed booking, if any (the insights' returning members). */
export async function earliestConfirmedDate(firestore: Firestore, uid: string): Promise<string | undefined> {
  const found = await bookings(firestore)
    .where('user_id', '==', uid)
    .where('status', '==', 'confirmed')
    .orderBy('event_date')
    .limit(1)
    .get()
  return bookingRecords.all(found)[0]?.event_date
}

/** The pending bookings whose hold time has passed (the sweep ends them). */
export async function expiredPendingBookings(firestore: Firestore, now: number): Promise<BookingRecord[]> {
  const pending = bookingRecords.all(await bookings(firestore).where('status', '==', 'pending').get())
  return pending.filter((booking) => booking.hold_expires_at < now)
}

/** The bookings the reconciler is due to look at again, soonest first, at most `limit`. */
export const bookingsDueForRecheck = async (firestore: Firestore, now: number, limit: number) =>
  bookingRecords.all(await bookings(firestore).where('recheck_at', '<=', now).orderBy('recheck_at').limit(limit).get())

/** The member's bookings of one date, whatever their state. */
export const memberBookingsOfDate = async (firestore: Firestore, uid: string, eventId: string, date: string) =>
  bookingRecords.all(
    await bookings(firestore)
      .where('user_id', '==', uid)
      .where('event_id', '==', eventId)
      .where('event_date', '==', date)
      .get(),
  )

/** The paid bookings of these members (at most 30, as Firestore's `in` allows). */
export const paidBookingsOfMembers = async (firestore: Firestore, uids: readonly string[]) =>
  bookingRecords.all(await bookings(firestore).where('user_id', 'in', uids).where('status', '==', 'confirmed').get())

/** Whether this change of the booking has been applied (its marker says so). */
export async function isApplied(firestore: Firestore, orderId: string, change: string): Promise<boolean> {
  const marker = await subcollectionOf(bookingRef(firestore, orderId), 'transitions').doc(change).get()
  return markers.one(marker)?.applied === true
}

/**
 * True for the first caller in this booking's current window of `everyMs` (bookings/{orderId}/
 * gateway_reads/{window}); each window is one create().
 */
export async function mayAskGateway(
  firestore: Firestore,
  orderId: string,
  now: number,
  everyMs: number,
): Promise<boolean> {
  const window = Math.floor(now / everyMs)
  try {
    await subcollectionOf(bookingRef(firestore, orderId), 'gateway_reads')
      .doc(String(window))
      .create({ at: now, ...expiry('gateway_reads', now) })
    return true
  } catch (error) {
    if (isAlreadyExists(error)) return false
    throw error
  }
}
