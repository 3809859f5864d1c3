/**
 * A second createBooking for a date the member already has a claim on (a double click, a retry):
 * it answers with the first booking's checkout, refuses, or frees a stale claim to start afresh.
 */
import { BOOKING_MESSAGES, type CreateBookingResponse } from '@yaari/domain/booking'
import { HttpsError } from 'firebase-functions/v2/https'
import type { Claim } from '../../lib/claims'
import { readBooking } from '../../lib/data/bookings'
import type { HoldOwner } from '../../lib/data/seats'
import { STALE_CHANGE_MS } from '../../lib/data/transitions'
import type { BookingDeps } from '../../lib/records'
import { releaseHold } from '../waitlist/offers'
import { reconcileBooking } from './reconcile'

/** How long a second call waits for the first one's checkout session (a double click). */
const IN_FLIGHT_WAIT_MS = 8_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The answer for a date the member already has a claim on: that booking's checkout while its
 * hold lasts, a refusal if it is paid or at another price, or undefined when the claim turned
 * out stale (its booking ended or never got written) and is gone now, to be claimed afresh.
 */
export async function existingBooking(
  deps: BookingDeps,
  owner: HoldOwner,
  tier: string,
  claim: Claim & { created_at?: number },
  now: number,
): Promise<CreateBookingResponse | undefined> {
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS
  for (;;) {
    const booking = await readBooking(deps.firestore, claim.order_id)
    if (!booking) {
      // The other call is between its claim and its record, or died there.
      if (now - (claim.created_at ?? 0) > STALE_CHANGE_MS) {
        await releaseHold(deps, { ...owner, order_id: claim.order_id })
        return undefined
      }
      if (Date.now() > deadline) throw new HttpsError('unavailable', BOOKING_MESSAGES.gatewayError)
      await sleep(250)
      continue
    }
    if (booking.status === 'confirmed') throw new HttpsError('already-exists', BOOKING_MESSAGES.alreadyBooked)
    if (booking.status !== 'pending') {
      // Ended, but its claims were not all freed yet.
      await releaseHold(deps, booking)
      return undefined
    }
    if (now > booking.hold_expires_at) {
      await reconcileBooking(deps, booking.order_id)
      return undefined
    }
    if (booking.tier !== tier) throw new HttpsError('failed-precondition', BOOKING_MESSAGES.heldAtOtherPrice)
    if (booking.payment_session_id) {
      return {
        order_id: booking.order_id,
        payment_session_id: booking.payment_session_id,
        cashfree_mode: booking.cashfree_mode ?? deps.cashfreeMode,
        kept_answers: {}, // kept, if they were, when this order was made
      }
    }
    if (Date.now() > deadline) throw new HttpsError('unavailable', BOOKING_MESSAGES.gatewayError)
    await sleep(250)
  }
}
