/**
 * reconcileBooking against a fake Firestore and a fake Cashfree: each state an order can reach,
 * late and duplicate payments, wrong amounts, refunds followed to their end, and reconciles that
 * race one another.
 */

import { HOLD_MINUTES } from '@yaari/domain/booking'
import { describe, expect, it } from 'vitest'
import { bookingWorld, EVENT } from '../../testing/booking-world'
import { refundIdFor } from '../refunds'
import { reconcileBooking } from './reconcile'
import { reconcilePayments } from './sweeps'

const HOLD_MS = HOLD_MINUTES * 60_000

/** A world with one member holding a seat on the second date. */
async function held() {
  const world = bookingWorld()
  const member = await world.member()
  const date = world.dates[1]!
  const { order_id: orderId } = await world.book(member, date)
  const reconcile = () => reconcileBooking(world.deps, orderId)
  return { world, member, date, orderId, reconcile }
}

/** Fills every free seat of `date` with other members' holds. */
async function fill(world: ReturnType<typeof bookingWorld>, date: string) {
  while (Object.keys(world.seats(date)).length < EVENT.capacity) await world.book(await world.member(), date)
}

describe('reconcileBooking', () => {
  it('a paid order confirms the booking: its seat kept for good, the hold slot given back; again, nothing changes', async () => {
    const { world, date, orderId, reconcile } = await held()
    world.gateway.pay(orderId, world.at())
    const booking = await reconcile()
    expect(booking).toMatchObject({ status: 'confirmed', seat: expect.any(Number) })
    expect(world.seats(date)).toEqual({
      [String(booking!.seat)]: {
        order_id: orderId,
        user_id: 'member_1',
        status: 'taken',
        expire_at: expect.anything(),
      },
    })
    expect(world.firestore.dump('member_holds')).toEqual({})
    const before = world.firestore.dump('bookings')
    await reconcile()
    expect(world.firestore.dump('bookings')).toEqual(before)
  })

  it('while the member is paying (ACTIVE, hold ahead) the booking stays pending, noting the latest attempt by its time', async () => {
    const { world, orderId, reconcile } = await held()
    // Listed out of order: the later failure first.
    world.gateway.attempt(orderId, 'FAILED', world.at(60_000))
    world.gateway.attempt(orderId, 'USER_DROPPED', world.at(0))
    world.advance(2 * 60_000)
    const booking = await reconcile()
    expect(booking).toMatchObject({ status: 'pending', last_attempt: { status: 'FAILED', at: world.at(-60_000) } })
    expect(world.gateway.calls.some((c) => c.method === 'terminateOrder')).toBe(false) // may try again
  })

  it('a hold that ran out with no payment: the order terminated, the booking expired, the seat freed', async () => {
    const { world, date, orderId, reconcile } = await held()
    world.advance(HOLD_MS + 1)
    expect(await reconcile()).toMatchObject({ status: 'expired' })
    expect(world.gateway.orders.get(orderId)?.order_status).toBe('TERMINATED')
    expect(world.seats(date)).toEqual({})
    expect(world.firestore.dump('member_dates')).toEqual({})
  })

  it('a hold that ran out after a failed attempt ends as failed', async () => {
    const { world, orderId, reconcile } = await held()
    world.gateway.attempt(orderId, 'FAILED', world.at())
    world.advance(HOLD_MS + 1)
    expect(await reconcile()).toMatchObject({ status: 'failed' })
  })

  it('TERMINATION_REQUESTED that turns PAID: the payment still gets a seat', async () => {
    const { world, date, orderId, reconcile } = await held()
    world.gateway.terminateTo = 'TERMINATION_REQUESTED'
    world.advance(HOLD_MS + 1)
    expect(await reconcile()).toMatchObject({ status: 'expired' })
    expect(world.seats(date)).toEqual({})
    world.gateway.pay(orderId, world.at(-1000)) // the payment begun in time went through
    expect(await reconcile()).toMatchObject({ status: 'confirmed', seat: expect.any(Number) })
    expect(Object.values(world.seats(date)).map((s) => s.order_id)).toEqual([orderId])
  })

  it('a late payment when the table has filled is refunded in full, and the refund is followed to its end', async () => {
    const { world, date, orderId, reconcile } = await held()
    world.advance(HOLD_MS + 1)
    await reconcile() // expired, seat freed
    await fill(world, date)
    world.gateway.pay(orderId, world.at(-1000))
    const refunded = await reconcile()
    expect(refunded).toMatchObject({
      status: 'refunded',
      seat: null,
      refund: { reason: 'table-full', status: 'pending', amount: refunded!.amount },
    })
    expect(Object.values(world.seats(date)).map((s) => s.order_id)).not.toContain(orderId)
    world.gateway.settleRefund(refundIdFor(orderId), 'SUCCESS')
    expect((await reconcile())?.refund?.status).toBe('succeeded')
  })

  it('a refund Cashfree cancels ends as failed', async () => {
    const { world, date, orderId, reconcile } = await held()
    world.advance(HOLD_MS + 1)
    await reconcile()
    await fill(world, date)
    world.gateway.pay(orderId, world.at(-1000))
    await reconcile()
    world.gateway.settleRefund(refundIdFor(orderId), 'CANCELLED')
    expect((await reconcile())?.refund?.status).toBe('failed')
  })

  it('a payment of the wrong amount is refunded, not confirmed', async () => {
    const { world, date, orderId, reconcile } = await held()
    world.gateway.pay(orderId, world.at(), 1)
    expect(await reconcile()).toMatchObject({ status: 'refunded', refund: { reason: 'amount-mismatch', amount: 1 } })
    expect(world.seats(date)).toEqual({})
  })

  it('a late payment for a date the member has since booked and paid again is refunded as a duplicate', async () => {
    const { world, member, date, orderId, reconcile } = await held()
    world.advance(HOLD_MS + 1)
    await reconcile()
    const again = await world.book(member, date)
    world.gateway.pay(again.order_id, world.at())
    await reconcileBooking(world.deps, again.order_id)
    world.gateway.pay(orderId, world.at(-1000))
    expect(await reconcile()).toMatchObject({ status: 'refunded', refund: { reason: 'duplicate' } })
    expect(Object.values(world.seats(date)).map((s) => s.order_id)).toEqual([again.order_id])
  })

  it('many reconciles of one paid booking at once: confirmed once, one seat', async () => {
    const { world, date, orderId, reconcile } = await held()
    world.gateway.pay(orderId, world.at())
    const results = await Promise.all(Array.from({ length: 6 }, reconcile))
    expect(results.every((booking) => booking?.status === 'confirmed')).toBe(true)
    expect(Object.keys(world.seats(date))).toHaveLength(1)
    expect(world.gateway.calls.filter((c) => c.method === 'refund')).toEqual([])
  })

  it('an order Cashfree never made (createBooking died first): after the hold, expired and every claim freed', async () => {
    const world = bookingWorld()
    const member = await world.member()
    const date = world.dates[1]!
    const dead = world.dieAfter('seat-recorded') // before Cashfree's order
    void world.book(member, date)
    await dead
    const [orderId] = Object.keys(world.firestore.dump('bookings'))
    world.advance(HOLD_MS + 1)
    expect(await reconcileBooking(world.deps, orderId!)).toMatchObject({ status: 'expired' })
    expect(world.seats(date)).toEqual({})
    expect(world.firestore.dump('member_holds')).toEqual({})
    expect(world.firestore.dump('member_dates')).toEqual({})
  })

  it('an unknown order id is nothing to reconcile', async () => {
    const world = bookingWorld()
    expect(await reconcileBooking(world.deps, 'yaari_20261128_nothing')).toBeUndefined()
    expect(world.gateway.calls).toEqual([])
  })
})

describe('the reconciler’s queue', () => {
  it('a document there that holds no booking leaves it, instead of taking a place in every run', async () => {
    const { world, orderId } = await held()
    await world.firestore.asFirestore.doc('bookings/yaari_odd').set({ status: 'pending', recheck_at: world.now - 1 })
    world.advance(HOLD_MS)
    const report = await reconcilePayments(world.deps)
    expect(report.checked).toBeGreaterThanOrEqual(1)
    expect(world.booking(orderId)).toBeDefined()
    expect(world.firestore.read('bookings/yaari_odd')).not.toHaveProperty('recheck_at')
  })
})
