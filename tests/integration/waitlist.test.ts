/**
 * The waitlist against the running stack's Firestore stand-in, payment stand-in and MailDev,
 * the handlers called in this process (as in seat-claims.test.ts: the Functions emulator starts a
 * process per request, and 200 at once would time out before our code runs): three members wait
 * and two seats free; the first two are offered in order and emailed; the one left to run out
 * passes to the third (the stack's own sweep job). Then 200 joins, cancels and bookings at once
 * never hold more seats than the table has.
 */

import { seatsCollectionPath } from '@yaari/domain/availability'
import { BOOKING_MESSAGES } from '@yaari/domain/booking'
import { bookingRequest } from '@yaari/domain/booking.fixture'
import { SEED_EVENTS } from '@yaari/domain/catalogue-seed'
import { OFFER_MINUTES } from '@yaari/domain/waitlist'
import { afterAll, describe, expect, it } from 'vitest'
import { standinControl } from '../../dev/lib/config.mjs'
import { waitForMail } from '../../dev/lib/mail-inbox.mjs'
import { runStackJob } from '../../dev/lib/scheduler.mjs'
import type { WaitlistEntry } from '../../functions/src/lib/data/waitlist'
import { cancelBooking } from '../../functions/src/services/bookings/cancel'
import { createBooking } from '../../functions/src/services/bookings/create'
import { reconcileBooking } from '../../functions/src/services/bookings/reconcile'
import { joinWaitlist } from '../../functions/src/services/waitlist/line'
import { offerFreedSeats } from '../../functions/src/services/waitlist/offers'
import { adminDb, bookableDates, emptyEveryDate, profiledMember, rejection, stackDeps } from './helpers'

type Member = { uid: string; email: string }

afterAll(emptyEveryDate)

/**
 * A full date: `paid` members with paid, confirmed seats (the ones a test cancels), every other seat
 * taken by someone outside the test.
 */
async function fill(eventId: (typeof SEED_EVENTS)[number]['id'], date: string, paid: number) {
  const capacity = SEED_EVENTS.find((event) => event.id === eventId)!.capacity
  const seats = adminDb().collection(seatsCollectionPath(eventId, date))
  await Promise.all(
    Array.from({ length: capacity - paid }, (_, i) =>
      seats.doc(String(capacity - i)).create({ order_id: `taken_${i}`, user_id: 'someone', status: 'taken' }),
    ),
  )
  return Promise.all(
    Array.from({ length: paid }, async () => {
      const member = await profiledMember()
      const { order_id: orderId } = await createBooking(stackDeps(), member, bookingRequest(eventId, date))
      expect((await standinControl(`/orders/${orderId}/pay`)).ok).toBe(true)
      expect((await reconcileBooking(stackDeps(), orderId))?.status).toBe('confirmed')
      return { member, orderId }
    }),
  )
}

const entryOf = async (eventId: string, date: string, member: Member) =>
  (await adminDb().doc(`waitlist/${eventId}_${date}_${member.uid}`).get()).data() as WaitlistEntry | undefined

const seatCount = async (eventId: string, date: string) =>
  (await adminDb().collection(seatsCollectionPath(eventId, date)).count().get()).data().count

describe('offers in order', () => {
  const event = SEED_EVENTS[0]! // 10 seats
  const date = bookableDates(event)[6]!

  it('three wait, two seats free: the first two are offered in order and emailed; an offer left to run out passes to the third', async () => {
    const paid = await fill(event.id, date, 2)
    const [a, b, c] = [await profiledMember(), await profiledMember(), await profiledMember()]
    for (const member of [a, b, c]) {
      expect((await joinWaitlist(stackDeps(), member, { eventId: event.id, eventDate: date })).entry).toMatchObject({
        status: 'waiting',
      })
    }
    expect((await entryOf(event.id, date, c))?.status).toBe('waiting')
    for (const { member, orderId } of paid.slice(0, 2)) await cancelBooking(stackDeps(), member, { orderId })

    expect((await entryOf(event.id, date, a))?.status).toBe('offered')
    expect((await entryOf(event.id, date, b))?.status).toBe('offered')
    expect((await entryOf(event.id, date, c))?.status).toBe('waiting')
    expect(await seatCount(event.id, date)).toBe(event.capacity)
    // Someone not on the line finds the date sold out while the offers run.
    const outsider = await profiledMember()
    expect((await rejection(createBooking(stackDeps(), outsider, bookingRequest(event.id, date)))).message).toBe(
      BOOKING_MESSAGES.soldOut,
    )
    await runStackJob('deliverMail')
    const [offerMail] = await waitForMail(a.email)
    expect(offerMail.subject).toContain(`A seat is yours: ${event.title}`)
    expect(offerMail.text).toContain(`${OFFER_MINUTES} minutes`)

    // b books the offered seat through the normal booking and pays: it keeps that seat.
    const bOffer = (await entryOf(event.id, date, b))?.offer_order_id
    const { order_id: bOrder } = await createBooking(stackDeps(), b, bookingRequest(event.id, date))
    expect(bOrder).toBe(bOffer)
    expect(await entryOf(event.id, date, b)).toBeUndefined()
    expect((await standinControl(`/orders/${bOrder}/pay`)).ok).toBe(true)
    expect((await reconcileBooking(stackDeps(), bOrder))?.status).toBe('confirmed')

    // a lets the offer run out: the stack's sweep, run as of 31 minutes on, passes it to c.
    await runStackJob('sweepExpiredHolds', { at: new Date(Date.now() + (OFFER_MINUTES + 1) * 60_000) })
    expect((await entryOf(event.id, date, a))?.status).toBe('passed')
    expect((await entryOf(event.id, date, c))?.status).toBe('offered')
    expect(await seatCount(event.id, date)).toBe(event.capacity)
  })
})

describe('200 joins, cancels and bookings at once', () => {
  const event = SEED_EVENTS[2]! // 12 seats
  const date = bookableDates(event)[7]!

  it('never hold more seats than the table has, and leave no seat free while a member waits', async () => {
    const paid = await fill(event.id, date, 6)
    const waiters = await Promise.all(Array.from({ length: 100 }, () => profiledMember()))
    const bookers = await Promise.all(Array.from({ length: 94 }, () => profiledMember()))
    const cancels = paid.slice(0, 6)
    let most = 0
    let watching = true
    const watch = (async () => {
      while (watching) {
        most = Math.max(most, await seatCount(event.id, date))
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    })()
    const settled = await Promise.allSettled([
      ...waiters.map((member) => joinWaitlist(stackDeps(), member, { eventId: event.id, eventDate: date })),
      ...cancels.map(({ member, orderId }) => cancelBooking(stackDeps(), member, { orderId })),
      ...bookers.map((member) => createBooking(stackDeps(), member, bookingRequest(event.id, date))),
    ])
    // Whatever the interleaving left, the backstop offers (as the sweep does).
    await Promise.all([offerFreedSeats(stackDeps(), event.id, date), offerFreedSeats(stackDeps(), event.id, date)])
    watching = false
    await watch
    most = Math.max(most, await seatCount(event.id, date))

    expect(most).toBeLessThanOrEqual(event.capacity)
    const seats = await adminDb().collection(seatsCollectionPath(event.id, date)).get()
    expect(new Set(seats.docs.map((seat) => seat.get('order_id'))).size).toBe(seats.size)
    const line = (await adminDb().collection('waitlist').where('event_id', '==', event.id).get()).docs
      .map((doc) => doc.data() as WaitlistEntry)
      .filter((entry) => entry.event_date === date)
    // Offers went to members in line, one seat each, never more than the seats freed. (Their order
    // is checked in the test above: here joins land while seats free, so "first" is a race.)
    const offered = line.filter((entry) => entry.status === 'offered')
    expect(offered.length).toBeLessThanOrEqual(cancels.length)
    // No seat stands free while a member waits.
    if (line.some((entry) => entry.status === 'waiting')) expect(seats.size).toBe(event.capacity)
    // Each call either succeeded or was refused with the members' message (sold out, seats left).
    for (const result of settled) {
      if (result.status === 'rejected')
        expect(result.reason).toHaveProperty('code', expect.stringMatching(/failed-precondition|resource-exhausted/))
    }
  }, 120_000)
})
