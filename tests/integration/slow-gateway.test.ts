/**
 * Cashfree answering past the window after which another runner may take over a change
 * (STALE_CHANGE_MS: 30 s in production, checked in records.test.ts; here its test hook,
 * YAARI_STALE_CHANGE_MS, makes it 2 s, and Cashfree answers after 5 s, as 35 s would after 30):
 * the payment stand-in slows exactly the requests named, while the functions' own code (in
 * this process, its gateway timeout raised to a minute so the answer is late rather than lost)
 * races other runners for the same booking.
 * - A cancel whose refund waits past the window keeps its claim (renewed), so nobody takes the
 *   change over: one refund at Cashfree, the seat freed once.
 * - A paid booking reconciled by a runner whose gateway answers past the window while another
 *   settles it: one seat, one confirmation.
 */
import { vi } from 'vitest'

vi.hoisted(() => {
  process.env.YAARI_GATEWAY_TIMEOUT_MS = '60000'
  process.env.YAARI_STALE_CHANGE_MS = '2000'
})

import { seatsCollectionPath } from '@yaari/domain/availability'
import { bookingRequest } from '@yaari/domain/booking.fixture'
import { eventStartInstant } from '@yaari/domain/schedule'
import { describe, expect, it } from 'vitest'
import { standinControl } from '../../dev/lib/config.mjs'
import { CLAIM_RENEW_MS, claimChange, STALE_CHANGE_MS } from '../../functions/src/lib/data/transitions'
import { cancelBooking } from '../../functions/src/services/bookings/cancel'
import { createBooking } from '../../functions/src/services/bookings/create'
import { reconcileBooking } from '../../functions/src/services/bookings/reconcile'
import { adminDb, bookableDates, paidBooking, profiledMember, stackDeps } from './helpers'
import { ownEvent } from './own-events'

// Events of this file's own (own-events.ts): files run side by side never share a date.
const firstHello = await ownEvent('first-hello-stranger-meetup')

const event = firstHello
/** How late Cashfree answers: well past the takeover window (its checks below fall in between). */
const LATE_MS = 5_000
/** The cancel's claim on its change (records.ts `claimChange`). */
const marker = (orderId: string) =>
  adminDb().collection('bookings').doc(orderId).collection('transitions').doc('cancelled')
const seatsOfOrder = async (date: string, orderId: string) =>
  (await adminDb().collection(seatsCollectionPath(event.id, date)).where('order_id', '==', orderId).get()).size

describe('Cashfree answering past the takeover window', () => {
  it('a change is applied once: a slow refund keeps its claim, a slow reconcile gives no second seat', async () => {
    expect(STALE_CHANGE_MS).toBe(2_000)
    const date = bookableDates(event)[4]!
    // A confirmed seat its member cancels 72 hours ahead (a full refund).
    const cancelled = await paidBooking(event.id, date)
    // A paid booking whose webhook never got through: still pending, paid at Cashfree.
    const member = await profiledMember()
    const { order_id: paidId } = await createBooking(stackDeps(), member, bookingRequest(event.id, date))
    expect((await standinControl(`/orders/${paidId}/pay`, { signature: 'bad', retries: 0 })).ok).toBe(true)
    expect((await adminDb().doc(`bookings/${paidId}`).get()).get('status')).toBe('pending')

    const fault = await standinControl('/faults', {
      mode: 'slow',
      delayMs: LATE_MS,
      count: 2,
      match: `POST /pg/orders/${cancelled.orderId}/refunds|GET /pg/orders/${paidId}`,
    })
    expect(fault.ok).toBe(true)
    try {
      const start = eventStartInstant(date, event.startTime).getTime()
      const cancelling = cancelBooking(stackDeps({ now: () => new Date(start - 72 * 3_600_000) }), cancelled.member, {
        orderId: cancelled.orderId,
      })
      const slowReconcile = reconcileBooking(stackDeps(), paidId)
      // Until the window has passed since the cancel claimed its change (and it has renewed the claim since).
      const claimed = marker(cancelled.orderId)
      await vi.waitUntil(async () => (await claimed.get()).exists, { timeout: 5_000, interval: 20 })
      const claimedAt = Date.now()
      await vi.waitUntil(() => Date.now() > claimedAt + STALE_CHANGE_MS + CLAIM_RENEW_MS, {
        timeout: 2 * STALE_CHANGE_MS,
        interval: 50,
      })

      // Past the window: the slow runner has renewed its marker (after the claim), so it cannot be taken over.
      expect(Number((await claimed.get()).get('at'))).toBeGreaterThan(claimedAt)
      expect((await claimed.get()).get('applied')).toBe(false) // still at work, not done: the refusal is the renewal's
      expect(await claimChange(adminDb(), cancelled.orderId, 'cancelled')).toBeUndefined()
      // Other runners meanwhile: the reconciler on both bookings (the paid one it confirms).
      await reconcileBooking(stackDeps(), cancelled.orderId)
      expect((await reconcileBooking(stackDeps(), paidId))?.status).toBe('confirmed')

      const { booking } = await cancelling
      expect(booking).toMatchObject({ status: 'cancelled', refund: { amount: expect.any(Number) } })
      expect((await slowReconcile)?.status).toBe('confirmed')
    } finally {
      await standinControl('/faults', { mode: 'none' })
    }

    // One refund at Cashfree, the seat freed; one seat for the paid booking, one confirmation.
    expect(await stackDeps().gateway.getRefunds(cancelled.orderId)).toHaveLength(1)
    expect(await seatsOfOrder(date, cancelled.orderId)).toBe(0)
    expect(await seatsOfOrder(date, paidId)).toBe(1)
    const confirmations = await adminDb().collection('mail').where('order_id', '==', paidId).get()
    expect(confirmations.docs.filter((doc) => doc.get('kind') === 'booking-confirmed')).toHaveLength(1)
  }, 120_000)
})
