// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { BookingView } from '../../domain/booking'
import { clearMemberData, YaariDb } from '../../lib/db'
import { saveBookings, savedBookings, savedWaitlist, saveWaitlist } from './saved-bookings'

let db: YaariDb
let count = 0
beforeEach(() => {
  db = new YaariDb(`bookings-${++count}`)
})
afterEach(() => db.close())

const booking = (orderId: string, eventDate: string): BookingView => ({
  orderId,
  status: 'confirmed',
  eventId: 'first-hello-stranger-meetup',
  eventDate,
  tier: 'girls',
  amount: 499,
  createdAt: '2026-11-22T03:00:00.000Z',
})

it('keeps the latest list per member, soonest first, and forgets it on sign-out', async () => {
  await saveBookings(db, 'alice', [booking('a1', '2026-12-05'), booking('a2', '2026-11-28')], 1000)
  await saveBookings(db, 'bob', [booking('b1', '2026-11-28')], 1000)
  await saveBookings(db, 'alice', [booking('a2', '2026-11-28')], 2000) // a1 is gone on the server
  expect(await savedBookings(db, 'alice')).toEqual({ bookings: [booking('a2', '2026-11-28')], savedAt: 2000 })
  await clearMemberData(db, 'alice')
  expect(await savedBookings(db, 'alice')).toEqual({ bookings: [], savedAt: undefined })
  expect((await savedBookings(db, 'bob')).bookings).toHaveLength(1)
})

it('skips a stored row that no longer fits', async () => {
  await db.bookings.put({ orderId: 'x', uid: 'alice', booking: { orderId: 'x' }, savedAt: 1 })
  await saveBookings(db, 'bob', [booking('b1', '2026-11-28')])
  expect((await savedBookings(db, 'alice')).bookings).toEqual([])
})

it('keeps the venue brief with the ticket, so the exact venue opens offline', async () => {
  const withBrief: BookingView = {
    ...booking('a1', '2026-12-05'),
    venueBrief: {
      venueName: 'The Long Table',
      address: '12, 100 Feet Road, Indiranagar',
      mapsUrl: 'https://maps.example.test/long-table',
      notes: 'Ask for the Yaari table.',
    },
  }
  await saveBookings(db, 'alice', [withBrief])
  expect((await savedBookings(db, 'alice')).bookings).toEqual([withBrief])
})

it('keeps a cancelled booking with its refund', async () => {
  const cancelled: BookingView = {
    ...booking('c1', '2026-12-05'),
    status: 'cancelled',
    refund: { amount: 250, status: 'pending', reason: 'cancelled' },
  }
  await saveBookings(db, 'alice', [cancelled], 1000)
  expect((await savedBookings(db, 'alice')).bookings).toEqual([cancelled])
})

it("keeps the member's waitlist places, drops one that no longer fits, and forgets them on sign-out", async () => {
  const entry = {
    eventId: 'first-hello-stranger-meetup',
    eventDate: '2026-12-05',
    status: 'waiting' as const,
    position: 2,
    waiting: 3,
    joinedAt: '2026-11-22T03:00:00.000Z',
  }
  await saveWaitlist(db, 'alice', [entry, { ...entry, status: 'gone' } as never], 1000)
  expect(await savedWaitlist(db, 'alice')).toEqual([entry])
  expect(await savedWaitlist(db, 'bob')).toEqual([])
  await clearMemberData(db, 'alice')
  expect(await savedWaitlist(db, 'alice')).toEqual([])
})
