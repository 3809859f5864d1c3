/**
 * The Insights rollups against the running stack: a month of evenings that happened (refunds, a
 * cancelled date, late check-ins, a host's marks, feedback, connections, the waitlist's tallies) is
 * rolled, and every date's row equals a direct count over that date's bookings, admissions,
 * feedback, night, connections and waitlist records; a second roll writes nothing; a refund weeks
 * later reaches its date through the hourly job. The waitlist through its own paths: joins and
 * offers counted once however often the paths run. And loadInsights through the public API: a
 * member and a visitor refused, a Bangalore host refused another city, an admin answered.
 */
import { seatsCollectionPath } from '@yaari/domain/availability'
import { bookingRequest } from '@yaari/domain/booking.fixture'
import { catalogueOf, type YaariEvent } from '@yaari/domain/catalogue'
import { SEED_EVENTS } from '@yaari/domain/catalogue-seed'
import { HOST_MESSAGES } from '@yaari/domain/host'
import {
  type INSIGHT_NUMBERS,
  type InsightRow,
  loadInsightsCall,
  tallyKey,
  UPCOMING_DAYS,
} from '@yaari/domain/insights'
import { addDays, istToday } from '@yaari/domain/schedule'
import type { Firestore } from 'firebase-admin/firestore'
import { afterAll, describe, expect, it } from 'vitest'
import { standinControl } from '../../dev/lib/config.mjs'
import { loadCatalogue } from '../../functions/src/lib/catalogue'
import type { BookingRecord } from '../../functions/src/lib/data/bookings'
import { cancelBooking } from '../../functions/src/services/bookings/cancel'
import { createBooking } from '../../functions/src/services/bookings/create'
import { reconcileBooking } from '../../functions/src/services/bookings/reconcile'
import { rollInsights } from '../../functions/src/services/insights/job'
import { rollDates } from '../../functions/src/services/insights/roll'
import { refundBooking } from '../../functions/src/services/refunds'
import { joinWaitlist } from '../../functions/src/services/waitlist/line'
import { callFunction } from '../../src/lib/firebase'
import {
  adminDb,
  bookableDates,
  emptyEveryDate,
  failure,
  profiledMember,
  signedInAdmin,
  signedInHost,
  signOutMember,
  signUpFreshMember,
  stackDeps,
} from './helpers'
import { datesOfMonth, seedMonth } from './insight-month'

afterAll(async () => {
  await signOutMember()
  await emptyEveryDate()
})

const DAY = 86_400_000
/** The calendar month two before this one (IST): every evening of it over, and out of the hourly window. */
const MONTH = (() => {
  const [y, m] = istToday().split('-').map(Number) as [number, number]
  const back = new Date(Date.UTC(y, m - 3, 1))
  return back.toISOString().slice(0, 7)
})()
const FIRST = `${MONTH}-01`
const LAST = new Date(Date.UTC(Number(MONTH.slice(0, 4)), Number(MONTH.slice(5, 7)), 0)).toISOString().slice(0, 10)

const docs = async (db: Firestore, path: string, field: string, value: string, and?: [string, string]) => {
  let query = db.collection(path).where(field, '==', value)
  if (and) query = query.where(and[0], '==', and[1])
  return (await query.get()).docs
}

/** A date's numbers counted straight from its records, as a person with the database would. */
async function directCount(db: Firestore, event: YaariEvent, date: string) {
  const bookings = (await docs(db, 'bookings', 'event_id', event.id, ['event_date', date])).map(
    (doc) => doc.data() as BookingRecord,
  )
  const every = (await db.collection('bookings').get()).docs.map((doc) => doc.data() as BookingRecord)
  const admissions = new Set((await docs(db, 'door_admissions', 'event_date', date)).map((doc) => doc.id))
  const feedback = (await docs(db, 'feedback', 'event_id', event.id, ['event_date', date])).map((doc) => doc.data())
  const connections = (await docs(db, 'connections', 'event_id', event.id, ['event_date', date])).map((doc) =>
    doc.data(),
  )
  const night = (await db.doc(`nights/${event.id}_${date}`).get()).data()
  const tally = (await db.doc(`insight_tallies/${event.id}_${date}`).get()).data() ?? {}
  const cancelled = (await db.doc(`cancelled_dates/${event.id}_${date}`).get()).exists
  const paid = bookings.filter((b) => typeof b.paid_at === 'number')
  const kept = bookings.filter((b) => b.status === 'confirmed')
  const came = kept.filter((b) => admissions.has(b.order_id) || b.came_marked !== undefined)
  const moneyBack = (b: BookingRecord) =>
    b.refund && b.refund.status !== 'failed' ? Math.round(b.refund.amount * 100) : 0
  const gross = paid.reduce((sum, b) => sum + Math.round(b.amount * 100), 0)
  const refunds = bookings.reduce((sum, b) => sum + moneyBack(b), 0)
  const members = kept.map((b) => b.user_id).filter((uid) => uid !== 'deleted')
  const before = members.map((uid) =>
    every.some((b) => b.user_id === uid && b.status === 'confirmed' && b.event_date < date),
  )
  const cameUids = new Set(came.map((b) => b.user_id))
  const connected = new Set(connections.flatMap((c) => c.members as string[]).filter((uid) => cameUids.has(uid)))
  const offers = Object.keys(tally.offers ?? {})
  const fromOffers = await Promise.all(paid.map(async (b) => offers.includes(await tallyKey(b.order_id))))
  return {
    cancelled,
    past: true,
    sold: paid.length,
    kept: kept.length,
    refunded: bookings.filter((b) => moneyBack(b) > 0).length,
    grossPaise: gross,
    refundsPaise: refunds,
    netPaise: gross - refunds,
    came: came.length,
    noShows: cancelled ? 0 : kept.length - came.length,
    waitlistJoins: Object.keys(tally.joins ?? {}).length,
    waitlistOffers: offers.length,
    offersTaken: fromOffers.filter(Boolean).length,
    ratingCount: feedback.length,
    ratingSum: feedback.reduce((sum, f) => sum + Number(f.rating), 0),
    connections: Number(night?.connections ?? 0),
    guestsConnected: connected.size,
    firstTime: before.filter((was) => !was).length,
    returning: before.filter(Boolean).length,
  } satisfies Partial<InsightRow>
}

const monthDoc = async (db: Firestore, month = MONTH) => db.doc(`insights/bangalore_${month}`).get()
const rowOf = async (db: Firestore, event: YaariEvent, date: string) =>
  (await monthDoc(db, date.slice(0, 7))).get('rows')?.[`${event.id}_${date}`] as InsightRow | undefined

describe('the rollups of a month that happened', () => {
  it('equal direct counts over its records, date by date; a second roll writes nothing; a refund weeks later reaches its date', async () => {
    const db = adminDb()
    const seeded = await seedMonth(db, [...SEED_EVENTS], MONTH, 'integration')
    const catalogue = await loadCatalogue(db)
    const first = await rollDates(db, catalogue, Date.now(), { from: FIRST, to: LAST })
    expect(first.written).toBeGreaterThan(10)

    const rows: InsightRow[] = []
    for (const event of SEED_EVENTS) {
      for (const date of datesOfMonth(event, MONTH)) {
        const row = await rowOf(db, event, date)
        expect(row, `${event.id} ${date}`).toMatchObject({
          ...(await directCount(db, event, date)),
          seats: event.capacity,
        })
        rows.push(row!)
      }
    }
    // The month as seeded: its money to the paisa, a cancelled date, a refund that failed not counted.
    const total = (field: (typeof INSIGHT_NUMBERS)[number]) => rows.reduce((sum, row) => sum + row[field], 0)
    expect(total('grossPaise')).toBe(seeded.grossPaise)
    expect(total('refundsPaise')).toBe(seeded.refundsPaise)
    expect(rows.filter((row) => row.cancelled).map((row) => row.eventDate)).toEqual(seeded.cancelledDates)
    // Every kind of record counted somewhere: none of these is trivially zero.
    for (const field of [
      'noShows',
      'came',
      'returning',
      'firstTime',
      'ratingCount',
      'guestsConnected',
      'offersTaken',
    ] as const) {
      expect(total(field), field).toBeGreaterThan(0)
    }
    // No rollup names a member: not a uid, not an order id.
    const stored = JSON.stringify((await monthDoc(db)).data())
    expect(stored).not.toContain('ins-integration-')
    for (const orderId of seeded.orderIds) expect(stored).not.toContain(orderId)

    // A second roll: the same numbers, nothing written.
    const before = await monthDoc(db)
    const again = await rollDates(db, catalogue, Date.now(), { from: FIRST, to: LAST })
    expect(again.written).toBe(0)
    const after = await monthDoc(db)
    expect(after.updateTime?.isEqual(before.updateTime!)).toBe(true)
    expect(after.data()).toEqual(before.data())

    // Weeks later a host's refund of one kept seat: the hourly job (its window far from this month)
    // takes the date the refund marked, and the row counts it; the seats stay as rolled.
    const event = SEED_EVENTS[2]!
    const date = datesOfMonth(event, MONTH)[2]!
    const kept = (await docs(db, 'bookings', 'event_id', event.id, ['event_date', date]))
      .map((doc) => doc.data() as BookingRecord)
      .find((b) => b.status === 'confirmed')!
    // The refund is recorded (and its date marked) before Cashfree is asked; the stand-in does not know
    // this seeded order, so the request is refused and left to the reconciler's retries.
    await refundBooking(stackDeps(), kept, { amount: kept.amount, reason: 'host-cancelled' }).catch(() => undefined)
    expect((await db.doc(`insight_marks/${event.id}_${date}`).get()).exists).toBe(true)
    const rowBefore = (await rowOf(db, event, date))!
    const hourly = await rollInsights({ firestore: db, catalogue })
    expect(hourly.marks).toBeGreaterThanOrEqual(1)
    const rowAfter = (await rowOf(db, event, date))!
    expect(rowAfter).toMatchObject(await directCount(db, event, date))
    expect(rowAfter.refundsPaise).toBe(rowBefore.refundsPaise + Math.round(kept.amount * 100))
    expect(rowAfter.kept).toBe(rowBefore.kept - 1)
    expect((await db.doc(`insight_marks/${event.id}_${date}`).get()).exists).toBe(false)
  })
})

describe('dates no longer offered', () => {
  it('lose their row when the event is archived: an empty date to come is not an empty evening', async () => {
    const db = adminDb()
    const catalogue = await loadCatalogue(db)
    const event = SEED_EVENTS[0]!
    // Far enough ahead that no other test of the run books it; still in the window.
    const date = bookableDates(event)
      .filter((d) => d <= addDays(istToday(), UPCOMING_DAYS))
      .at(-1)!
    await rollDates(db, catalogue, Date.now(), { from: date, to: date })
    expect(await rowOf(db, event, date)).toMatchObject({ kept: 0, seats: event.capacity, past: false })
    const archived = catalogueOf({
      ...catalogue.snapshot,
      events: catalogue.snapshot.events.map((e) => (e.id === event.id ? { ...e, status: 'archived' as const } : e)),
    })
    const report = await rollDates(db, archived, Date.now(), { from: date, to: date })
    expect(report.removed).toBe(1)
    expect(await rowOf(db, event, date)).toBeUndefined()
  })
})

describe('dates on sale beyond four weeks', () => {
  it('a seat paid for a date weeks past the upcoming four is counted at the next hourly roll', async () => {
    const db = adminDb()
    const event = SEED_EVENTS[0]!
    const date = bookableDates(event).at(-1)!
    expect(date > addDays(istToday(), UPCOMING_DAYS)).toBe(true)
    const member = await profiledMember()
    const { order_id: orderId } = await createBooking(stackDeps(), member, bookingRequest(event.id, date))
    expect((await standinControl(`/orders/${orderId}/pay`)).ok).toBe(true)
    expect((await reconcileBooking(stackDeps(), orderId))?.status).toBe('confirmed')
    await rollInsights({ firestore: db, catalogue: await loadCatalogue(db) })
    const row = (await rowOf(db, event, date))!
    expect(row).toMatchObject({ past: false, sold: 1, kept: 1, seats: event.capacity })
    expect(row.grossPaise).toBe(Math.round(event.prices.girls * 100))
  })
})

describe('the waitlist through its paths', () => {
  const event = SEED_EVENTS[1]! // 10 seats
  const date = bookableDates(event)[5]!

  it('counts each join and each offer once, and the seat taken from an offer', async () => {
    const db = adminDb()
    const seats = db.collection(seatsCollectionPath(event.id, date))
    await Promise.all(
      Array.from({ length: event.capacity - 1 }, (_, i) =>
        seats.doc(String(event.capacity - i)).create({ order_id: `taken_${i}`, user_id: 'someone', status: 'taken' }),
      ),
    )
    const holder = await profiledMember()
    const { order_id: held } = await createBooking(stackDeps(), holder, bookingRequest(event.id, date))
    expect((await standinControl(`/orders/${held}/pay`)).ok).toBe(true)
    expect((await reconcileBooking(stackDeps(), held))?.status).toBe('confirmed')
    const [a, b] = [await profiledMember(), await profiledMember()]
    for (const member of [a, b]) await joinWaitlist(stackDeps(), member, { eventId: event.id, eventDate: date })
    // A second join of the same member is the same place: not a second join.
    await joinWaitlist(stackDeps(), a, { eventId: event.id, eventDate: date })
    await cancelBooking(stackDeps(), holder, { orderId: held })
    const offer = (await db.doc(`waitlist/${event.id}_${date}_${a.uid}`).get()).get('offer_order_id') as string
    expect(offer).toBeTruthy()
    const { order_id: taken } = await createBooking(stackDeps(), a, bookingRequest(event.id, date))
    expect(taken).toBe(offer)
    expect((await standinControl(`/orders/${taken}/pay`)).ok).toBe(true)
    expect((await reconcileBooking(stackDeps(), taken))?.status).toBe('confirmed')

    const catalogue = await loadCatalogue(db)
    await rollDates(db, catalogue, Date.now(), { from: date, to: date })
    const row = (await rowOf(db, event, date))!
    // Direct: b still waits, a's place became the booking its offer made (its offer marker kept).
    const waiting = (await docs(db, 'waitlist', 'event_id', event.id, ['event_date', date])).length
    const offered = (await db.doc(`bookings/${taken}/transitions/offered`).get()).exists ? 1 : 0
    expect(row).toMatchObject({ waitlistJoins: waiting + offered, waitlistOffers: offered, offersTaken: 1, kept: 1 })
    expect(row.waitlistJoins).toBe(2)
    expect(row.past).toBe(false)
    expect(row.noShows).toBe(0)
  })
})

describe('loadInsights through the public API', () => {
  const period = { from: FIRST, to: LAST }

  it('refuses a visitor and a member', async () => {
    await signOutMember()
    expect((await failure(callFunction(loadInsightsCall, period))).code).toBe('functions/unauthenticated')
    await signUpFreshMember()
    expect((await failure(callFunction(loadInsightsCall, period))).code).toBe('functions/permission-denied')
  })

  it('refuses a Bangalore host another city, answers their own, and refuses a malformed period', async () => {
    await signedInHost()
    const refused = await failure(callFunction(loadInsightsCall, { ...period, city: 'hyderabad' }))
    expect(refused.code).toBe('functions/permission-denied')
    expect(refused.message).toBe(HOST_MESSAGES.notYourCity)
    const mine = await callFunction(loadInsightsCall, period)
    expect(mine.cities.map((c) => c.id)).toEqual(['bangalore'])
    expect(mine.rows.every((row) => row.city === 'bangalore')).toBe(true)
    const backwards = await failure(callFunction(loadInsightsCall, { from: LAST, to: FIRST }))
    expect(backwards.code).toBe('functions/invalid-argument')
    expect(backwards.message).toContain('The period ends before it starts.')
  })

  it('answers an admin every city, the month as rolled', async () => {
    await signedInAdmin()
    const all = await callFunction(loadInsightsCall, period)
    expect(all.cities.map((c) => c.id)).toContain('hyderabad')
    const sunday = SEED_EVENTS[1]!
    const one = await callFunction(loadInsightsCall, { ...period, eventId: sunday.id })
    expect(one.rows.length).toBe(datesOfMonth(sunday, MONTH).length)
    expect(one.rows.every((row) => row.eventId === sunday.id)).toBe(true)
    expect(new Date(all.rolledAt!).getTime()).toBeGreaterThan(Date.now() - DAY)
    // December 9999 once ran the months on to "99989-12" (30 s, then a 500): refused at once.
    const farOff = await failure(callFunction(loadInsightsCall, { from: '9999-12-01', to: '9999-12-31' }))
    expect([farOff.code, farOff.message]).toEqual([
      'functions/invalid-argument',
      'from: Choose a date from 2024 to 2099.; to: Choose a date from 2024 to 2099.',
    ])
  })
})
