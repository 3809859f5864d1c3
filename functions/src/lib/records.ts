/**
 * The booking record in Firestore (bookings/{orderId}) and what every booking module shares:
 * the dependencies a handler takes, its clock, and `once`, which makes a state change of a
 * booking happen exactly once whoever races to apply it.
 */

import {
  type BookingStatus,
  type CashfreeMode,
  cancelledDatePath,
  type RefundReason,
  type RefundState,
} from '@yaari/domain/booking'
import type { Catalogue } from '@yaari/domain/catalogue'
import { errorCode } from '@yaari/domain/error-code'
import type { DocumentReference, Firestore, Timestamp } from 'firebase-admin/firestore'
import type { PaymentGateway } from './cashfree'
import { isAlreadyExists, isFailedPrecondition } from './claims'
import { collectionOf, refs, subcollectionOf } from './collections'
import { reader } from './documents'
import { expiry } from './retention'

export { isAlreadyExists, isFailedPrecondition }

export interface RefundRecord {
  /** Ours, sent to Cashfree as its idempotent refund id. */
  refund_id: string
  amount: number
  reason: RefundReason
  status: RefundState
  requested_at: number
  updated_at: number
  /** Requests Cashfree did not accept (network or API errors); retried by the reconciler. */
  attempts: number
}

/** A dispute on a booking's payment, as Cashfree reports it (the booking keeps its seat meanwhile). */
export interface DisputeRecord {
  dispute_id: string
  /** DISPUTE, CHARGEBACK, RETRIEVAL, PRE_ARBITRATION, ARBITRATION. */
  type: string
  /** Cashfree's dispute_status: DISPUTE_CREATED, CHARGEBACK_UNDER_REVIEW, CHARGEBACK_MERCHANT_LOST, ... */
  status: string
  amount: number | null
  /** When evidence is due (Cashfree's text, IST), if it said. */
  respond_by: string | null
}

export interface BookingRecord {
  order_id: string
  user_id: string
  event_id: string
  event_date: string
  tier: string
  /** The price it was sold at, in rupees: a later change of the catalogue's price never touches it. */
  amount: number
  /** The catalogue version the price came from (absent on bookings made before the catalogue was data). */
  catalogue_version?: number
  /** Set once the seat claim is recorded; a claim made just before a crash is found by its order_id. */
  seat: number | null
  status: BookingStatus
  /** Null until Cashfree's order exists: a record without one never reached checkout. */
  payment_session_id: string | null
  /** The Cashfree environment of the order (absent on bookings made before it was recorded). */
  cashfree_mode?: CashfreeMode
  hold_expires_at: number
  created_at: number
  paid_at?: number
  ended_at?: number
  /** When the member (or the team, for the whole date) cancelled. */
  cancelled_at?: number
  /** When the guest was checked in at the door (the admission's time); absent until then, or after an undo. */
  checked_in_at?: number
  /** Where the door was not used: a host marked this guest as come (never a door check-in). */
  came_marked?: { at: number; by: string }
  /** Once the morning after asked this guest how the evening was: when that closes (ms). */
  after_closes_at?: number
  /** A door phone let this booking's guest in while it was not paid (refunded, cancelled): never an admission. */
  door_refused_entry?: { at: number; door: string; state: 'refunded' | 'cancelled' | 'unpaid' }
  /** A host cancelled this seat (a full refund), and the reason the member was told. */
  host_cancel_reason?: string
  /** The team cancelled the date while this booking was pending (its hold ended for that). */
  date_cancelled?: boolean
  /** The member deleted their account: its personal fields are gone, its hold ended, no more mail about it. */
  account_deleted_at?: number
  /** The latest payment attempt Cashfree reported (by its time), while pending. */
  last_attempt?: { status: string; at: string | null }
  refund?: RefundRecord
  /** Disputes (chargebacks) the member's bank raised on the payment, as Cashfree last described them. */
  disputes?: DisputeRecord[]
  /** When the reconciler looks at this booking next; absent once nothing can change any more. */
  recheck_at?: number
  attendee: Record<string, unknown>
}

/** The steps of createBooking, in order; fault-injection tests stop the handler at each. */
export const CREATE_BOOKING_STEPS = [
  'member-date-claimed',
  'booking-recorded',
  'hold-slot-claimed',
  'seat-claimed',
  'seat-recorded',
  'order-created',
  'session-recorded',
] as const
export type CreateBookingStep = (typeof CREATE_BOOKING_STEPS)[number]

export interface BookingDeps {
  firestore: Firestore
  /** The published catalogue, read once for the request or the job's run (lib/catalogue.ts). */
  catalogue: Catalogue
  gateway: PaymentGateway
  /** Where the member's browser comes back after checkout, e.g. https://yaari.app */
  appOrigin: string
  /** The Cashfree environment `gateway` talks to; the browser opens checkout in the same one. */
  cashfreeMode: CashfreeMode
  now?: () => Date
  /** For a scheduled job: when it must stop taking new items (handlers/sizing.ts `jobDeadline`). */
  deadline?: number
  /**
   * Called after each step of createBooking. Production leaves it out; fault-injection tests
   * throw here (a failed write) or never return (the process died).
   */
  failpoint?: (step: CreateBookingStep) => void | Promise<void>
}

export const nowOf = (deps: Pick<BookingDeps, 'now'>): number => (deps.now ?? (() => new Date()))().getTime()

export const bookingRef = (firestore: Firestore, orderId: string): DocumentReference => refs.booking(firestore, orderId)

/** The documents of bookings/ as booking records. */
export const bookingRecords = reader<BookingRecord>()

export async function readBooking(firestore: Firestore, orderId: string): Promise<BookingRecord | undefined> {
  return bookingRecords.one(await bookingRef(firestore, orderId).get())
}

/** Every booking of a date, whatever its state. */
export async function bookingsOfDate(firestore: Firestore, eventId: string, date: string): Promise<BookingRecord[]> {
  const snapshot = await collectionOf(firestore, 'bookings')
    .where('event_id', '==', eventId)
    .where('event_date', '==', date)
    .get()
  return bookingRecords.all(snapshot)
}

/** The paid bookings of a date. */
export async function paidBookingsOfDate(
  firestore: Firestore,
  eventId: string,
  date: string,
): Promise<BookingRecord[]> {
  const snapshot = await collectionOf(firestore, 'bookings')
    .where('event_id', '==', eventId)
    .where('event_date', '==', date)
    .where('status', '==', 'confirmed')
    .get()
  return bookingRecords.all(snapshot)
}

/** Money that came in for a booking, and what went back to the member (rupees; a failed refund is not back). */
export const paidIn = (booking: BookingRecord) => (booking.paid_at !== undefined ? booking.amount : 0)
export const paidBack = (booking: BookingRecord) =>
  booking.refund && booking.refund.status !== 'failed' ? booking.refund.amount : 0

/** Whether a paid booking's guest came: the door checked them in, or a host marked them. */
export const came = (booking: BookingRecord) =>
  booking.status === 'confirmed' && (booking.checked_in_at !== undefined || booking.came_marked !== undefined)

/** Every booking a member made, whatever its state. */
export async function bookingsOfMember(firestore: Firestore, uid: string): Promise<BookingRecord[]> {
  return bookingRecords.all(await collectionOf(firestore, 'bookings').where('user_id', '==', uid).get())
}

/** The paid bookings of these dates, of every event. */
export async function paidBookingsOn(firestore: Firestore, dates: string[]): Promise<BookingRecord[]> {
  const snapshot = await collectionOf(firestore, 'bookings').where('event_date', 'in', dates).get()
  return bookingRecords.all(snapshot).filter((booking) => booking.status === 'confirmed')
}

/** gRPC NOT_FOUND: update() found no document. */
export const isNotFound = (error: unknown) => errorCode(error) === 5

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
  if (!existing.exists || !existing.updateTime) return undefined
  if (existing.get('applied') !== false || Date.now() - Number(existing.get('at')) < STALE_CHANGE_MS) return undefined
  try {
    const taken = await ref.update({ at: Date.now(), applied: false }, { lastUpdateTime: existing.updateTime })
    return { ref, writtenAt: taken.writeTime }
  } catch (error) {
    if (isFailedPrecondition(error) || isNotFound(error)) return undefined // another runner took it first
    throw error
  }
}

/** gRPC FAILED_PRECONDITION: a write's condition (the document's update time) did not hold. */
/** The date of a member's earliest confirmed booking, if any (the insights' returning members). */
export async function earliestConfirmedDate(firestore: Firestore, uid: string): Promise<string | undefined> {
  const found = await collectionOf(firestore, 'bookings')
    .where('user_id', '==', uid)
    .where('status', '==', 'confirmed')
    .orderBy('event_date')
    .limit(1)
    .get()
  return bookingRecords.all(found)[0]?.event_date
}

/** Runs `fn` over `items`, at most `limit` at a time. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const { results } = await mapUntil(items, limit, fn, Number.POSITIVE_INFINITY)
  return results as R[]
}

/**
 * Runs `fn` over `items`, at most `limit` at a time, starting none after `deadline` (ms since
 * 1970): a job that must end inside its timeout leaves the rest, still due, to its next run. The
 * result of each item started (undefined for the rest) and how many were left.
 */
export async function mapUntil<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
  deadline: number,
): Promise<{ results: (R | undefined)[]; left: number }> {
  const results: (R | undefined)[] = new Array(items.length).fill(undefined)
  let next = 0
  const worker = async () => {
    while (next < items.length && Date.now() < deadline) {
      const index = next++
      results[index] = await fn(items[index] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return { results, left: items.length - next }
}

/** Whether the team has cancelled this date (`npm run cancel-date`). */
export async function isDateCancelled(firestore: Firestore, eventId: string, date: string): Promise<boolean> {
  return (await firestore.doc(cancelledDatePath(eventId, date)).get()).exists
}

/** Which of these dates of one event the team has cancelled (one read for all). */
export async function cancelledAmong(firestore: Firestore, eventId: string, dates: string[]): Promise<Set<string>> {
  if (dates.length === 0) return new Set()
  const snapshots = await firestore.getAll(...dates.map((date) => firestore.doc(cancelledDatePath(eventId, date))))
  return new Set(dates.filter((_, i) => snapshots[i]?.exists))
}
