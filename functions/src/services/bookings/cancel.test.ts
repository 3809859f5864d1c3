/**
 * cancelBooking against a fake Firestore and a fake Cashfree: the policy's refund at each tier,
 * the seat freed in every case, the receipt queued, and a cancel that is repeated, raced or
 * too late changing nothing more.
 */

import { BOOKING_MESSAGES } from '@yaari/domain/booking'
import { eventStartInstant } from '@yaari/domain/schedule'
import { describe, expect, it } from 'vitest'
import { mailId } from '../../lib/data/mail'
import { bookingWorld, EVENT } from '../../testing/booking-world'
import { refusal } from '../../testing/refusal'
import { refundIdFor } from '../refunds'
import { cancelBooking } from './cancel'
import { reconcileBooking } from './reconcile'
import { reconcilePayments } from './sweeps'

const HOUR = 3_600_000

/** A member's confirmed seat, the clock then set `hoursBefore` the event starts. */
async function confirmedAt(hoursBefore: number) {
  const world = bookingWorld()
  const { member, date, orderId } = await world.paidBooking()
  const start = eventStartInstant(date, EVENT.startTime).getTime()
  world.advance(start - hoursBefore * HOUR - world.now)
  const cancel = (uid = member.uid) => cancelBooking(world.deps, { uid }, { orderId })
  const refunds = () => world.gateway.calls.filter((call) => call.method === 'refund')
  return { world, member, date, orderId, cancel, refunds }
}

describe('cancelBooking', () => {
  it.each([
    [72, 499, 'all of it'],
    [30, 250, 'half (rounded to the rupee)'],
  ])('%i hours before: refunds %i (%s), frees the seat at once, queues the receipt', async (hours, amount) => {
    const { world, date, orderId, cancel, refunds } = await confirmedAt(hours)
    const { booking } = await cancel()
    expect(booking).toMatchObject({ status: 'cancelled', refund: { amount, status: 'pending', reason: 'cancelled' } })
    expect(world.gateway.refunds.get(refundIdFor(orderId))).toMatchObject({ refund_amount: amount })
    expect(refunds()).toHaveLength(1)
    expect(world.seats(date)).toEqual({})
    expect(world.firestore.dump('member_dates')).toEqual({})
    expect(world.firestore.read(`mail/${mailId(orderId, 'booking-cancelled')}`)).toMatchObject({ state: 'queued' })
  })

  it('10 hours before: nothing refunded, the seat still freed, and the member may book the date again', async () => {
    const { world, member, date, cancel, refunds } = await confirmedAt(10)
    expect((await cancel()).booking).toMatchObject({ status: 'cancelled' })
    expect((await cancel()).booking.refund).toBeUndefined()
    expect(refunds()).toEqual([])
    expect(world.seats(date)).toEqual({})
    expect(await world.book(member, date)).toHaveProperty('order_id')
  })

  it('a second cancel, two at once, or one racing the refund webhook: one refund, one change', async () => {
    const { world, orderId, cancel, refunds } = await confirmedAt(72)
    await Promise.all([cancel(), cancel(), reconcileBooking(world.deps, orderId)])
    await cancel()
    world.gateway.settleRefund(refundIdFor(orderId), 'SUCCESS')
    await Promise.all([reconcileBooking(world.deps, orderId), reconcileBooking(world.deps, orderId), cancel()])
    expect(refunds()).toHaveLength(1)
    expect(world.booking(orderId)).toMatchObject({ status: 'cancelled', refund: { status: 'succeeded', amount: 499 } })
    expect(world.bookings('cancelled')).toHaveLength(1)
  })

  it('a cancel cut off after recording its state, before freeing the seat: the reconciler frees it', async () => {
    const { world, date, orderId } = await confirmedAt(10)
    // What the cancel had written when its process died: the state, not yet the seat.
    await world.firestore.doc(`bookings/${orderId}`).update({ status: 'cancelled', seat: null, recheck_at: world.now })
    expect(Object.keys(world.seats(date))).toHaveLength(1)
    await reconcilePayments(world.deps)
    expect(world.seats(date)).toEqual({})
    expect(world.booking(orderId)).not.toHaveProperty('recheck_at')
  })

  it('is refused once the event has started, for a booking not confirmed, and for anyone but its owner', async () => {
    const late = await confirmedAt(-0.5)
    expect(await refusal(late.cancel())).toEqual({
      code: 'failed-precondition',
      message: BOOKING_MESSAGES.cancelAfterStart,
    })
    expect(late.world.booking(late.orderId)?.status).toBe('confirmed')

    const { world, cancel } = await confirmedAt(72)
    expect(await refusal(cancel('someone_else'))).toMatchObject({ code: 'not-found' })
    const other = await world.member()
    const pending = await world.book(other, world.dates[2]!)
    expect(await refusal(cancelBooking(world.deps, { uid: other.uid }, { orderId: pending.order_id }))).toEqual({
      code: 'failed-precondition',
      message: BOOKING_MESSAGES.notCancellable,
    })
  })
})
