/**
 * The seat inventory against one member with a script: no hoarding (one live booking per member
 * and date, at most MAX_LIVE_HOLDS unpaid holds), a double click makes one order, abandoned holds
 * come back after one sweep, only live holds count, oversize payloads hold nothing, the price
 * tier follows the profile, today's date closes at its start, and Cashfree's field limits are
 * always met. Through the callable (the emulator) as a member would, and in this process where a
 * clock is needed.
 */

import { getAvailabilityCall, seatsCollectionPath } from '@yaari/domain/availability'
import {
  BOOKING_MESSAGES,
  createBookingCall,
  getBookingCall,
  HOLD_MINUTES,
  MAX_LIVE_HOLDS,
} from '@yaari/domain/booking'
import { VALID_ATTENDEE } from '@yaari/domain/booking.fixture'
import type { PriceTier } from '@yaari/domain/catalogue'
import { SEED_EVENTS } from '@yaari/domain/catalogue-seed'
import { availableDates, eventStartInstant } from '@yaari/domain/schedule'
import { afterEach, describe, expect, it } from 'vitest'
import { functionUrl, standinControl } from '../../dev/lib/config.mjs'
import { getAvailability } from '../../functions/src/services/availability'
import { createBooking } from '../../functions/src/services/bookings/create'
import { sweepExpiredHolds } from '../../functions/src/services/bookings/sweeps'
import { callFunction } from '../../src/lib/firebase'
import {
  adminDb,
  bookableDates,
  bookingMember,
  callAnything,
  cashfreeOrder,
  failure,
  profiledMember,
  rejection,
  signOutMember,
  stackDeps,
} from './helpers'

const firstHello = SEED_EVENTS[0]! // Saturdays, 10 seats
const sunday = SEED_EVENTS[1]! // Sundays, 10 seats
const dates = bookableDates(firstHello)
const request = (eventDate: string, tier: PriceTier = 'girls', event = firstHello) => ({
  eventId: event.id,
  eventDate,
  tier,
  userProfile: VALID_ATTENDEE,
})
const book = (body: unknown) => callAnything(createBookingCall, body)
const seats = (date: string, event = firstHello) => adminDb().collection(seatsCollectionPath(event.id, date))
const bookingsOf = async (uid: string) =>
  (await adminDb().collection('bookings').where('user_id', '==', uid).get()).docs.map((doc) => doc.data())

async function clearDate(date: string, event = firstHello) {
  const all = await seats(date, event).get()
  await Promise.all(all.docs.map((doc) => doc.ref.delete()))
}

afterEach(async () => {
  await signOutMember()
})

describe('no hoarding', () => {
  it('a double click, or a script, gets the same order back: one order, one seat per member and date', async () => {
    const user = await bookingMember()
    const date = dates[6]!
    const first = await book(request(date))
    const again = await Promise.all(Array.from({ length: 5 }, () => book(request(date))))
    for (const answer of again) expect(answer).toEqual(first)
    const mine = await bookingsOf(user.uid)
    expect(mine.map((b) => b.order_id)).toEqual([first.order_id])
    expect((await seats(date).where('user_id', '==', user.uid).get()).size).toBe(1)
  })

  it('a double click landing at the same instant also makes one order', async () => {
    const user = await bookingMember()
    const date = dates[7]!
    const answers = await Promise.all(Array.from({ length: 6 }, () => book(request(date))))
    expect(new Set(answers.map((a) => a.order_id)).size).toBe(1)
    expect(new Set(answers.map((a) => a.payment_session_id)).size).toBe(1)
    expect((await bookingsOf(user.uid)).filter((b) => b.payment_session_id)).toHaveLength(1)
    expect((await seats(date).where('user_id', '==', user.uid).get()).size).toBe(1)
  })

  it(`one member holds at most ${MAX_LIVE_HOLDS} unpaid seats, however many dates they try`, async () => {
    const user = await bookingMember()
    const held: string[] = []
    const refused: string[] = []
    for (const date of dates.slice(0, 6)) {
      try {
        held.push((await book(request(date))).order_id)
      } catch (error) {
        expect((error as { code: string }).code).toBe('functions/resource-exhausted')
        refused.push((error as Error).message)
      }
    }
    expect(held).toHaveLength(MAX_LIVE_HOLDS)
    expect(refused).toEqual(Array(6 - MAX_LIVE_HOLDS).fill(BOOKING_MESSAGES.holdLimit))
    const live = (await bookingsOf(user.uid)).filter((b) => b.status === 'pending')
    expect(live).toHaveLength(MAX_LIVE_HOLDS)

    // Paying for one gives its hold back: a paid seat is not a hold.
    await standinControl(`/orders/${held[0]}/pay`, { outcome: 'SUCCESS' })
    await expect
      .poll(async () => (await bookingsOf(user.uid)).find((b) => b.order_id === held[0])?.status)
      .toBe('confirmed')
    const next = await book(request(dates[MAX_LIVE_HOLDS + 3]!))
    expect(next.order_id).toMatch(/^yaari_/)
    // A date already paid for is refused, not booked twice.
    const paidDate = (await bookingsOf(user.uid)).find((b) => b.order_id === held[0])?.event_date
    const twice = await failure(book(request(String(paidDate))))
    expect(twice.code).toBe('functions/already-exists')
    expect(twice.message).toBe(BOOKING_MESSAGES.alreadyBooked)
  }, 60_000)
})

describe('abandoned holds', () => {
  it('10 checkouts abandoned on a 10-seat date: sold out, then all 10 seats back after one sweep', async () => {
    const date = dates.at(-2)!
    await clearDate(date)
    const members = await Promise.all(Array.from({ length: firstHello.capacity }, () => profiledMember()))
    const orders = await Promise.all(members.map((m) => createBooking(stackDeps(), m, request(date))))
    const spots = async (now?: Date) => {
      const answer = await getAvailability(stackDeps(now ? { now: () => now } : {}), {
        eventId: firstHello.id,
      })
      return answer.events[0]!.dates.find((d) => d.date === date)?.spotsLeft
    }
    expect(await spots()).toBe(0)
    const late = await rejection(createBooking(stackDeps(), await profiledMember(), request(date)))
    expect(late.message).toBe(BOOKING_MESSAGES.soldOut)

    const afterHold = new Date(Date.now() + (HOLD_MINUTES + 1) * 60_000)
    const report = await sweepExpiredHolds(stackDeps({ now: () => afterHold }))
    expect(report.holdsEnded).toBeGreaterThanOrEqual(firstHello.capacity)
    expect((await seats(date).get()).size).toBe(0)
    expect(await spots(afterHold)).toBe(firstHello.capacity)
    for (const { order_id } of orders) {
      expect((await adminDb().collection('bookings').doc(order_id).get()).get('status')).toBe('expired')
      expect((await cashfreeOrder(order_id)).order_status).toBe('TERMINATED')
    }
  }, 60_000)

  it('getAvailability counts only live holds and writes nothing: the sweep frees what ran out', async () => {
    const date = availableDates(sunday).at(-1)!
    await clearDate(date, sunday)
    const members = await Promise.all(Array.from({ length: 4 }, () => profiledMember()))
    const orders = await Promise.all(members.map((m) => createBooking(stackDeps(), m, request(date, 'girls', sunday))))
    // Their hold time passes (as if 25 minutes went by) and no job has run since.
    const past = Date.now() - 5 * 60_000
    for (const { order_id } of orders) {
      await adminDb().collection('bookings').doc(order_id).update({ hold_expires_at: past })
    }
    for (const seat of (await seats(date, sunday).get()).docs) await seat.ref.update({ hold_expires_at: past })
    const answer = await callFunction(getAvailabilityCall, { eventId: sunday.id })
    expect(answer.events[0]!.dates.find((d) => d.date === date)?.spotsLeft).toBe(sunday.capacity)
    // A read changed nothing: the seats and the bookings wait for the sweep.
    expect((await seats(date, sunday).get()).size).toBe(orders.length)
    for (const { order_id } of orders) {
      expect((await adminDb().collection('bookings').doc(order_id).get()).get('status')).toBe('pending')
    }
    await sweepExpiredHolds(stackDeps())
    expect((await seats(date, sunday).get()).size).toBe(0)
    for (const { order_id } of orders) {
      expect((await adminDb().collection('bookings').doc(order_id).get()).get('status')).toBe('expired')
    }
  }, 60_000)
})

describe('what a booking may hold', () => {
  it('oversize attendee fields get invalid-argument and hold nothing', async () => {
    const user = await bookingMember()
    const date = dates[2]! // tried by the hold-limit test, never held
    const huge = [
      { ...request(date), userProfile: { ...VALID_ATTENDEE, email: `${'a'.repeat(200_000)}@example.test` } },
      { ...request(date), userProfile: { ...VALID_ATTENDEE, interests: Array(600_000).fill('brunch') } },
      { ...request(date), userProfile: { ...VALID_ATTENDEE, name: 'A'.repeat(5_000) } },
    ]
    for (const payload of huge) {
      const response = await fetch(functionUrl('createBooking'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await user.getIdToken()}` },
        body: JSON.stringify({ data: payload }),
      })
      expect(response.status).toBe(400)
      const body = (await response.json()) as { error: { status: string; message: string } }
      expect(body.error.status).toBe('INVALID_ARGUMENT')
      expect(body.error.message.length).toBeLessThan(1_100)
    }
    expect(await bookingsOf(user.uid)).toEqual([])
    expect((await seats(date).where('user_id', '==', user.uid).get()).size).toBe(0)
  }, 60_000)

  it('the price follows the profile: a man cannot book the Girls price, a woman the Boys price', async () => {
    await bookingMember({ gender: 'male' })
    const man = await failure(book(request(dates[3]!, 'girls')))
    expect(man.code).toBe('functions/failed-precondition')
    expect(man.message).toBe('The Girls price does not match your profile. Please choose the Boys price.')
    expect((await book(request(dates[3]!, 'boys'))).order_id).toMatch(/^yaari_/)
    await signOutMember()

    await bookingMember({ gender: 'female' })
    const woman = await failure(book(request(dates[3]!, 'boys')))
    expect(woman.message).toBe('The Boys price does not match your profile. Please choose the Girls price.')
  })

  it('a member whose profile says neither may take either price, but not both on one date', async () => {
    const user = await bookingMember({ gender: 'non-binary' })
    const held = await book(request(dates[4]!, 'boys'))
    const other = await failure(book(request(dates[4]!, 'girls')))
    expect(other.code).toBe('functions/failed-precondition')
    expect(other.message).toBe(BOOKING_MESSAGES.heldAtOtherPrice)
    expect((await bookingsOf(user.uid)).map((b) => b.order_id)).toEqual([held.order_id])
    expect((await book(request(bookableDates(sunday)[4]!, 'girls', sunday))).order_id).toMatch(/^yaari_/)
  })

  it('a member named "Bo" pays: Cashfree gets no name shorter than it accepts', async () => {
    await bookingMember({ name: 'Bo' })
    const { order_id } = await book(request(dates[3]!))
    const order = await cashfreeOrder(order_id)
    expect(order.customer_details).not.toHaveProperty('customer_name')
    expect(order.customer_details).toMatchObject({ customer_phone: '9876543210' })
    await standinControl(`/orders/${order_id}/pay`, { outcome: 'SUCCESS' })
    const view = await callFunction(getBookingCall, { orderId: order_id })
    expect(view.booking.status).toBe('confirmed')
  })
})

describe("today's date", () => {
  it('is bookable until the event starts in IST, and refused from then on', async () => {
    const date = dates[3]!
    const start = eventStartInstant(date, firstHello.startTime).getTime()
    const before = createBooking(
      stackDeps({ now: () => new Date(start - 60_000) }),
      await profiledMember(),
      request(date),
    )
    expect((await before).order_id).toMatch(/^yaari_/)
    const after = await rejection(
      createBooking(stackDeps({ now: () => new Date(start + 60_000) }), await profiledMember(), request(date)),
    )
    expect(after.code).toBe('invalid-argument')
    expect(after.message).toMatch(/is not an upcoming Saturday/)
  })
})
