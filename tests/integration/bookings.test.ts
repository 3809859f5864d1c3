import { createHmac } from 'node:crypto'
import { seatsCollectionPath } from '@yaari/domain/availability'
import { type CreateBookingRequest, createBookingCall, getBookingCall, HOLD_MINUTES } from '@yaari/domain/booking'
import { bookingRequest, VALID_ATTENDEE } from '@yaari/domain/booking.fixture'
import { SEED, SEED_EVENTS } from '@yaari/domain/catalogue-seed'
import { shareVenueProblem } from '@yaari/domain/host'
import { listMyBookingsCall } from '@yaari/domain/my-bookings'
import { MESSAGES } from '@yaari/domain/profile'
import { istToday } from '@yaari/domain/schedule'
import { afterEach, describe, expect, it } from 'vitest'
import { functionUrl, stackPorts, standinControl } from '../../dev/lib/config.mjs'
import { STANDIN_CLIENT_ID, STANDIN_CLIENT_SECRET } from '../../dev/payments/standin.mjs'
import type { BookingRecord } from '../../functions/src/lib/data/bookings'
import { createBooking } from '../../functions/src/services/bookings/create'
import { sweepExpiredHolds } from '../../functions/src/services/bookings/sweeps'
import { seatOf } from '../../functions/src/services/groups/guests'
import { publishVenue } from '../../functions/src/services/host/actions'
import { callFunction } from '../../src/lib/firebase'
import {
  adminDb,
  bookableDates,
  bookingMember,
  callAnything,
  failure,
  fillTable,
  profiledMember,
  signOutMember,
  signUpFreshMember,
  stackDeps,
} from './helpers'

const event = SEED_EVENTS[0]! // first-hello-stranger-meetup, Saturdays, 10 seats
const dates = bookableDates(event)
const STANDIN = `http://127.0.0.1:${stackPorts().payments}`
const CASHFREE_HEADERS = {
  'x-client-id': STANDIN_CLIENT_ID,
  'x-client-secret': STANDIN_CLIENT_SECRET,
  'x-api-version': '2025-01-01',
}

const request = (eventDate: string, overrides: Partial<CreateBookingRequest> = {}): CreateBookingRequest =>
  bookingRequest(event.id, eventDate, {
    userProfile: { ...VALID_ATTENDEE, profession: 'software_engineer', foodPreference: 'vegetarian' },
    ...overrides,
  })

const book = (body: unknown) => callAnything(createBookingCall, body)

const booking = async (orderId: string) => (await adminDb().collection('bookings').doc(orderId).get()).data()
const seats = (date: string) => adminDb().collection(seatsCollectionPath(event.id, date))
const seatsOf = async (date: string, orderId: string) => (await seats(date).where('order_id', '==', orderId).get()).docs

/** The stand-in's control API: a payment attempt with an outcome, its webhooks awaited. */
async function pay(orderId: string, body: Record<string, unknown>) {
  const response = await standinControl(`/orders/${orderId}/pay`, body)
  expect(response.status).toBe(200)
  return (await response.json()) as { deliveries: { delivered: boolean; attempts: number }[] }
}

async function clearDate(date: string) {
  const all = await seats(date).get()
  await Promise.all(all.docs.map((doc) => doc.ref.delete()))
}

afterEach(async () => {
  await signOutMember()
})

describe('createBooking', () => {
  it('holds a seat and creates the Cashfree order at the catalogue price, whatever amount is sent', async () => {
    const member = await bookingMember({ gender: 'male' })
    const date = dates[1]!
    const { order_id, payment_session_id } = await book({ ...request(date, { tier: 'boys' }), amount: 1 })
    expect(payment_session_id).toMatch(/^session_/)
    expect(await booking(order_id)).toMatchObject({
      user_id: member.uid,
      event_id: event.id,
      event_date: date,
      tier: 'boys',
      amount: SEED.priceFor(event.id, 'boys'),
      status: 'pending',
      // An app from before the one list of professions sends its own value: kept as the list's.
      attendee: { profession: 'tech', foodPreference: 'vegetarian' },
    })
    const order = await (await fetch(`${STANDIN}/pg/orders/${order_id}`, { headers: CASHFREE_HEADERS })).json()
    expect(order).toMatchObject({
      order_amount: 1299,
      order_status: 'ACTIVE',
      customer_details: { customer_id: member.uid, customer_phone: '9876543210' },
      order_meta: { return_url: 'http://127.0.0.1:4173/booking-success?order_id={order_id}' },
    })
  })

  it('refuses past dates, wrong weekdays, dates beyond the window and unknown events with a reason', async () => {
    await bookingMember()
    const wrongWeekday = new Date(`${dates[0]}T00:00:00Z`)
    wrongWeekday.setUTCDate(wrongWeekday.getUTCDate() + 1)
    const cases: [unknown, RegExp][] = [
      [request('2020-01-04'), /eventDate: 2020-01-04 is not an upcoming Saturday/],
      [request(wrongWeekday.toISOString().slice(0, 10)), /eventDate: .* is not an upcoming Saturday/],
      [request(`${Number(istToday().slice(0, 4)) + 1}-12-26`), /eventDate: .* is not an upcoming/],
      [request('tomorrow'), /eventDate must be a date/],
      [{ ...request(dates[0]!), eventId: 'rooftop-rave' }, /eventId: Unknown event/],
      [{ ...request(dates[0]!), tier: 'vip' }, /tier must be girls or boys/],
      [
        { ...request(dates[0]!), userProfile: { ...request(dates[0]!).userProfile, termsAccepted: false } },
        /accept the terms/,
      ],
    ]
    for (const [payload, reason] of cases) {
      const error = await failure(book(payload))
      expect(error.code, JSON.stringify(payload)).toBe('functions/invalid-argument')
      expect(error.message).toMatch(reason)
    }
  })

  it('the person a seat is for meets the profile rules: aged 11 or born on no real date is refused, and no seat is held', async () => {
    await bookingMember()
    const date = dates[1]!
    const before = (await seats(date).get()).size
    const elevenYearsOld = `${Number(istToday().slice(0, 4)) - 11}-01-01`
    for (const [dateOfBirth, message] of [
      [elevenYearsOld, MESSAGES.tooYoung],
      ['1800-02-30', MESSAGES.dateInvalid],
    ] as const) {
      const body = request(date, { userProfile: { ...request(date).userProfile, dateOfBirth } })
      const error = await failure(book(body))
      expect([error.code, error.message]).toEqual(['functions/invalid-argument', `userProfile.dateOfBirth: ${message}`])
    }
    expect((await seats(date).get()).size).toBe(before)
  })

  it('a booking without the optional answers stores none of them, and the planner takes them as unknown', async () => {
    await bookingMember()
    const date = dates[2]!
    // The least the form requires: no profession, food, personality, drinking or relationship status.
    const { order_id } = await book(bookingRequest(event.id, date))
    const stored = await booking(order_id)
    for (const unasked of [
      'profession',
      'foodPreference',
      'personalityType',
      'drinkingPreference',
      'relationshipStatus',
    ]) {
      expect(stored?.attendee).not.toHaveProperty(unasked)
    }
    const seat = seatOf(stored as BookingRecord, true, new Date())
    expect(seat).not.toHaveProperty('personality')
    expect(seat).not.toHaveProperty('food')
  })

  it("the answers given with a booking are kept on the member's profile; one not given changes nothing", async () => {
    const member = await bookingMember()
    const profile = adminDb().collection('user_profiles').doc(member.uid)
    await profile.update({ personality_type: 'extrovert' }) // given before, on the profile page
    const own = await book(
      bookingRequest(event.id, dates[3]!, {
        userProfile: { ...VALID_ATTENDEE, foodPreference: 'vegetarian', relationshipStatus: 'married' },
      }),
    )
    // What the profile now keeps is said back, for the device's copy.
    expect(own.kept_answers).toEqual({ food_preference: 'vegetarian', relationship_status: 'married' })
    expect((await profile.get()).data()).toMatchObject({
      food_preference: 'vegetarian',
      relationship_status: 'married',
      personality_type: 'extrovert',
    })
    expect((await profile.get()).data()).not.toHaveProperty('drinking_preference')
    expect((await profile.get()).get('given_answers')).toEqual(['food_preference', 'relationship_status'])

    // A seat booked for a friend (another name): the friend's answers are not the member's.
    const friends = await book(
      bookingRequest(event.id, dates[4]!, {
        userProfile: { ...VALID_ATTENDEE, name: 'Ravi Kumar', foodPreference: 'jain', drinkingPreference: 'regular' },
      }),
    )
    expect(friends.kept_answers).toEqual({})
    expect((await profile.get()).data()).toMatchObject({ food_preference: 'vegetarian' })
    expect((await profile.get()).data()).not.toHaveProperty('drinking_preference')
  })

  it('needs a completed profile', async () => {
    await signUpFreshMember()
    const error = await failure(book(request(dates[0]!)))
    expect(error.code).toBe('functions/failed-precondition')
  })
})

describe('payment webhooks and booking status', () => {
  it('a paid order confirms the booking once, however often the webhook comes', async () => {
    await bookingMember()
    const { order_id } = await book(request(dates[2]!))
    const { deliveries } = await pay(order_id, { outcome: 'SUCCESS', copies: 5 })
    expect(deliveries.every((d) => d.delivered)).toBe(true)
    expect(await booking(order_id)).toMatchObject({ status: 'confirmed' })
    const transitions = await adminDb().collection('bookings').doc(order_id).collection('transitions').get()
    expect(transitions.docs.map((doc) => doc.id)).toEqual(['settled'])
    expect(transitions.docs[0]?.get('applied')).toBe(true)
    const view = await callFunction(getBookingCall, { orderId: order_id })
    expect(view.booking.status).toBe('confirmed')
  }, 60_000) // five deliveries may each meet a cold emulator worker

  it('a failed attempt leaves the order payable and the seat held: the member pays on a second try', async () => {
    await bookingMember()
    const date = dates[2]!
    const { order_id } = await book(request(date))
    const seat = (await booking(order_id))?.seat
    await pay(order_id, { outcome: 'FAILED' })
    expect(await booking(order_id)).toMatchObject({ status: 'pending', last_attempt: { status: 'FAILED' } })
    expect((await seats(date).doc(String(seat)).get()).get('order_id')).toBe(order_id)
    const order = await (await fetch(`${STANDIN}/pg/orders/${order_id}`, { headers: CASHFREE_HEADERS })).json()
    expect(order.order_status).toBe('ACTIVE')
    const view = await callFunction(getBookingCall, { orderId: order_id })
    expect(view.booking).toMatchObject({ status: 'pending', lastAttemptFailed: true })
    expect(view.booking.paymentSessionId).toMatch(/^session_/)

    await pay(order_id, { outcome: 'SUCCESS' })
    expect(await booking(order_id)).toMatchObject({ status: 'confirmed', seat })
  })

  it('when the hold ends after a failed attempt, the order is closed, the booking failed and the seat free', async () => {
    const member = await profiledMember()
    const date = dates[2]!
    const { order_id } = await createBooking(stackDeps(), member, request(date))
    await pay(order_id, { outcome: 'USER_DROPPED' })
    const later = new Date(Date.now() + (HOLD_MINUTES + 1) * 60_000)
    await sweepExpiredHolds(stackDeps({ now: () => later }))
    expect(await booking(order_id)).toMatchObject({ status: 'failed' })
    expect((await seatsOf(date, order_id)).length).toBe(0)
    const order = await (await fetch(`${STANDIN}/pg/orders/${order_id}`, { headers: CASHFREE_HEADERS })).json()
    expect(order.order_status).toBe('TERMINATED')
  })

  it('a webhook with a bad or missing signature is refused (401) and changes nothing', async () => {
    await bookingMember()
    const { order_id } = await book(request(dates[2]!))
    const raw = JSON.stringify({ type: 'PAYMENT_FAILED_WEBHOOK', data: { order: { order_id } } })
    const timestamp = String(Date.now())
    const forged = createHmac('sha256', 'not-the-secret')
      .update(timestamp + raw)
      .digest('base64')
    const attempts: Record<string, string>[] = [
      { 'x-webhook-timestamp': timestamp, 'x-webhook-signature': forged },
      { 'x-webhook-timestamp': timestamp },
      {},
    ]
    for (const headers of attempts) {
      const response = await fetch(functionUrl('cashfreeWebhook'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: raw,
      })
      expect(response.status).toBe(401)
    }
    expect(await booking(order_id)).toMatchObject({ status: 'pending' })
  })

  it('a lost webhook cannot leave a paid booking unconfirmed: getBooking asks the gateway', async () => {
    await bookingMember()
    const { order_id } = await book(request(dates[3]!))
    // The gateway's webhook never gets through (its signature is refused every time).
    const { deliveries } = await pay(order_id, { outcome: 'SUCCESS', signature: 'bad', retries: 0 })
    expect(deliveries.every((d) => !d.delivered)).toBe(true)
    expect(await booking(order_id)).toMatchObject({ status: 'pending' })
    const view = await callFunction(getBookingCall, { orderId: order_id })
    expect(view.booking.status).toBe('confirmed')
  }, 30_000)

  it('a change whose first runner stopped half-way is finished by the next one', async () => {
    await bookingMember()
    const { order_id } = await book(request(dates[3]!))
    await pay(order_id, { outcome: 'SUCCESS', signature: 'bad', retries: 0 }) // paid, but no webhook got through
    // As if a webhook handler had claimed the change a minute ago and then crashed.
    const marker = adminDb().collection('bookings').doc(order_id).collection('transitions').doc('settled')
    await marker.create({ at: Date.now() - 60_000, applied: false })
    const view = await callFunction(getBookingCall, { orderId: order_id })
    expect(view.booking.status).toBe('confirmed')
    expect((await marker.get()).get('applied')).toBe(true)
  }, 30_000)

  it('a payment that arrives after its hold was released gets a seat again, or a full refund when the table is full', async () => {
    await bookingMember()
    const date = dates[4]!
    await clearDate(date)
    const getBooking = (orderId: string) => callFunction(getBookingCall, { orderId }).then((r) => r.booking.status)
    const expire = (orderId: string) => standinControl(`/orders/${orderId}/expire`)

    // 1. The hold runs out, the seat is released; then the payment (begun in time) succeeds.
    const first = (await book(request(date))).order_id
    await expire(first)
    expect(await getBooking(first)).toBe('expired')
    expect((await seats(date).get()).size).toBe(0)
    await pay(first, { outcome: 'SUCCESS', lateSuccess: true })
    expect(await booking(first)).toMatchObject({ status: 'confirmed' })
    expect((await seats(date).get()).docs.map((doc) => doc.get('order_id'))).toEqual([first])

    // 2. The same for another member, but the table filled meanwhile: refunded in full, never an
    // over-full table, and the member told the refund's true state (pending until Cashfree pays it).
    await signOutMember()
    await bookingMember()
    const second = (await book(request(date))).order_id
    await expire(second)
    expect(await getBooking(second)).toBe('expired')
    await fillTable(event, date)
    await pay(second, { outcome: 'SUCCESS', lateSuccess: true })
    expect(await getBooking(second)).toBe('refunded')
    const refunds = await (await fetch(`${STANDIN}/pg/orders/${second}/refunds`, { headers: CASHFREE_HEADERS })).json()
    expect(refunds).toMatchObject([{ refund_amount: SEED.priceFor(event.id, 'girls'), refund_status: 'PENDING' }])
    const refunded = await callFunction(getBookingCall, { orderId: second })
    expect(refunded.booking.refund).toEqual({
      amount: SEED.priceFor(event.id, 'girls'),
      status: 'pending',
      reason: 'table-full',
    })
    expect((await seats(date).get()).size).toBe(event.capacity)
    await clearDate(date)
  }, 60_000)

  it('only the owner can read a booking; a made-up order id is not found', async () => {
    await bookingMember()
    const { order_id } = await book(request(dates[3]!))
    const mine = await callFunction(listMyBookingsCall, {})
    expect(mine.bookings.map((b) => b.orderId)).toEqual([order_id])
    await signOutMember()

    await bookingMember()
    const error = await failure(callFunction(getBookingCall, { orderId: order_id }))
    expect(error.code).toBe('functions/not-found')
    expect((await callFunction(listMyBookingsCall, {})).bookings).toEqual([])
    const madeUp = await failure(callFunction(getBookingCall, { orderId: 'yaari_20990101_madeup' }))
    expect(madeUp.code).toBe('functions/not-found')
    const junk = await failure(callFunction(getBookingCall, { orderId: '../../etc' }))
    expect(junk.code).toBe('functions/invalid-argument')
  })

  it('a confirmed ticket shows the venue brief once the team shares it; an unpaid booking never does', async () => {
    const date = dates[4]!
    const brief = {
      venueName: 'The Long Table',
      address: '12, 100 Feet Road, Indiranagar',
      mapsUrl: 'https://maps.example.test/long-table',
    }
    await bookingMember()
    const { order_id } = await book(request(date))
    await pay(order_id, { outcome: 'SUCCESS' })
    const before = await callFunction(listMyBookingsCall, {})
    expect(before.bookings).toEqual([expect.objectContaining({ orderId: order_id, status: 'confirmed' })])
    expect(before.bookings[0]?.venueBrief).toBeUndefined()

    const invalid = { eventId: event.id, eventDate: date, brief: { venueName: ' ', mapsUrl: 'http://x.test' } }
    // What the team's share-venue command does: the shared schema's reason, or the brief published.
    expect(shareVenueProblem(SEED, invalid)).toMatch(/venueName is required.*address/)
    const tuesday = { eventId: event.id, eventDate: '2026-11-24', brief }
    expect(shareVenueProblem(SEED, tuesday)).toMatch('eventDate is not a date this event runs on')
    await publishVenue(
      adminDb(),
      { command: 'share-venue' },
      event,
      { eventId: event.id, eventDate: date, brief },
      Date.now(),
    )

    const after = await callFunction(listMyBookingsCall, {})
    expect(after.bookings).toEqual([expect.objectContaining({ orderId: order_id, venueBrief: brief })])
    const one = await callFunction(getBookingCall, { orderId: order_id })
    expect(one.booking.venueBrief).toEqual(brief)
    await signOutMember()

    // A member whose payment has not arrived does not learn where the table is.
    await bookingMember()
    const unpaid = await book(request(date))
    const theirs = await callFunction(listMyBookingsCall, {})
    expect(theirs.bookings).toEqual([{ ...theirs.bookings[0], orderId: unpaid.order_id, status: 'pending' }])
    expect(theirs.bookings[0]).not.toHaveProperty('venueBrief')
    await adminDb().doc(`venue_briefs/${event.id}_${date}`).delete()
    await clearDate(date)
  }, 60_000)
})
