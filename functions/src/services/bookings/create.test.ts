/**
 * createBooking against a fake Firestore and a fake Cashfree: the seat, the claims and the order
 * it makes, what it refuses, and that a failure or a crash after any of its steps never leaves a
 * seat that no live booking holds.
 */

import { BOOKING_MESSAGES, HOLD_MINUTES, MAX_LIVE_HOLDS } from '@yaari/domain/booking'
import { SEED } from '@yaari/domain/catalogue-seed'
import { HttpsError } from 'firebase-functions/v2/https'
import { describe, expect, it } from 'vitest'
import { CashfreeError } from '../../lib/cashfree'
import { CREATE_BOOKING_STEPS } from '../../lib/records'
import { bookingWorld, EVENT } from '../../testing/booking-world'
import { refusal } from '../../testing/refusal'
import { sweepExpiredHolds } from './sweeps'

const HOLD_MS = HOLD_MINUTES * 60_000

/** The error a call ended with, as the member's browser gets it. */

/** Seats held on a date equal the bookings still pending or paid for it. */
function expectNoOrphanSeats(world: ReturnType<typeof bookingWorld>, date: string) {
  const live = world
    .bookings()
    .filter((b) => b.event_date === date && (b.status === 'pending' || b.status === 'confirmed'))
  expect(
    Object.values(world.seats(date))
      .map((seat) => seat.order_id)
      .sort(),
  ).toEqual(live.map((b) => b.order_id).sort())
}

/** A fresh world with one member with a profile, and the date they book. */
async function oneMember() {
  const world = bookingWorld()
  return { world, member: await world.member(), date: world.dates[1]! }
}
describe('createBooking', () => {
  it('holds one seat, records the booking at the catalogue price and opens its order', async () => {
    const { world, member, date } = await oneMember()
    const answer = await world.book(member, date)

    expect(answer).toEqual({
      order_id: expect.stringMatching(/^yaari_\d{8}_\w+$/),
      payment_session_id: 'session_1',
      cashfree_mode: 'sandbox',
      kept_answers: {},
    })
    const booking = world.booking(answer.order_id)!
    expect(booking).toMatchObject({
      status: 'pending',
      user_id: member.uid,
      amount: SEED.priceFor(EVENT.id, 'girls'),
      payment_session_id: 'session_1',
      hold_expires_at: world.now + HOLD_MS,
    })
    expect(Object.values(world.seats(date))).toEqual([
      expect.objectContaining({ order_id: answer.order_id, status: 'held', hold_expires_at: world.now + HOLD_MS }),
    ])
    expect(Object.values(world.firestore.dump('member_holds'))).toHaveLength(1)
    expect(Object.keys(world.firestore.dump('member_dates'))).toEqual([`${member.uid}_${EVENT.id}_${date}`])
    const order = world.gateway.orders.get(answer.order_id)!
    expect(order.order_amount).toBe(SEED.priceFor(EVENT.id, 'girls')) // never the client's amount
    expect(order.body.order_meta.return_url).toBe('https://yaari.example/booking-success?order_id={order_id}')
    expect(order.body.customer_details).toMatchObject({ customer_id: member.uid, customer_phone: '9876543210' })
  })

  it('a double click gets the first order back: one order, one seat', async () => {
    const { world, member, date } = await oneMember()
    const [first, second] = await Promise.all([world.book(member, date), world.book(member, date)])
    expect(second).toEqual(first)
    expect(world.gateway.orders.size).toBe(1)
    expect(Object.keys(world.seats(date))).toHaveLength(1)
  })

  it(`holds at most ${MAX_LIVE_HOLDS} unpaid seats per member across dates`, async () => {
    const world = bookingWorld()
    const member = await world.member()
    for (const date of world.dates.slice(0, MAX_LIVE_HOLDS)) await world.book(member, date)
    const third = world.dates[MAX_LIVE_HOLDS]!
    expect(await refusal(world.book(member, third))).toEqual({
      code: 'resource-exhausted',
      message: BOOKING_MESSAGES.holdLimit,
    })
    expect(world.seats(third)).toEqual({})
    expect(world.bookings()).toHaveLength(MAX_LIVE_HOLDS) // the refused booking's record is gone
  })

  it('a full date is sold out, and the refused call holds nothing', async () => {
    const world = bookingWorld()
    const date = world.dates[1]!
    const members = await Promise.all(Array.from({ length: EVENT.capacity + 3 }, () => world.member()))
    const results = await Promise.allSettled(members.map((member) => world.book(member, date)))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(EVENT.capacity)
    for (const result of results.filter((r) => r.status === 'rejected')) {
      expect((result as PromiseRejectedResult).reason).toMatchObject({
        code: 'resource-exhausted',
        message: BOOKING_MESSAGES.soldOut,
      })
    }
    expect(Object.keys(world.seats(date))).toHaveLength(EVENT.capacity)
    expectNoOrphanSeats(world, date)
  })

  it('holds whose time ran out do not keep a full date sold out: a booking takes such a seat, and the sweep ends the booking behind it', async () => {
    const world = bookingWorld()
    const date = world.dates[1]!
    const abandoned = await Promise.all(Array.from({ length: EVENT.capacity }, () => world.member()))
    for (const member of abandoned) await world.book(member, date)
    world.advance((HOLD_MINUTES + 1) * 60_000)
    const before = world.firestore.dump('bookings')

    const late = await world.member()
    const { order_id: orderId } = await world.book(late, date)

    // Only the seats changed hands: every abandoned booking is still as it was, for the sweep.
    expect(world.bookings('pending')).toHaveLength(EVENT.capacity + 1)
    for (const [id, booking] of Object.entries(before)) expect(world.booking(id)).toEqual(booking)
    expect(Object.values(world.seats(date)).map((seat) => seat.order_id)).toContain(orderId)
    expect(Object.keys(world.seats(date))).toHaveLength(EVENT.capacity)

    await sweepExpiredHolds(world.deps)
    expect(world.bookings('expired')).toHaveLength(EVENT.capacity)
    expect(world.booking(orderId)?.status).toBe('pending')
    expectNoOrphanSeats(world, date)
  })

  it('members racing for the seats of expired holds: never more holds than seats, the rest sold out', async () => {
    const world = bookingWorld()
    const date = world.dates[1]!
    for (let i = 0; i < EVENT.capacity; i++) await world.book(await world.member(), date)
    world.advance((HOLD_MINUTES + 1) * 60_000)

    const racers = await Promise.all(Array.from({ length: EVENT.capacity + 5 }, () => world.member()))
    const results = await Promise.allSettled(racers.map((member) => world.book(member, date)))

    const won = results.filter((result) => result.status === 'fulfilled')
    expect(won).toHaveLength(EVENT.capacity) // every expired seat taken, none twice
    for (const result of results.filter((r) => r.status === 'rejected')) {
      expect((result as PromiseRejectedResult).reason).toMatchObject({ code: 'resource-exhausted' })
    }
    const seatOwners = Object.values(world.seats(date)).map((seat) => seat.order_id)
    expect(seatOwners).toHaveLength(EVENT.capacity)
    await sweepExpiredHolds(world.deps)
    expectNoOrphanSeats(world, date)
    expect(world.bookings('pending')).toHaveLength(won.length)
  })

  it('a man cannot take the Girls price', async () => {
    const world = bookingWorld()
    const member = await world.member({ gender: 'male' })
    const { code } = await refusal(world.book(member, world.dates[1]!, { tier: 'girls' }))
    expect(code).toBe('failed-precondition')
    expect(world.bookings()).toEqual([])
    expect(await world.book(member, world.dates[1]!, { tier: 'boys' })).toHaveProperty('order_id')
  })

  it('Cashfree down: "unavailable", the order closed, the seat and claims freed, the booking failed', async () => {
    const { world, member, date } = await oneMember()
    world.gateway.failNext('createOrder', new Error('socket hang up'))
    world.gateway.failNext('createOrder', new Error('socket hang up'))
    expect(await refusal(world.book(member, date))).toEqual({
      code: 'unavailable',
      message: BOOKING_MESSAGES.gatewayError,
    })
    expect(world.seats(date)).toEqual({})
    expect(world.firestore.dump('member_holds')).toEqual({})
    expect(world.firestore.dump('member_dates')).toEqual({})
    expect(world.bookings().map((b) => b.status)).toEqual(['failed'])
    expect(world.gateway.calls.filter((c) => c.method === 'terminateOrder')).toHaveLength(1)
    // The member can try again at once.
    expect(await world.book(member, date)).toHaveProperty('payment_session_id')
  })

  it('an order without a checkout session: "unavailable", saying payment cannot start, and nothing is held', async () => {
    const { world, member, date } = await oneMember()
    world.gateway.withoutSession = true
    const error = await world.book(member, date).catch((e: unknown) => e as HttpsError)
    expect(error).toMatchObject({
      code: 'unavailable',
      message: BOOKING_MESSAGES.noSession,
      details: { reason: 'no-session' },
    })
    expect(world.seats(date)).toEqual({})
    expect(world.firestore.dump('member_dates')).toEqual({})
    expect(world.gateway.calls.filter((c) => c.method === 'terminateOrder')).toHaveLength(1)
  })

  it('an answer lost once is retried with the same idempotency key: one order', async () => {
    const world = bookingWorld()
    const member = await world.member()
    world.gateway.loseAnswer('createOrder')
    const answer = await world.book(member, world.dates[1]!)
    const creates = world.gateway.calls.filter((c) => c.method === 'createOrder')
    expect(creates).toHaveLength(2)
    expect(creates[1]!.idempotencyKey).toBe(creates[0]!.idempotencyKey)
    expect(world.gateway.orders.size).toBe(1)
    expect(world.booking(answer.order_id)?.status).toBe('pending')
  })

  it('Cashfree refuses the order: "invalid-argument" with its reason, and nothing is left', async () => {
    const { world, member, date } = await oneMember()
    world.gateway.failNext(
      'createOrder',
      new CashfreeError(400, 'customer_phone_invalid', 'customer_phone is invalid', 'invalid_request_error'),
    )
    expect(await refusal(world.book(member, date))).toEqual({
      code: 'invalid-argument',
      message: `${BOOKING_MESSAGES.creationFailed} (customer_phone is invalid)`,
    })
    expect(world.bookings()).toEqual([])
    expect(world.seats(date)).toEqual({})
    expect(world.firestore.dump('member_holds')).toEqual({})
  })

  describe('a failure after any step is undone on the spot', () => {
    for (const failed of CREATE_BOOKING_STEPS) {
      it(`after ${failed}`, async () => {
        const { world, member, date } = await oneMember()
        world.deps.failpoint = (step) => {
          if (step === failed) throw new Error(`write failed after ${step}`)
        }
        await expect(world.book(member, date)).rejects.toBeInstanceOf(HttpsError)
        expectNoOrphanSeats(world, date)
        expect(world.bookings('pending')).toEqual([])
        expect(world.firestore.dump('member_holds')).toEqual({})
      })
    }
  })

  describe('a process that dies after any step leaves nothing once the hold has passed and the sweep ran', () => {
    for (const died of CREATE_BOOKING_STEPS) {
      it(`after ${died}`, async () => {
        const { world, member, date } = await oneMember()
        const dead = world.dieAfter(died)
        void world.book(member, date)
        await dead

        world.advance(HOLD_MS + 1)
        await sweepExpiredHolds(world.deps)
        expect(world.seats(date)).toEqual({})
        expect(world.bookings('pending')).toEqual([])
        expect(world.firestore.dump('member_holds')).toEqual({})
        expect(world.firestore.dump('member_dates')).toEqual({})
        expectNoOrphanSeats(world, date)
        // And the seat can be booked again.
        expect(await world.book(await world.member(), date)).toHaveProperty('order_id')
      })
    }
  })
})
