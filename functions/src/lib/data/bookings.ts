/**
 * bookings/{orderId}: a member's booking, from its hold to its end (its one-time transitions are
 * transitions.ts). The only module that names the collection (dev/lint/data-owners.test.mjs);
 * every record is checked with its schema as it is read.
 */
import { BOOKING_STATUSES, type CashfreeMode, REFUND_REASONS, REFUND_STATES } from '@yaari/domain/booking'
import { type DocumentReference, FieldValue, type Firestore } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { isAlreadyExists } from '../claims'
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

/**
 * How many of a date's booking documents hold no booking record (written by hand, an older shape):
 * what reads the date's bookings cannot see them, so a step that must reach every booking (a
 * cancelled date's refunds) is not done while there is one.
 */
export async function unreadableBookingsOfDate(firestore: Firestore, eventId: string, date: string): Promise<number> {
  const snapshot = await bookings(firestore).where('event_id', '==', eventId).where('event_date', '==', date).get()
  return snapshot.docs.filter((doc) => bookingRecords.one(doc) === undefined).length
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

/**
 * The bookings the reconciler is due to look at again, soonest first, at most `limit`. A document
 * there that holds no booking (written by hand, an older shape) can never be reconciled: it leaves
 * the queue (the log names it) instead of taking one of the `limit` places in every run.
 */
export async function bookingsDueForRecheck(firestore: Firestore, now: number, limit: number) {
  const found = await bookings(firestore).where('recheck_at', '<=', now).orderBy('recheck_at').limit(limit).get()
  const due = bookingRecords.withIds(found)
  const kept = new Set(due.map(({ id }) => id))
  await Promise.all(
    found.docs.filter((doc) => !kept.has(doc.id)).map((doc) => doc.ref.update({ recheck_at: FieldValue.delete() })),
  )
  return due.map(({ record }) => record)
}

/**
 * A deleted member's bookings that hold no booking record (written by hand, an older shape): their
 * attendee's details go all the same, as they go from every other booking of theirs.
 */
export async function redactUnreadableBookingsOf(firestore: Firestore, uid: string): Promise<void> {
  const found = await bookings(firestore).where('user_id', '==', uid).get()
  const unreadable = found.docs.filter((doc) => bookingRecords.one(doc) === undefined)
  await Promise.all(unreadable.map((doc) => doc.ref.update({ attendee: {} })))
}

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
