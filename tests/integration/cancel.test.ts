/**
 * cancelBooking against the running stack's Firestore stand-in and payment stand-in, called in
 * this process to set its clock: the policy's refund at 72, 30 and 10 hours before, the seat
 * freed each time, and a cancel racing Cashfree's refund webhooks (to the real cashfreeWebhook)
 * settling once.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { seatsCollectionPath } from '@yaari/domain/availability'
import { BOOKING_MESSAGES, cancelledDatePath } from '@yaari/domain/booking'
import { bookingRequest } from '@yaari/domain/booking.fixture'
import { SEED_EVENTS } from '@yaari/domain/catalogue-seed'
import { eventStartInstant } from '@yaari/domain/schedule'
import { describe, expect, it } from 'vitest'
import { standinControl } from '../../dev/lib/config.mjs'
import { runStackJob } from '../../dev/lib/scheduler.mjs'
import { cancelBooking } from '../../functions/src/services/bookings/cancel'
import { createBooking } from '../../functions/src/services/bookings/create'
import { reconcileBooking } from '../../functions/src/services/bookings/reconcile'
import { refundIdFor } from '../../functions/src/services/refunds'
import { adminDb, bookableDates, profiledMember, stackDeps } from './helpers'

const event = SEED_EVENTS[0]!
const HOUR = 3_600_000

/** A member's paid, confirmed seat on `date`. */
async function confirmed(date: string) {
  const member = await profiledMember()
  const { order_id: orderId } = await createBooking(stackDeps(), member, bookingRequest(event.id, date))
  expect((await standinControl(`/orders/${orderId}/pay`)).ok).toBe(true)
  expect((await reconcileBooking(stackDeps(), orderId))?.status).toBe('confirmed')
  const start = eventStartInstant(date, event.startTime).getTime()
  const cancelAt = (hoursBefore: number) =>
    cancelBooking(stackDeps({ now: () => new Date(start - hoursBefore * HOUR) }), member, { orderId })
  const seatsOfOrder = async () =>
    (await adminDb().collection(seatsCollectionPath(event.id, date)).where('order_id', '==', orderId).get()).size
  return { member, orderId, cancelAt, seatsOfOrder }
}

describe('cancelling a booking', () => {
  it.each([
    [72, 499, '₹499'],
    [30, 250, '₹250'],
    [10, undefined, 'nothing'],
  ])('%i hours before the start: refunded %s (%s), the seat freed', async (hours, refunded, _words) => {
    const { orderId, cancelAt, seatsOfOrder } = await confirmed(bookableDates(event)[3]!)
    expect(await seatsOfOrder()).toBe(1)
    const { booking } = await cancelAt(hours)
    expect(booking.status).toBe('cancelled')
    expect(booking.refund?.amount).toBe(refunded)
    expect(await seatsOfOrder()).toBe(0)
    if (refunded) {
      const refund = await stackDeps().gateway.getRefund(orderId, refundIdFor(orderId))
      expect(refund).toMatchObject({ refund_amount: refunded })
    }
  })

  it("a cancel racing Cashfree's refund webhooks (three copies) and a second cancel settles once", async () => {
    const { orderId, cancelAt } = await confirmed(bookableDates(event)[4]!)
    await cancelAt(72)
    await Promise.all([
      standinControl(`/orders/${orderId}/refunds/${refundIdFor(orderId)}/settle`, { status: 'SUCCESS', copies: 3 }),
      cancelAt(71),
      reconcileBooking(stackDeps(), orderId),
    ])
    await reconcileBooking(stackDeps(), orderId)
    const booking = (await adminDb().doc(`bookings/${orderId}`).get()).data()
    expect(booking).toMatchObject({
      status: 'cancelled',
      refund: { amount: 499, status: 'succeeded', reason: 'cancelled' },
    })
    const transitions = await adminDb().collection(`bookings/${orderId}/transitions`).get()
    expect(transitions.docs.filter((doc) => doc.id === 'cancelled')).toHaveLength(1)
    const mail = await adminDb().collection('mail').where('order_id', '==', orderId).get()
    expect(mail.docs.map((doc) => doc.get('kind')).sort()).toEqual(['booking-cancelled', 'booking-confirmed'])
  })
})

describe('the team cancelling a date', () => {
  it("the command, then the stack's job: the paid member refunded in full, the hold ended, no more bookings", async () => {
    const sunday = SEED_EVENTS[1]!
    const date = bookableDates(sunday).at(-1)!
    const payer = await profiledMember()
    const paid = await createBooking(stackDeps(), payer, bookingRequest(sunday.id, date))
    await standinControl(`/orders/${paid.order_id}/pay`)
    await reconcileBooking(stackDeps(), paid.order_id)
    const held = await createBooking(stackDeps(), await profiledMember(), bookingRequest(sunday.id, date))

    // The team's own command (`npm run cancel-date`, as `npm run build` built it), at the local stack.
    const { GOOGLE_CLOUD_PROJECT: _, ...local } = process.env
    const { stdout } = await promisify(execFile)(
      'node',
      ['dev/ops.mjs', 'cancel-date', '--event', sunday.id, '--date', date, '--reason', 'The venue flooded'],
      { env: local },
    )
    expect(stdout).toContain(`Cancelled cancelled_dates/${sunday.id}_${date}`)
    const refused = await createBooking(stackDeps(), await profiledMember(), bookingRequest(sunday.id, date)).catch(
      (error: { message: string }) => error.message,
    )
    expect(refused).toBe(BOOKING_MESSAGES.dateCancelled)

    expect(await runStackJob('settleCancelledDates')).toMatchObject({ refunded: 1, holdsEnded: 1 })
    const status = async (orderId: string) => (await adminDb().doc(`bookings/${orderId}`).get()).data()
    expect(await status(paid.order_id)).toMatchObject({
      status: 'cancelled',
      refund: { amount: sunday.prices.girls, reason: 'date-cancelled' },
    })
    expect((await status(held.order_id))?.status).toBe('expired')
    expect((await adminDb().collection(seatsCollectionPath(sunday.id, date)).get()).size).toBe(0)
    await adminDb().doc(cancelledDatePath(sunday.id, date)).delete() // open again for later tests
  })
})
