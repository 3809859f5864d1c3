/**
 * A date the team cancels: nothing more can be booked, availability says so, and the job refunds
 * every confirmed member in full, ends every hold, tells everyone once, and refunds a payment that
 * lands on the date afterwards.
 */

import { BOOKING_MESSAGES } from '@yaari/domain/booking'
import { SEED } from '@yaari/domain/catalogue-seed'
import { describe, expect, it } from 'vitest'
import { mailId } from '../../lib/data/mail'
import { bookingWorld, EVENT } from '../../testing/booking-world'
import { refusal } from '../../testing/refusal'
import { getAvailability } from '../availability'
import { refundIdFor } from '../refunds'
import { cancelDate, settleCancelledDates } from './cancelled-dates'
import { reconcileBooking } from './reconcile'

async function cancelledWithBookings() {
  const world = bookingWorld()
  const paid = await world.paidBooking()
  const holder = await world.member()
  const held = await world.book(holder, paid.date)
  await cancelDate(world.firestore.asFirestore, SEED, {
    eventId: EVENT.id,
    eventDate: paid.date,
    reason: 'The venue flooded',
  })
  return { world, paid, holder, held, date: paid.date }
}

describe('a cancelled date', () => {
  it('takes no new booking, and shows as cancelled with no spots', async () => {
    const { world, date } = await cancelledWithBookings()
    expect(await refusal(world.book(await world.member(), date))).toEqual({
      code: 'failed-precondition',
      message: BOOKING_MESSAGES.dateCancelled,
    })
    const { events } = await getAvailability(world.deps, { eventId: EVENT.id })
    expect(events[0]?.dates.find((d) => d.date === date)).toMatchObject({ spotsLeft: 0, cancelled: true })
    expect(events[0]?.dates.find((d) => d.date !== date)).not.toHaveProperty('cancelled')
  })

  it('the job refunds the paid member in full, ends the hold and closes its order, frees every seat, tells both once', async () => {
    const { world, paid, held, date } = await cancelledWithBookings()
    expect(await settleCancelledDates(world.deps)).toMatchObject({ dates: 1, refunded: 1, holdsEnded: 1 })
    expect(await settleCancelledDates(world.deps)).toMatchObject({ dates: 0 })
    expect(world.booking(paid.orderId)).toMatchObject({
      status: 'cancelled',
      refund: { amount: 499, reason: 'date-cancelled' },
    })
    expect(world.gateway.refunds.get(refundIdFor(paid.orderId))).toMatchObject({ refund_amount: 499 })
    expect(world.booking(held.order_id)?.status).toBe('expired')
    expect(world.gateway.orders.get(held.order_id)?.order_status).toBe('TERMINATED')
    expect(world.seats(date)).toEqual({})
    const kinds = Object.values(world.firestore.dump('mail')).map((m) => `${m.order_id} ${m.kind}`)
    expect(kinds.sort()).toEqual(
      [`${paid.orderId} booking-confirmed`, `${paid.orderId} date-cancelled`, `${held.order_id} date-cancelled`].sort(),
    )
    expect(world.firestore.read(`mail/${mailId(held.order_id, 'payment-ended')}`)).toBeUndefined()
  })

  it('stays unsettled, and tells the team, while one of its booking documents holds no booking it can read', async () => {
    const { world, date } = await cancelledWithBookings()
    const odd = world.firestore.asFirestore.doc('bookings/yaari_odd')
    await odd.set({ event_id: EVENT.id, event_date: date, status: 'confirmed' })
    expect(await settleCancelledDates(world.deps)).toMatchObject({ dates: 1, refunded: 1, holdsEnded: 1 })
    expect(await settleCancelledDates(world.deps)).toMatchObject({ dates: 1 })
    await odd.delete()
    await settleCancelledDates(world.deps)
    expect(await settleCancelledDates(world.deps)).toMatchObject({ dates: 0 })
  })

  it('a payment that lands on the cancelled date later is refunded in full, never seated', async () => {
    const { world, held, date } = await cancelledWithBookings()
    await settleCancelledDates(world.deps)
    world.gateway.setStatus(held.order_id, 'ACTIVE')
    world.gateway.pay(held.order_id, world.at())
    await reconcileBooking(world.deps, held.order_id)
    expect(world.booking(held.order_id)).toMatchObject({
      status: 'refunded',
      refund: { amount: 499, reason: 'date-cancelled' },
    })
    expect(world.seats(date)).toEqual({})
  })

  it('the command refuses a date the event does not run on, and a missing reason', async () => {
    const world = bookingWorld()
    await expect(
      cancelDate(world.firestore.asFirestore, SEED, { eventId: EVENT.id, eventDate: '2026-12-01', reason: 'x' }),
    ).rejects.toThrow('eventDate is not a date this event runs on')
    await expect(
      cancelDate(world.firestore.asFirestore, SEED, { eventId: EVENT.id, eventDate: world.dates[1], reason: ' ' }),
    ).rejects.toThrow('reason is required')
  })
})
