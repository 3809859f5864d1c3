/**
 * Time-driven work on bookings, each a plain function of its dependencies and clock, run by the
 * schedules (schedules.ts lists them) and called by tests with a clock. Reads elsewhere never
 * free or send anything: what ran out is ended here.
 *
 * - sweepExpiredHolds: frees every hold whose time has passed, whatever left it behind (an
 *   abandoned checkout, a createBooking that died between two writes, a half-finished end, a
 *   waitlist offer not taken), ends the bookings behind them, and offers free seats to the
 *   members waiting for them.
 * - reconcilePayments: looks again at bookings that may still change (recheck_at), so a paid
 *   order whose webhook was lost, or that turned PAID after its hold ended, is settled.
 */

import type { YaariEvent } from '@yaari/domain/catalogue'
import { availableDates, istToday, runsOn } from '@yaari/domain/schedule'
import type { ExpiredClaim } from '../../lib/claims'
import { nowOf } from '../../lib/context'
import { type BookingRecord, bookingsDueForRecheck, expiredPendingBookings, readBooking } from '../../lib/data/bookings'
import { expiredDateClaims } from '../../lib/data/member-dates'
import { expiredHoldClaims } from '../../lib/data/member-holds'
import { expiredSeats } from '../../lib/data/seats'
import { warn } from '../../lib/log'
import { type BookingDeps, mapLimit, mapUntil } from '../../lib/records'
import { offerEverywhere, offerQuietly } from '../waitlist/offers'
import { reconcileBooking } from './reconcile'

/** How many bookings a job settles at once (each is a few Firestore and Cashfree calls). */
const CONCURRENCY = 4
/** The most bookings one reconcilePayments run looks at; the rest wait for the next run. */
const RECONCILE_BATCH = 200

async function reconcileQuietly(deps: BookingDeps, orderId: string): Promise<BookingRecord | undefined> {
  try {
    return await reconcileBooking(deps, orderId)
  } catch (error) {
    warn('reconcile-failed', { orderId, error: String(error) })
    return undefined
  }
}

/**
 * A claim (seat, unpaid-hold slot, member-date claim) whose hold time has passed: its booking
 * decides (reconcile frees it, or keeps it if the order turned out paid); a claim whose booking
 * was never written is simply deleted.
 */
async function freeExpiredClaim(deps: BookingDeps, claim: ExpiredClaim, now: number): Promise<boolean> {
  if (claim.orderId && (await readBooking(deps.firestore, claim.orderId))) {
    await reconcileQuietly(deps, claim.orderId)
  } else {
    if (!(await claim.freeIfStill(now))) return false
    // A seat no booking took (an offer that ran out, a booking that never got written): on to the line.
    if (claim.seat) await offerQuietly(deps, claim.seat.eventId, claim.seat.date)
  }
  return claim.gone()
}

/** The dates whose seats the sweep looks at: every date still bookable, and the past week's. */
function sweptDates(event: YaariEvent, now: number): string[] {
  const past: string[] = []
  const today = istToday(new Date(now))
  for (let days = 7; days >= 0; days--) {
    const date = istToday(new Date(now - days * 86_400_000))
    if (date <= today && runsOn(event, date)) past.push(date)
  }
  return [...new Set([...past, ...availableDates(event, new Date(now))])]
}

export interface SweepReport {
  holdsEnded: number
  claimsFreed: number
  /** Offers the closing pass made (those following a seat freed here were made as it was freed). */
  laterOffers: number
}

export async function sweepExpiredHolds(deps: BookingDeps): Promise<SweepReport> {
  const { catalogue } = deps
  const { firestore } = deps
  const now = nowOf(deps)
  // Pending bookings whose hold ran out: each ends (or is confirmed, if its payment arrived).
  const pending = await expiredPendingBookings(firestore, now)
  const { results: ended } = await mapUntil(
    pending,
    CONCURRENCY,
    (booking) => reconcileQuietly(deps, booking.order_id),
    deps.deadline ?? Number.POSITIVE_INFINITY,
  )
  // Whatever else still holds a seat or a claim past its time.
  const seats = (
    await Promise.all(
      catalogue.events.flatMap((event) =>
        sweptDates(event, now).map((date) => expiredSeats(firestore, event.id, date, now)),
      ),
    )
  ).flat()
  const claims = [...seats, ...(await expiredHoldClaims(firestore, now)), ...(await expiredDateClaims(firestore, now))]
  const freed = await mapLimit(claims, CONCURRENCY, (claim) => freeExpiredClaim(deps, claim, now))
  // Offers that ran out pass on, and any seat freed where no offer followed (a run cut off) is offered.
  const laterOffers = await offerEverywhere(deps)
  return {
    holdsEnded: ended.filter((booking) => booking && booking.status !== 'pending').length,
    claimsFreed: freed.filter(Boolean).length,
    laterOffers,
  }
}

export interface ReconcileReport {
  checked: number
  /** Due, but left for the next run (this run's time was up). */
  left: number
  confirmed: number
}

export async function reconcilePayments(deps: BookingDeps): Promise<ReconcileReport> {
  const now = nowOf(deps)
  const due = await bookingsDueForRecheck(deps.firestore, now, RECONCILE_BATCH)
  // Each may wait on Cashfree (15 s a call): what the job's time will not cover stays due for the next run.
  const { results: after, left } = await mapUntil(
    due,
    CONCURRENCY,
    (booking) => reconcileQuietly(deps, booking.order_id),
    deps.deadline ?? Number.POSITIVE_INFINITY,
  )
  return {
    checked: due.length - left,
    left,
    confirmed: after.filter((booking, i) => booking?.status === 'confirmed' && due[i]?.status !== 'confirmed').length,
  }
}
