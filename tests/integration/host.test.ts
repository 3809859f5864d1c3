/**
 * Hosts' callables on the running stack, through the Firebase web SDK as the console calls them:
 * who is refused (a visitor, a member, a host of another city), what bad input gets, that a call
 * repeated changes nothing more, and what each action does to a date (capacity never below the
 * seats taken, added seats offered to the waitlist first, sales closed, a cancelled date refunded
 * in full). The load test calls the services in this process, as seat-claims.test.ts does.
 */
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { promisify } from 'node:util'
import { seatsCollectionPath } from '@yaari/domain/availability'
import { BOOKING_MESSAGES } from '@yaari/domain/booking'
import { bookingRequest } from '@yaari/domain/booking.fixture'
import * as host from '@yaari/domain/host'
import { afterEach, describe, expect, it } from 'vitest'
import { createBooking } from '../../functions/src/services/bookings/create'
import { changeCapacity } from '../../functions/src/services/host/actions'
import { joinWaitlist } from '../../functions/src/services/waitlist/line'
import { auth, callFunction } from '../../src/lib/firebase'
import {
  adminDb,
  bookableDates,
  callAnything,
  failure,
  paidBooking,
  profiledMember,
  rejection,
  signedInAdmin,
  signedInHost,
  signedInWith,
  signOutMember,
  signUpFreshMember,
  stackDeps,
} from './helpers'
import { ownEvents } from './own-events'

// Events of this file's own (own-events.ts): files run side by side never share a date.
// The Saturday has 10 seats, the midweek dinner 12.
const { firstHello: saturday, midweekDinner: midweek } = await ownEvents('firstHello', 'midweekDinner')

afterEach(signOutMember)

const BRIEF = { venueName: 'The Long Table', address: '12, 100 Feet Road, Indiranagar' }

/** A valid request for each host callable, on a date of `event`. */
function validRequests(date: string) {
  return {
    listHostDates: {},
    getGuestList: { eventId: midweek.id, eventDate: date },
    shareVenue: { eventId: midweek.id, eventDate: date, brief: BRIEF },
    setCapacity: { eventId: midweek.id, eventDate: date, capacity: 12 },
    setSales: { eventId: midweek.id, eventDate: date, open: true },
    hostCancelDate: { eventId: midweek.id, eventDate: date, confirm: date, reason: 'test' },
    hostCancelSeat: { eventId: midweek.id, eventDate: date, orderId: 'yaari_no_such_order', reason: 'test' },
    exportGuestList: { eventId: midweek.id, eventDate: date },
    listAudit: {},
    messageGuests: { eventId: midweek.id, eventDate: date, messageId: 'message-0001', subject: 'Hi', text: 'See you' },
    moderateMember: { eventId: midweek.id, eventDate: date, uid: 'someone', action: 'warn', reason: 'test' },
    liftModeration: { uid: 'someone', reason: 'test' },
    markAttendance: { eventId: midweek.id, eventDate: date, orderId: 'yaari_no_such_order', came: true },
    listReports: {},
    resolveReport: { reportId: 'no-such-report', action: 'dismiss', reason: 'test' },
  } as Record<string, unknown>
}

const auditOf = async (eventId: string, date: string) =>
  (await adminDb().collection('audit_log').where('event_id', '==', eventId).where('event_date', '==', date).get()).docs
    .map((doc) => doc.data())
    .sort((a, b) => a.at - b.at)

const liveSeats = async (eventId: string, date: string) =>
  (await adminDb().collection(seatsCollectionPath(eventId, date)).get()).docs.filter(
    (seat) => seat.get('status') !== 'blocked',
  )

describe("who may call a host's callable", () => {
  const date = bookableDates(midweek)[1]!

  // Four callers times every host callable: slower than one test's default 30 s on a busy 2-core runner.
  it('a visitor, a member and a host of another city are refused with permission-denied; nothing changes', {
    timeout: 120_000,
  }, async () => {
    const requests = validRequests(date)
    for (const contract of host.HOST_CALLABLES) {
      expect((await failure(callAnything(contract, requests[contract.name]))).code, `${contract.name}, visitor`).toBe(
        'functions/unauthenticated',
      )
    }
    await signUpFreshMember()
    for (const contract of host.HOST_CALLABLES) {
      const member = await failure(callAnything(contract, requests[contract.name]))
      expect(member.code, `${contract.name}, member`).toBe('functions/permission-denied')
      expect(member.message).toBe(host.HOST_MESSAGES.hostsOnly)
    }
    // A member with claims that grant nothing (a city Yaari has no such role for, admin not true).
    await signOutMember()
    await signedInWith({ host_cities: ['atlantis'], admin: 'true' })
    for (const contract of host.HOST_CALLABLES) {
      expect((await failure(callAnything(contract, requests[contract.name]))).code, `${contract.name}, forged`).toBe(
        'functions/permission-denied',
      )
    }
    // A Pune host (a published city with no events yet) sees the console but is refused every Bangalore date.
    await signOutMember()
    await signedInWith({ host_cities: ['pune'] })
    expect(await callFunction(host.listHostDatesCall, {})).toEqual({ dates: [] })
    expect((await callFunction(host.listAuditCall, {})).entries.filter((e) => e.eventId === midweek.id)).toEqual([])
    // Reports are per city: a report of another city's date is not theirs to see or resolve (after-night.test.ts).
    expect(await callFunction(host.listReportsCall, {})).toEqual({ reports: [] })
    const perCity = ['listHostDates', 'listAudit', 'listReports', 'resolveReport']
    for (const contract of host.HOST_CALLABLES.filter((c) => !perCity.includes(c.name))) {
      const refused = await failure(callAnything(contract, requests[contract.name]))
      expect(refused.code, `${contract.name}, Pune host`).toBe('functions/permission-denied')
      expect(refused.message).toBe(
        contract.name === 'liftModeration' ? host.HOST_MESSAGES.adminsOnly : host.HOST_MESSAGES.notYourCity,
      )
    }
    expect(await auditOf(midweek.id, date)).toEqual([])
    expect((await adminDb().doc(`venue_briefs/${midweek.id}_${date}`).get()).exists).toBe(false)
    expect((await adminDb().doc(`cancelled_dates/${midweek.id}_${date}`).get()).exists).toBe(false)
  })

  it('npm run grant-role makes a member a Bangalore host; after a token refresh the console answers', async () => {
    const user = await signUpFreshMember()
    expect((await failure(callFunction(host.listHostDatesCall, {}))).code).toBe('functions/permission-denied')
    const { GOOGLE_CLOUD_PROJECT: _, ...local } = process.env
    const { stdout } = await promisify(execFile)(
      'node',
      ['dev/ops.mjs', 'grant-role', '--email', String(user.email), '--role', 'host', '--city', 'bangalore'],
      { env: local },
    )
    expect(stdout).toContain('"host_cities":["bangalore"]')
    await user.getIdToken(true)
    const { dates } = await callFunction(host.listHostDatesCall, {})
    expect(dates.length).toBeGreaterThan(0)
    expect(new Set(dates.map((d) => d.city))).toEqual(new Set(['bangalore']))
  })
})

describe('bad input', () => {
  const date = bookableDates(midweek)[1]!

  it('gets invalid-argument with a reason, and changes nothing', async () => {
    await signedInHost()
    const tuesday = new Date(`${date}T00:00:00Z`)
    tuesday.setUTCDate(tuesday.getUTCDate() - 1)
    const notWednesday = tuesday.toISOString().slice(0, 10)
    const cases: [contract: (typeof host.HOST_CALLABLES)[number], data: unknown, reason: RegExp][] = [
      [host.setCapacityCall, { eventId: midweek.id, eventDate: date, capacity: 0 }, /capacity must be at least 1/],
      [host.setCapacityCall, { eventId: midweek.id, eventDate: date, capacity: 2.5 }, /whole number/],
      [host.setCapacityCall, { eventId: midweek.id, eventDate: date, capacity: '12' }, /capacity must be a number/],
      [host.setCapacityCall, { eventId: midweek.id, eventDate: date, capacity: 500 }, /at most 60/],
      [host.setSalesCall, { eventId: midweek.id, eventDate: date, open: 'yes' }, /open must be true or false/],
      [host.shareVenueCall, { eventId: midweek.id, eventDate: date, brief: { venueName: 'x' } }, /address/],
      [
        host.shareVenueCall,
        { eventId: midweek.id, eventDate: notWednesday, brief: BRIEF },
        /not a date this event runs on/,
      ],
      [host.getGuestListCall, { eventId: 'nope', eventDate: date }, /Unknown event/],
      [host.getGuestListCall, { eventId: midweek.id, eventDate: '2026-13-45' }, /YYYY-MM-DD/],
      [host.hostCancelDateCall, { eventId: midweek.id, eventDate: date, confirm: 'yes', reason: 'x' }, /Type the date/],
      [
        host.hostCancelDateCall,
        { eventId: midweek.id, eventDate: date, confirm: date, reason: ' ' },
        /reason is required/,
      ],
      [host.listHostDatesCall, { anything: 1 }, /./],
      [
        host.hostCancelSeatCall,
        { eventId: midweek.id, eventDate: date, orderId: 'a/b', reason: 'x' },
        /not a valid order id/,
      ],
      [
        host.hostCancelSeatCall,
        { eventId: midweek.id, eventDate: date, orderId: 'abc', reason: '' },
        /give the reason/,
      ],
    ]
    for (const [contract, data, reason] of cases) {
      const error = await failure(callAnything(contract, data))
      expect(error.code, JSON.stringify(data)).toBe('functions/invalid-argument')
      expect(error.message, JSON.stringify(data)).toMatch(reason)
    }
    expect(await auditOf(midweek.id, date)).toEqual([])
    expect((await adminDb().doc(`cancelled_dates/${midweek.id}_${date}`).get()).exists).toBe(false)
  })
})

describe('each action, once', () => {
  const date = bookableDates(midweek)[2]!

  it('venue: shared once, changed once (each emailed once per member), a repeat changes nothing', async () => {
    const { orderId } = await paidBooking(midweek.id, date)
    await signedInHost()
    const request = { eventId: midweek.id, eventDate: date, brief: BRIEF }
    expect((await callFunction(host.shareVenueCall, request)).changed).toBe(true)
    expect((await callFunction(host.shareVenueCall, request)).changed).toBe(false)
    const moved = { ...request, brief: { ...BRIEF, venueName: 'The Round Table' } }
    const changed = await callFunction(host.shareVenueCall, moved)
    expect(changed).toMatchObject({ changed: true, date: { venueShared: true, venueMissing: false } })
    expect((await callFunction(host.shareVenueCall, moved)).changed).toBe(false)
    const mail = (await adminDb().collection('mail').where('order_id', '==', orderId).get()).docs.map((d) => d.id)
    expect(mail.filter((id) => id.includes('venue')).sort()).toEqual(
      [`${orderId}_venue-brief`, `${orderId}_venue-changed_2`].sort(),
    )
    expect((await auditOf(midweek.id, date)).map((a) => a.action)).toEqual(['share-venue', 'change-venue'])
  })

  it('capacity: never below the seats taken; a repeat changes nothing; a raise on a sold-out date offers the first waiting member', async () => {
    const date2 = bookableDates(saturday)[3]!
    const paid = await Promise.all(Array.from({ length: 4 }, () => paidBooking(saturday.id, date2)))
    await signedInHost()
    const request = { eventId: saturday.id, eventDate: date2 }
    const refused = await failure(callFunction(host.setCapacityCall, { ...request, capacity: 3 }))
    expect(refused.code).toBe('functions/failed-precondition')
    expect(refused.message).toContain(host.HOST_MESSAGES.belowTaken)
    const lowered = await callFunction(host.setCapacityCall, { ...request, capacity: 4 })
    expect(lowered).toMatchObject({ changed: true, date: { capacity: 4, paid: 4, free: 0 } })
    expect((await callFunction(host.setCapacityCall, { ...request, capacity: 4 })).changed).toBe(false)
    // Sold out at 4: a booking is refused, a member waits.
    const late = await profiledMember()
    expect((await rejection(createBooking(stackDeps(), late, bookingRequest(saturday.id, date2)))).message).toBe(
      BOOKING_MESSAGES.soldOut,
    )
    const waiting = await profiledMember()
    await joinWaitlist(stackDeps(), waiting, { eventId: saturday.id, eventDate: date2 })
    const raised = await callFunction(host.setCapacityCall, { ...request, capacity: 11 })
    expect(raised.date).toMatchObject({ capacity: 11, paid: 4, held: 1, waiting: 0 })
    const entry = await adminDb().doc(`waitlist/${saturday.id}_${date2}_${waiting.uid}`).get()
    expect(entry.get('status')).toBe('offered')
    expect((await liveSeats(saturday.id, date2)).length).toBe(5)
    expect(paid).toHaveLength(4)
    expect((await auditOf(saturday.id, date2)).map((a) => a.change)).toEqual([
      { from: 10, to: 4 },
      { from: 4, to: 11 },
    ])
  })

  it('sales: closed, a booking and a waitlist join are refused with the reason; reopened, booking works', async () => {
    const date3 = bookableDates(midweek)[3]!
    await signedInHost()
    const request = { eventId: midweek.id, eventDate: date3 }
    expect((await callFunction(host.setSalesCall, { ...request, open: false })).date.salesOpen).toBe(false)
    expect((await callFunction(host.setSalesCall, { ...request, open: false })).changed).toBe(false)
    const member = await profiledMember()
    expect((await rejection(createBooking(stackDeps(), member, bookingRequest(midweek.id, date3)))).message).toBe(
      BOOKING_MESSAGES.salesClosed,
    )
    expect(
      (await rejection(joinWaitlist(stackDeps(), member, { eventId: midweek.id, eventDate: date3 }))).message,
    ).toBe(BOOKING_MESSAGES.salesClosed)
    expect((await callFunction(host.setSalesCall, { ...request, open: true })).changed).toBe(true)
    await expect(createBooking(stackDeps(), member, bookingRequest(midweek.id, date3))).resolves.toHaveProperty(
      'order_id',
    )
    expect((await auditOf(midweek.id, date3)).map((a) => a.action)).toEqual(['close-sales', 'reopen-sales'])
  })

  it('guest list: every guest with their food preference, counts, and the view in the audit log', async () => {
    const date4 = bookableDates(midweek)[4]!
    const { member } = await paidBooking(midweek.id, date4, {
      foodPreference: 'jain',
      drinkingPreference: 'non_drinker',
    })
    await signedInHost()
    const list = await callFunction(host.getGuestListCall, { eventId: midweek.id, eventDate: date4 })
    expect(list.date).toMatchObject({
      paid: 1,
      capacity: 12,
      free: 11,
      gross: midweek.prices.girls,
      net: midweek.prices.girls,
    })
    expect(list.guests).toEqual([
      expect.objectContaining({
        uid: member.uid,
        name: 'Asha Rao',
        foodPreference: 'jain',
        drinkingPreference: 'non_drinker',
        gender: 'female',
        mobile: '9876543210',
        state: 'paid',
        tier: 'girls',
      }),
    ])
    expect((await auditOf(midweek.id, date4)).map((a) => a.action)).toEqual(['view-guest-list'])
  })

  it('cancel: the date typed to confirm; everyone refunded in full; a repeat changes nothing', async () => {
    const date5 = bookableDates(midweek)[5]!
    const { orderId } = await paidBooking(midweek.id, date5)
    await signedInHost()
    const request = { eventId: midweek.id, eventDate: date5, confirm: date5, reason: 'The venue flooded' }
    expect(await callFunction(host.hostCancelDateCall, request)).toMatchObject({
      changed: true,
      date: { cancelled: true },
    })
    expect(await callFunction(host.hostCancelDateCall, request)).toMatchObject({ changed: false })
    const booking = (await adminDb().doc(`bookings/${orderId}`).get()).data()
    expect(booking).toMatchObject({
      status: 'cancelled',
      refund: { amount: midweek.prices.girls, reason: 'date-cancelled' },
    })
    expect((await auditOf(midweek.id, date5)).map((a) => a.action)).toEqual(['cancel-date'])
    const shared = await failure(
      callFunction(host.shareVenueCall, { eventId: midweek.id, eventDate: date5, brief: BRIEF }),
    )
    expect(shared.message).toBe(host.HOST_MESSAGES.dateCancelled)
  })
})

describe('messages and moderation', () => {
  const date = bookableDates(midweek)[7]!

  it('a message goes once to each paid guest, however often it is sent; it is bounded', async () => {
    const { orderId } = await paidBooking(midweek.id, date)
    await signedInHost()
    const message = {
      eventId: midweek.id,
      eventDate: date,
      messageId: randomUUID(),
      subject: 'Table moved',
      text: 'We are upstairs.',
    }
    expect(await callFunction(host.messageGuestsCall, message)).toEqual({ sent: 1, changed: true })
    expect(await callFunction(host.messageGuestsCall, message)).toEqual({ sent: 1, changed: false })
    const mail = await adminDb().collection('mail').where('order_id', '==', orderId).get()
    expect(mail.docs.filter((doc) => doc.get('kind') === 'host-message')).toHaveLength(1)
    const long = await failure(
      callFunction(host.messageGuestsCall, { ...message, messageId: randomUUID(), subject: 'x'.repeat(121) }),
    )
    expect(long.code).toBe('functions/invalid-argument')
    expect(long.message).toContain('at most 120 characters')
    expect((await auditOf(midweek.id, date)).filter((a) => a.action === 'message-guests')).toHaveLength(1)
  })

  it('a suspended member cannot book or wait, with the reason; a repeat changes nothing; only an admin lifts it', async () => {
    const { member } = await paidBooking(midweek.id, date)
    await signedInHost()
    const until = bookableDates(midweek)[3]!
    const request = {
      eventId: midweek.id,
      eventDate: date,
      uid: member.uid,
      action: 'suspend' as const,
      reason: 'Rude to staff',
      until,
    }
    expect(await callFunction(host.moderateMemberCall, request)).toMatchObject({ level: 'suspended', changed: true })
    expect(await callFunction(host.moderateMemberCall, request)).toMatchObject({ changed: false })
    const refused = await rejection(
      createBooking(stackDeps(), member, bookingRequest(saturday.id, bookableDates(saturday)[1]!)),
    )
    expect(refused.code).toBe('permission-denied')
    expect(refused.message).toMatch(/^Your account is suspended until .+ \(inclusive\): Rude to staff$/)
    const wait = await rejection(
      joinWaitlist(stackDeps(), member, { eventId: saturday.id, eventDate: bookableDates(saturday)[1]! }),
    )
    expect(wait.message).toBe(refused.message)
    // Someone not on the date's list is not the host's to moderate; a host cannot lift.
    const stranger = await profiledMember()
    const notOnList = await failure(callFunction(host.moderateMemberCall, { ...request, uid: stranger.uid }))
    expect(notOnList.message).toBe(host.HOST_MESSAGES.notOnList)
    const lift = { uid: member.uid, reason: 'Apologised' }
    expect((await failure(callFunction(host.liftModerationCall, lift))).message).toBe(host.HOST_MESSAGES.adminsOnly)
    const moderationMail = await adminDb().collection('mail').where('order_id', '==', `member_${member.uid}`).get()
    expect(moderationMail.docs.map((doc) => doc.get('notice.level'))).toEqual(['suspended'])
    await signOutMember()
    await signedInAdmin()
    expect(await callFunction(host.liftModerationCall, lift)).toMatchObject({ level: 'none', changed: true })
    expect(await callFunction(host.liftModerationCall, lift)).toMatchObject({ changed: false })
    await expect(
      createBooking(stackDeps(), member, bookingRequest(saturday.id, bookableDates(saturday)[1]!)),
    ).resolves.toHaveProperty('order_id')
  })
})

describe("a host cancels one member's seat", () => {
  const date = bookableDates(saturday)[3]!

  it('refunded in full and told with the reason, the seat freed, once; only a paid seat of that date', async () => {
    const { member, orderId } = await paidBooking(saturday.id, date)
    await signedInHost()
    await callFunction(host.moderateMemberCall, {
      eventId: saturday.id,
      eventDate: date,
      uid: member.uid,
      action: 'ban',
      reason: 'Harassed another guest',
    })
    // The guest list shows the member's standing beside the seat they still hold.
    const before = await callFunction(host.getGuestListCall, { eventId: saturday.id, eventDate: date })
    expect(before.guests.find((g) => g.orderId === orderId)).toMatchObject({
      state: 'paid',
      standing: { level: 'banned', reason: 'Harassed another guest' },
    })
    const seatsBefore = (await liveSeats(saturday.id, date)).length
    // An order of another date is not this date's to cancel.
    const elsewhere = await failure(
      callFunction(host.hostCancelSeatCall, {
        eventId: saturday.id,
        eventDate: bookableDates(saturday)[2]!,
        orderId,
        reason: 'x',
      }),
    )
    expect([elsewhere.code, elsewhere.message]).toEqual([
      'functions/failed-precondition',
      host.HOST_MESSAGES.notThisDate,
    ])
    const request = { eventId: saturday.id, eventDate: date, orderId, reason: 'Banned: harassed another guest' }
    const [first, second] = await Promise.all([
      callFunction(host.hostCancelSeatCall, request),
      callFunction(host.hostCancelSeatCall, request),
    ])
    expect([first.changed, second.changed].sort()).toEqual([false, true])
    expect(await callFunction(host.hostCancelSeatCall, request)).toMatchObject({ changed: false })
    const booking = (await adminDb().doc(`bookings/${orderId}`).get()).data()
    expect(booking).toMatchObject({
      status: 'cancelled',
      seat: null,
      host_cancel_reason: 'Banned: harassed another guest',
      refund: { amount: saturday.prices.girls, reason: 'host-cancelled' },
    })
    expect((await liveSeats(saturday.id, date)).length).toBe(seatsBefore - 1)
    const mail = await adminDb().collection('mail').where('order_id', '==', orderId).get()
    expect(mail.docs.filter((doc) => doc.get('kind') === 'seat-cancelled')).toHaveLength(1)
    expect(mail.docs.filter((doc) => doc.get('kind') === 'refund-issued')).toHaveLength(0)
    expect((await auditOf(saturday.id, date)).filter((a) => a.action === 'cancel-seat')).toEqual([
      expect.objectContaining({ change: expect.objectContaining({ order: orderId, refund: saturday.prices.girls }) }),
    ])
    // The member sees why in My bookings, and their own cancel finds nothing more to do.
    const after = await callFunction(host.getGuestListCall, { eventId: saturday.id, eventDate: date })
    expect(after.guests.find((g) => g.orderId === orderId)?.state).toBe('refunded')
    // A seat only held for payment is not a host's to cancel here.
    const { order_id: held } = await createBooking(
      stackDeps(),
      await profiledMember(),
      bookingRequest(saturday.id, date),
    )
    const unpaid = await failure(callFunction(host.hostCancelSeatCall, { ...request, orderId: held }))
    expect(unpaid.message).toBe(host.HOST_MESSAGES.notPaid)
  })
})

describe('200 bookings while the capacity changes', () => {
  it('never hold more seats than the capacity in force', async () => {
    const date = bookableDates(midweek)[6]!
    const host = { uid: `host_${randomUUID()}`, email: 'host@example.test' }
    const members = await Promise.all(Array.from({ length: 200 }, () => profiledMember()))
    let capacityInForce = midweek.capacity
    let worst = 0
    let watching = true
    const watch = (async () => {
      while (watching) {
        const [seats, settings] = await Promise.all([
          adminDb().collection(seatsCollectionPath(midweek.id, date)).get(),
          adminDb().doc(`date_settings/${midweek.id}_${date}`).get(),
        ])
        // Live seats never exceed the seat numbers less the blocked ones: no more documents than numbers.
        const numbers = Math.max(midweek.capacity, Number(settings.get('seat_numbers') ?? 0))
        worst = Math.max(worst, seats.size - numbers)
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    })()
    const bookings = members.map((member) => createBooking(stackDeps(), member, bookingRequest(midweek.id, date)))
    const lowered = changeCapacity(stackDeps(), host, { eventId: midweek.id, eventDate: date, capacity: 6 }).then(
      (result) => {
        capacityInForce = result.date.capacity
        return result
      },
      (error: { code: string }) => error,
    )
    const settled = await Promise.allSettled([...bookings, lowered])
    watching = false
    await watch

    expect(worst, 'seats beyond the seat numbers left unblocked').toBeLessThanOrEqual(0)
    const live = await liveSeats(midweek.id, date)
    expect(new Set(live.map((seat) => seat.get('order_id'))).size).toBe(live.length)
    const outcome = await lowered
    if ('code' in outcome)
      expect(outcome.code).toBe('failed-precondition') // bookings took more than 6 first
    else expect(outcome.date.capacity).toBe(6)
    expect(live.length).toBeLessThanOrEqual(capacityInForce)
    const held = settled.slice(0, 200).filter((r) => r.status === 'fulfilled').length
    expect(held).toBe(live.length)
    for (const result of settled.slice(0, 200)) {
      if (result.status === 'rejected') expect(result.reason).toHaveProperty('code', 'resource-exhausted')
    }
    // And raising it again while more book: still never beyond what is in force.
    const more = await Promise.all(Array.from({ length: 40 }, () => profiledMember()))
    const [raised] = await Promise.all([
      changeCapacity(stackDeps(), host, { eventId: midweek.id, eventDate: date, capacity: 20 }),
      ...more.map((member) =>
        createBooking(stackDeps(), member, bookingRequest(midweek.id, date)).catch(() => undefined),
      ),
    ])
    expect(raised.date.capacity).toBe(20)
    expect((await liveSeats(midweek.id, date)).length).toBeLessThanOrEqual(20)
    expect(auth().currentUser).toBeNull()
  }, 120_000)
})
