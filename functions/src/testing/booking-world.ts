/**
 * The booking logic's world for unit tests: a fake Firestore, a fake Cashfree, a clock the test
 * moves, members with profiles, and the counts an invariant needs.
 */
import { seatsCollectionPath } from '@yaari/domain/availability'
import type { CreateBookingRequest } from '@yaari/domain/booking'
import { bookingRequest } from '@yaari/domain/booking.fixture'
import { SEED, SEED_EVENTS } from '@yaari/domain/catalogue-seed'
import { storedProfileOf, type VALID_PROFILE } from '@yaari/domain/profile.fixture'
import { availableDates } from '@yaari/domain/schedule'
import type { BookingRecord } from '../lib/data/bookings'
import type { BookingDeps, CreateBookingStep } from '../lib/records'
import { createBooking } from '../services/bookings/create'
import { reconcileBooking } from '../services/bookings/reconcile'
import { FakeFirestore } from './fake-firestore'
import { FakeGateway } from './fake-gateway'

/** A Saturday event with 10 seats. */
export const EVENT = SEED_EVENTS[0]!

export function bookingWorld(start = '2026-11-23T06:30:00Z') {
  let now = Date.parse(start)
  // Firestore's own clock is the world's: a document's creation and every read are stamped with it.
  const firestore = new FakeFirestore(() => now)
  const gateway = new FakeGateway()
  const deps: BookingDeps = {
    catalogue: SEED,
    firestore: firestore.asFirestore,
    gateway,
    appOrigin: 'https://yaari.example',
    cashfreeMode: 'sandbox',
    now: () => new Date(now),
  }
  let members = 0
  const world = {
    firestore,
    gateway,
    deps,
    /** The dates of EVENT that can be booked now. */
    dates: availableDates(EVENT, new Date(now)),
    get now() {
      return now
    },
    /** Moves the clock on. */
    advance(ms: number) {
      now += ms
    },
    /** The time `ms` from now as Cashfree writes it (ISO). */
    at(ms = 0) {
      return new Date(now + ms).toISOString()
    },
    /** A member with a saved profile (a woman, unless `profile` says otherwise). */
    async member(profile: Partial<typeof VALID_PROFILE> = {}) {
      const uid = `member_${++members}`
      const email = `${uid}@example.test`
      // What saveProfile stores for this request.
      await firestore.doc(`user_profiles/${uid}`).set({ ...storedProfileOf(uid, email, profile) })
      return { uid, email }
    },
    /** createBooking as the member calls it (a test's member books without a verified mobile unless it says otherwise). */
    book(
      member: { uid: string; email: string; skipsMobileCheck?: boolean },
      date: string,
      overrides: Partial<CreateBookingRequest> = {},
    ) {
      return createBooking(deps, { skipsMobileCheck: true, ...member }, bookingRequest(EVENT.id, date, overrides))
    },
    /** A new member's paid and confirmed booking of the second bookable date. */
    async paidBooking() {
      const member = await world.member()
      const date = world.dates[1]!
      const { order_id: orderId } = await world.book(member, date)
      gateway.pay(orderId, world.at())
      await reconcileBooking(deps, orderId)
      return { member, date, orderId }
    },
    /**
     * createBooking's process dies after `step` (a crash, a timeout): the call never goes on.
     * Resolves once a call has got there.
     */
    dieAfter(step: CreateBookingStep): Promise<void> {
      return new Promise((reached) => {
        deps.failpoint = (at) => {
          if (at !== step) return
          deps.failpoint = undefined
          reached()
          return new Promise<never>(() => {})
        }
      })
    },
    booking(orderId: string) {
      return firestore.read(`bookings/${orderId}`) as BookingRecord | undefined
    },
    /** The seat documents of a date of EVENT, by seat number. */
    seats(date: string) {
      return firestore.dump(seatsCollectionPath(EVENT.id, date))
    },
    /** Bookings by status. */
    bookings(status?: BookingRecord['status']) {
      return (Object.values(firestore.dump('bookings')) as unknown as BookingRecord[]).filter(
        (booking) => status === undefined || booking.status === status,
      )
    },
  }
  return world
}
