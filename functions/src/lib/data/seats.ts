/**
 * A seat and the claims that guard it: the data module of a date's seat documents
 * (slots/{eventId}_{date}/seats/{n}, n = 1..capacity: the seat itself, never more than capacity; a
 * host's blocker is one too, marked blocked, so no booking takes its number), the only module that
 * names them (dev/lint/data-owners.test.mjs). Each claim is a create() of a document whose id is
 * what must be unique, which is atomic in Firestore and in the local stand-in (a read-then-write
 * transaction is not: the stand-in does not isolate them). The member's claims beside a seat are
 * member-dates.ts (one live booking per member and date) and member-holds.ts (a member's unpaid
 * holds across dates). Every claim carries its order_id and, while unpaid, hold_expires_at, so one
 * made just before a crash is found (by its order, or by its time having passed) and freed. Every
 * path that frees a seat goes through freeClaims, which says whether a seat came free: offering it
 * to the line is the caller's part (waitlist.releaseHold), so this file needs nothing above it.
 *
 * Reads never free anything: a seat whose hold time has passed simply does not count
 * (countLiveSeats, readSeats), and a booking that needs one takes it over (takeOverExpiredSeat).
 * Ending the booking behind it, and its mail, are the sweep's (sweeps.ts).
 */
import { FieldValue, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore'
import * as v from 'valibot'
import {
  ClaimSchema,
  claimFirst,
  deleteIfOurs,
  deleteIfStill,
  expiredClaim,
  isAlreadyExists,
  isLive,
  isNotFound,
} from '../claims'
import { seatClaims } from '../collections'
import { checkedReader } from '../documents'
import { expiry } from '../retention'
import type { BookingRecord } from './bookings'
import { type DatedEvent, readDateSettings } from './date-settings'
import { keepMemberDate, releaseMemberDate } from './member-dates'
import { releaseHoldSlot } from './member-holds'

export type HoldOwner = Pick<BookingRecord, 'order_id' | 'user_id' | 'event_id' | 'event_date'>

const SEAT_STATES = ['held', 'offered', 'taken', 'blocked'] as const
const SeatSchema = v.object({
  ...ClaimSchema.entries,
  status: v.optional(v.picklist(SEAT_STATES)),
  blocked_at: v.optional(v.number()),
})
type SeatRecord = v.InferOutput<typeof SeatSchema>
/** A seat document of a date: its number and record (`snapshot`: the version it was read at). */
export interface Seat {
  n: number
  record: SeatRecord
  snapshot: QueryDocumentSnapshot
}

const seatRecords = checkedReader('seats', SeatSchema)
const seatsIn = (snapshots: readonly QueryDocumentSnapshot[]): Seat[] =>
  snapshots.flatMap((snapshot) => {
    const record = seatRecords.one(snapshot)
    return record ? [{ n: Number(snapshot.id), record, snapshot }] : []
  })

const seatRefs = (firestore: Firestore, eventId: string, date: string, capacity: number) => {
  const seats = seatClaims(firestore, eventId, date)
  return Array.from({ length: capacity }, (_, i) => seats.doc(String(i + 1)))
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
export async function seatsOf(firestore: Firestore, owner: HoldOwner): Promise<Seat[]> {
  const snapshot = await seatClaims(firestore, owner.event_id, owner.event_date)
    .where('order_id', '==', owner.order_id)
    .get()
  return seatsIn(snapshot.docs)
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
    Promise.all(seats.map((seat) => deleteIfOurs(seat.snapshot.ref, owner.order_id))),
    releaseHoldSlot(firestore, owner),
    releaseMemberDate(firestore, owner),
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
  return { settings, seats: seatsIn(snapshot.docs) }
}

/**
 * This date's seats for a booking about to claim one, in one read (at most capacity documents):
 * how many count, the numbers they hold, and the seats whose hold time has passed.
 */
export async function readSeats(firestore: Firestore, event: DatedEvent, date: string, now: number) {
  const { settings, seats } = await readDateSeats(firestore, event, date)
  const live = seats.filter((seat) => isLive(seat.record, now))
  return {
    ...settings,
    live: live.length,
    taken: new Set(live.map((seat) => seat.n)),
    expired: seats.filter((seat) => !isLive(seat.record, now)),
  }
}

/**
 * Clears a seat whose hold time has passed (if it still has, and is still the same order's when
 * looked at again), so a booking can claim its number. Only the seat: the booking that held it is
 * ended by the sweep, whose reconcile finds its seat gone (and, were it paid after all, gives it
 * another seat or its money back).
 */
export async function takeOverExpiredSeat(seat: Seat, now: number): Promise<void> {
  await deleteIfStill(seat.snapshot.ref, (fresh) => {
    const record = seatRecords.one(fresh)
    return record !== undefined && !isLive(record, now) && record.order_id === seat.record.order_id
  })
}

/**
 * The seat offered to a waiting member, taken by their booking (which carries the offer's order
 * id): its hold becomes the booking's. Undefined when the offer's seat is gone (it ran out).
 */
export async function takeOfferedSeat(firestore: Firestore, owner: HoldOwner, holdExpiresAt: number) {
  const seat = (await seatsOf(firestore, owner))[0]
  if (!seat) return undefined
  try {
    await seat.snapshot.ref.update({ status: 'held', hold_expires_at: holdExpiresAt })
  } catch (error) {
    if (isNotFound(error)) return undefined
    throw error
  }
  return seat.n
}

/**
 * A booking made with an offer failed before it reached Cashfree: the seat goes back to being
 * the member's offer (until the offer's own time), the rest of what the booking claimed is freed.
 */
export async function returnToOffer(firestore: Firestore, owner: HoldOwner, offerExpiresAt: number): Promise<void> {
  const seats = await seatsOf(firestore, owner)
  await Promise.all([
    ...seats.map((seat) => seat.snapshot.ref.update({ status: 'offered', hold_expires_at: offerExpiresAt })),
    releaseHoldSlot(firestore, owner),
    releaseMemberDate(firestore, owner),
  ])
}

/**
 * A paid booking keeps its seat for good: the seat and the member-date claim lose their hold
 * time (no sweep will free them), and the unpaid-hold slot goes back to the member.
 */
export async function keepSeat(firestore: Firestore, owner: HoldOwner, seat: number): Promise<void> {
  const seatRef = seatClaims(firestore, owner.event_id, owner.event_date).doc(String(seat))
  await seatRef.update({ status: 'taken', hold_expires_at: FieldValue.delete() })
  await keepMemberDate(firestore, owner)
  await releaseHoldSlot(firestore, owner)
}

/** Whether a seat is a host's blocker. */
export const isBlocked = (seat: Seat) => seat.record.status === 'blocked'

/**
 * Blocks seat number `n` of a date for a host (a create(), racing fairly with a booking for the
 * same number): whether this call blocked it.
 */
export async function blockSeat(firestore: Firestore, eventId: string, date: string, n: number, now: number) {
  try {
    await seatClaims(firestore, eventId, date)
      .doc(String(n))
      .create({
        status: 'blocked',
        order_id: `blocked_${eventId}_${date}_${n}`,
        user_id: '',
        blocked_at: now,
        ...expiry('seats', now, date),
      })
    return true
  } catch (error) {
    if (!isAlreadyExists(error)) throw error
    return false
  }
}

/** Gives blocked seat numbers back (or takes back the blockers a change made). */
export async function unblockSeats(firestore: Firestore, eventId: string, date: string, numbers: readonly number[]) {
  await Promise.all(numbers.map((n) => seatClaims(firestore, eventId, date).doc(String(n)).delete()))
}

/** How many of a date's seats a host has blocked (an aggregation count). */
export async function countBlockedSeats(firestore: Firestore, eventId: string, date: string): Promise<number> {
  const blocked = seatClaims(firestore, eventId, date).where('status', '==', 'blocked')
  return (await blocked.count().get()).data().count
}

/** How many of a date's seat documents exist (paid, held, offered or blocked; expired ones until swept). */
export async function countSeatDocuments(firestore: Firestore, eventId: string, date: string): Promise<number> {
  return (await seatClaims(firestore, eventId, date).count().get()).data().count
}

/** The bookings kept for accounting name `to` instead of the member on their seats (their account is deleted). */
export async function renameSeatHolder(firestore: Firestore, owner: HoldOwner, to: string): Promise<void> {
  const seats = await seatsOf(firestore, owner)
  await Promise.all(seats.map((seat) => seat.snapshot.ref.update({ user_id: to })))
}

/** The seats of a date whose hold time has passed. */
export async function expiredSeats(firestore: Firestore, eventId: string, date: string, now: number) {
  const found = await seatClaims(firestore, eventId, date).where('hold_expires_at', '<', now).get()
  return found.docs.map((snapshot) => expiredClaim(snapshot, { eventId, date }))
}
