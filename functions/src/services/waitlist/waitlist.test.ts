/**
 * The waitlist against a fake Firestore and a fake Cashfree: joining a sold-out date once, in
 * order; seats freed by cancels offered to the first members waiting, in order; an offer left to
 * run out passing to the next; an offered seat booked and paid through createBooking; and never
 * more seats claimed than the table has, however the calls interleave.
 */

import { BOOKING_MESSAGES } from '@yaari/domain/booking'
import { eventStartInstant } from '@yaari/domain/schedule'
import { MAX_WAITLISTS, OFFER_MINUTES, WAITLIST_MESSAGES } from '@yaari/domain/waitlist'
import { describe, expect, it } from 'vitest'
import { mailId } from '../../lib/data/mail'
import type { WaitlistEntry } from '../../lib/data/waitlist'
import { bookingWorld, EVENT } from '../../testing/booking-world'
import { FakeMail } from '../../testing/fake-mail'
import { refusal } from '../../testing/refusal'
import { cancelBooking } from '../bookings/cancel'
import { reconcileBooking } from '../bookings/reconcile'
import { sweepExpiredHolds } from '../bookings/sweeps'
import { listMyBookings } from '../bookings/views'
import { deliverOne } from '../mail/outbox'
import { offerOrderId } from './entries'
import { joinWaitlist, leaveWaitlist } from './line'
import { offerFreedSeats } from './offers'

const HOUR = 3_600_000

/** A world whose second date is full of paid bookings, the clock three days before it. */
async function soldOutWorld() {
  const world = bookingWorld()
  const date = world.dates[1]!
  const start = eventStartInstant(date, EVENT.startTime).getTime()
  world.advance(start - 72 * HOUR - world.now)
  const paid: { member: { uid: string; email: string }; orderId: string }[] = []
  for (let i = 0; i < EVENT.capacity; i++) {
    const member = await world.member()
    const { order_id: orderId } = await world.book(member, date)
    world.gateway.pay(orderId, world.at())
    await reconcileBooking(world.deps, orderId)
    paid.push({ member, orderId })
  }
  const join = (member: { uid: string; email: string }, on = date) =>
    joinWaitlist(world.deps, member, { eventId: EVENT.id, eventDate: on })
  const cancel = (i: number) => cancelBooking(world.deps, paid[i]!.member, { orderId: paid[i]!.orderId })
  const entry = (uid: string) =>
    world.firestore.read(`waitlist/${EVENT.id}_${date}_${uid}`) as WaitlistEntry | undefined
  const seatCount = () => Object.keys(world.seats(date)).length
  /** Two members in line, a second apart, and the first paid guest's seat cancelled: the first of them is offered it. */
  const firstOfTwoOffered = async () => {
    const [a, b] = [await world.member(), await world.member()]
    await join(a)
    world.advance(1000)
    await join(b)
    await cancel(0)
    return [a, b] as const
  }
  return { world, date, paid, join, cancel, entry, seatCount, firstOfTwoOffered }
}

describe('joinWaitlist', () => {
  it('puts members in line in the order they join, once each, with their place', async () => {
    const { world, join } = await soldOutWorld()
    const [a, b, c] = [await world.member(), await world.member(), await world.member()]
    expect((await join(a)).entry).toMatchObject({ status: 'waiting', position: 1, waiting: 1 })
    world.advance(1000)
    expect((await join(b)).entry).toMatchObject({ position: 2, waiting: 2 })
    world.advance(1000)
    await Promise.all([join(c), join(c), join(c)])
    expect((await join(c)).entry).toMatchObject({ position: 3, waiting: 3 })
    expect(Object.keys(world.firestore.dump('waitlist'))).toHaveLength(3)
    expect(Object.keys(world.firestore.dump('member_waits'))).toHaveLength(3)
  })

  it('is refused while seats are left, to members with a seat, without a profile, and past the limit', async () => {
    const { world, date, paid, join } = await soldOutWorld()
    const open = world.dates[2]!
    expect(await refusal(join(await world.member(), open))).toEqual({
      code: 'failed-precondition',
      message: WAITLIST_MESSAGES.seatsLeft,
    })
    expect((await refusal(join(paid[0]!.member))).message).toBe(WAITLIST_MESSAGES.alreadyBooked)
    expect((await refusal(join({ uid: 'no-profile', email: 'x@example.test' }))).message).toBe(
      BOOKING_MESSAGES.profileRequired,
    )
    // A member on MAX_WAITLISTS lines cannot join another until they leave one.
    const busy = await world.member()
    const full = world.dates.slice(2, 2 + MAX_WAITLISTS + 1)
    for (const other of full) {
      for (let i = 0; i < EVENT.capacity; i++) await world.book(await world.member(), other)
    }
    for (const other of full.slice(0, MAX_WAITLISTS)) await join(busy, other)
    const last = full[MAX_WAITLISTS]!
    expect(await refusal(join(busy, last))).toEqual({ code: 'resource-exhausted', message: WAITLIST_MESSAGES.tooMany })
    await leaveWaitlist(world.deps, busy, { eventId: EVENT.id, eventDate: full[0]! })
    expect((await join(busy, last)).entry.status).toBe('waiting')
    expect(date).toBeTruthy()
  })
})

describe('offers', () => {
  it('three wait, two seats free: the first two are offered in order, emailed; the third waits', async () => {
    const { world, date, join, cancel, entry, seatCount } = await soldOutWorld()
    const line = [await world.member(), await world.member(), await world.member()]
    for (const member of line) {
      await join(member)
      world.advance(1000)
    }
    await cancel(0)
    await cancel(1)
    const [first, second, third] = line.map((member) => entry(member.uid)!)
    expect(first).toMatchObject({ status: 'offered', offer_expires_at: world.now + OFFER_MINUTES * 60_000 })
    expect(second).toMatchObject({ status: 'offered' })
    expect(third).toMatchObject({ status: 'waiting' })
    expect(seatCount()).toBe(EVENT.capacity)
    expect(world.firestore.read(`mail/${mailId(first!.offer_order_id!, 'waitlist-offer')}`)).toMatchObject({
      to: line[0]!.email,
      state: 'queued',
    })
    const mine = await listMyBookings(world.deps, line[2]!)
    expect(mine.waitlist).toEqual([expect.objectContaining({ eventDate: date, status: 'waiting', position: 1 })])
    // Others find the date sold out while the offers run.
    expect((await refusal(world.book(await world.member(), date))).message).toBe(BOOKING_MESSAGES.soldOut)
  })

  it('the offer is emailed while the seat is held, with the time it is held until; not once booked', async () => {
    const { world, date, join, cancel, entry } = await soldOutWorld()
    const [a, b] = [await world.member(), await world.member()]
    await join(a)
    await join(b)
    await cancel(0)
    await cancel(1)
    const mail = new FakeMail()
    await deliverOne({ ...world.deps, mailer: mail.mailer }, mailId(entry(a.uid)!.offer_order_id!, 'waitlist-offer'))
    expect(mail.sent).toHaveLength(1)
    expect(mail.sent[0]).toMatchObject({
      to: a.email,
      subject: expect.stringContaining(`A seat is yours: ${EVENT.title}`),
    })
    expect(mail.sent[0]!.text).toContain(`for ${OFFER_MINUTES} minutes, until`)
    expect(mail.sent[0]!.text).toContain(`https://yaari.example/events/${EVENT.id}`)
    // b books before the mail goes out: no offer mail for a seat already booked.
    const offerB = entry(b.uid)!.offer_order_id!
    await world.book(b, date)
    expect(await deliverOne({ ...world.deps, mailer: mail.mailer }, mailId(offerB, 'waitlist-offer'))).toBe('skipped')
    expect(mail.sent).toHaveLength(1)
  })

  it('an offer left to run out passes to the next member; the first is told it passed', async () => {
    const { world, entry, seatCount, firstOfTwoOffered } = await soldOutWorld()
    const [a, b] = await firstOfTwoOffered()
    expect(entry(a.uid)?.status).toBe('offered')
    world.advance(OFFER_MINUTES * 60_000 + 1000)
    await sweepExpiredHolds(world.deps)
    expect(entry(a.uid)?.status).toBe('passed')
    expect(entry(b.uid)?.status).toBe('offered')
    expect(seatCount()).toBe(EVENT.capacity)
    // a's place among their waitlists is given back; b keeps theirs.
    expect(Object.values(world.firestore.dump('member_waits')).map((slot) => slot.user_id)).toEqual([b.uid])
  })

  it('the offered member books through createBooking and pays: the offered seat, never one more', async () => {
    const { world, date, join, cancel, entry, seatCount } = await soldOutWorld()
    const member = await world.member()
    await join(member)
    await cancel(3)
    const offer = entry(member.uid)!
    const { order_id: orderId } = await world.book(member, date)
    expect(orderId).toBe(offer.offer_order_id)
    expect(entry(member.uid)).toBeUndefined()
    expect(seatCount()).toBe(EVENT.capacity)
    world.gateway.pay(orderId, world.at())
    expect(await reconcileBooking(world.deps, orderId)).toMatchObject({ status: 'confirmed' })
    expect(seatCount()).toBe(EVENT.capacity)
    // The offer's mail is no longer sent once the seat is booked (the entry is gone).
    expect(offerOrderId(offer)).toBe(orderId)
  })

  it('leaving with an offer passes the seat on at once', async () => {
    const { world, date, entry, firstOfTwoOffered } = await soldOutWorld()
    const [a, b] = await firstOfTwoOffered()
    await leaveWaitlist(world.deps, a, { eventId: EVENT.id, eventDate: date })
    expect(entry(a.uid)).toBeUndefined()
    expect(entry(b.uid)?.status).toBe('offered')
  })

  it('offer runs racing each other and bookings never offer one member twice nor claim a seat too many', async () => {
    const { world, date, paid, join, cancel, entry, seatCount } = await soldOutWorld()
    const line = []
    for (let i = 0; i < 6; i++) {
      const member = await world.member()
      await join(member)
      world.advance(10)
      line.push(member)
    }
    const outsiders = await Promise.all([world.member(), world.member(), world.member()])
    await Promise.all([
      cancel(0),
      cancel(1),
      cancel(2),
      ...Array.from({ length: 5 }, () => offerFreedSeats(world.deps, EVENT.id, date)),
      ...outsiders.map((member) => world.book(member, date).catch(() => undefined)),
      sweepExpiredHolds(world.deps),
    ])
    expect(seatCount()).toBeLessThanOrEqual(EVENT.capacity)
    const offered = line.filter((member) => entry(member.uid)?.status === 'offered')
    expect(offered).toEqual(line.slice(0, 3))
    const orders = new Set(Object.values(world.seats(date)).map((seat) => seat.order_id))
    expect(orders.size).toBe(seatCount())
    expect(paid).toHaveLength(EVENT.capacity)
  })
})
