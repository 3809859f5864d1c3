/**
 * Refunds made in Cashfree's dashboard and disputes raised by a member's bank, against a fake
 * Firestore and a fake Cashfree: what ends a booking and what only flags it, and each applied once.
 */

import { describe, expect, it, vi } from 'vitest'

const logged = vi.hoisted(() => ({ errors: [] as { event: string; fields: Record<string, unknown> }[] }))
vi.mock('firebase-functions/logger', () => ({
  error: (event: string, fields: Record<string, unknown>) => logged.errors.push({ event, fields }),
  warn: () => undefined,
  info: () => undefined,
}))

import { bookingWorld } from '../../testing/booking-world'
import { cancelConfirmed } from './cancel'
import { applyRefundsMadeElsewhere, recordDisputes } from './outside'
import { reconcileBooking } from './reconcile'

/** A member with a paid, confirmed seat on the second date. */
async function confirmed() {
  const world = bookingWorld()
  const member = await world.member()
  const date = world.dates[1]!
  const { order_id: orderId } = await world.book(member, date)
  world.gateway.pay(orderId, world.at())
  const booking = await reconcileBooking(world.deps, orderId)
  expect(booking?.status).toBe('confirmed')
  return { world, date, orderId, booking: booking! }
}

describe('a refund made in the dashboard', () => {
  it('in full: the booking is refunded, its seat freed, the member mailed once; again, nothing more', async () => {
    const { world, date, orderId, booking } = await confirmed()
    world.gateway.dashboardRefund(orderId, booking.amount)
    expect(await applyRefundsMadeElsewhere(world.deps, orderId)).toBe(true)
    const after = world.firestore.dump('bookings')[orderId]
    expect(after).toMatchObject({
      status: 'refunded',
      seat: null,
      refund: { refund_id: 'dashboard_1', amount: booking.amount, reason: 'refunded-by-team', status: 'succeeded' },
    })
    expect(world.seats(date)).toEqual({})
    expect(Object.values(world.firestore.dump('mail')).map((mail) => mail.kind)).toContain('refund-issued')
    // No refund of ours on top of it.
    expect(world.gateway.calls.filter((call) => call.method === 'refund')).toEqual([])
    const mails = world.firestore.dump('mail')
    expect(await applyRefundsMadeElsewhere(world.deps, orderId)).toBe(false)
    expect(world.firestore.dump('mail')).toEqual(mails)
  })

  it('a run cut off after the booking is marked refunded, before its seat is freed: the reconciler frees it, once', async () => {
    const { world, date, orderId, booking } = await confirmed()
    world.gateway.dashboardRefund(orderId, booking.amount)
    // What the cut-off run left: the booking refunded and due a look, its seat still taken.
    const refund = { refund_id: 'dashboard_1', amount: booking.amount, reason: 'refunded-by-team', status: 'succeeded' }
    await world.deps.firestore.doc(`bookings/${orderId}`).update({
      status: 'refunded',
      seat: null,
      refund: { ...refund, requested_at: 0, updated_at: 0, attempts: 0 },
      recheck_at: 0,
    })
    expect(Object.keys(world.seats(date))).toEqual([String(booking.seat)])
    // Cashfree's retried webhook finds the booking no longer confirmed; the reconciler finishes the job.
    expect(await applyRefundsMadeElsewhere(world.deps, orderId)).toBe(false)
    const after = await reconcileBooking(world.deps, orderId)
    expect(world.seats(date)).toEqual({})
    expect(after).toMatchObject({ status: 'refunded', refund: { status: 'succeeded' } })
    expect(after?.recheck_at).toBeUndefined()
  })

  it('in part (a goodwill gesture): the seat is kept', async () => {
    const { world, date, orderId, booking } = await confirmed()
    world.gateway.dashboardRefund(orderId, booking.amount / 2)
    expect(await applyRefundsMadeElsewhere(world.deps, orderId)).toBe(false)
    expect(world.firestore.dump('bookings')[orderId]).toMatchObject({ status: 'confirmed', seat: booking.seat })
    expect(Object.keys(world.seats(date))).toEqual([String(booking.seat)])
  })

  it('after the member cancelled: the cancel stands, nothing applied twice', async () => {
    const { world, orderId, booking } = await confirmed()
    await cancelConfirmed(world.deps, booking, {
      amount: booking.amount,
      reason: 'cancelled',
      mail: 'booking-cancelled',
    })
    world.gateway.dashboardRefund(orderId, booking.amount)
    expect(await applyRefundsMadeElsewhere(world.deps, orderId)).toBe(false)
    expect(world.firestore.dump('bookings')[orderId]).toMatchObject({
      status: 'cancelled',
      refund: { reason: 'cancelled' },
    })
  })

  it('our own refund is not taken for one made elsewhere', async () => {
    const { world, orderId, booking } = await confirmed()
    await world.deps.gateway.refund(orderId, {
      refund_id: `refund_${orderId}`.slice(0, 40),
      refund_amount: booking.amount,
    })
    expect(await applyRefundsMadeElsewhere(world.deps, orderId)).toBe(false)
    expect(world.firestore.dump('bookings')[orderId]).toMatchObject({ status: 'confirmed' })
  })
})

describe('a dispute', () => {
  it('flags the booking, keeps its seat, and alerts payment-disputed once per dispute', async () => {
    const { world, orderId, booking } = await confirmed()
    logged.errors.length = 0
    const dispute = {
      dispute_id: 433447817,
      dispute_type: 'CHARGEBACK',
      dispute_status: 'CHARGEBACK_CREATED',
      dispute_amount: booking.amount,
      respond_by: '2026-11-30T00:00:00',
    }
    world.gateway.dispute(orderId, dispute)
    await recordDisputes(world.deps, orderId)
    await recordDisputes(world.deps, orderId)
    expect(world.firestore.dump('bookings')[orderId]).toMatchObject({
      status: 'confirmed',
      seat: booking.seat,
      disputes: [
        {
          dispute_id: '433447817',
          type: 'CHARGEBACK',
          status: 'CHARGEBACK_CREATED',
          amount: booking.amount,
          respond_by: '2026-11-30T00:00:00',
        },
      ],
    })
    const alerts = () => logged.errors.filter((entry) => entry.event === 'payment-disputed')
    expect(alerts()).toHaveLength(1)
    expect(alerts()[0]?.fields).toMatchObject({ orderId, disputeId: '433447817', respondBy: '2026-11-30T00:00:00' })

    // Moved along by the bank: the booking follows, no second alert.
    world.gateway.dispute(orderId, { ...dispute, dispute_status: 'CHARGEBACK_MERCHANT_WON' })
    await recordDisputes(world.deps, orderId)
    expect(world.firestore.dump('bookings')[orderId]?.disputes).toMatchObject([{ status: 'CHARGEBACK_MERCHANT_WON' }])
    expect(alerts()).toHaveLength(1)
  })

  it('a forged dispute or refund webhook (Cashfree knows of neither) changes nothing and alerts nobody', async () => {
    const { world, orderId } = await confirmed()
    logged.errors.length = 0
    const before = world.firestore.dump('bookings')[orderId]
    expect(await recordDisputes(world.deps, orderId)).toEqual([])
    expect(await applyRefundsMadeElsewhere(world.deps, orderId)).toBe(false)
    expect(world.firestore.dump('bookings')[orderId]).toEqual(before)
    expect(logged.errors).toEqual([])
  })

  it('of an order with no booking changes nothing', async () => {
    const { world } = await confirmed()
    expect(await recordDisputes(world.deps, 'order_unknown')).toEqual([])
  })
})
