/**
 * Seats under concurrency: 200 members call createBooking at once for the last 3 seats of a date.
 *
 * The calls run the real handler in this process against the local stack's Firestore
 * stand-in and payment stand-in. They do not go through the Functions emulator, because it
 * starts one Node process per request in flight (it does not emulate the v2 concurrency of a
 * real instance): 200 at once on a 2-core machine are 200 processes loading firebase-admin,
 * which time out before any code of ours runs. The storage, the gateway and the code under
 * test are the real ones.
 */

import { seatsCollectionPath } from '@yaari/domain/availability'
import { bookingRequest } from '@yaari/domain/booking.fixture'
import { availableDates } from '@yaari/domain/schedule'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createBooking } from '../../functions/src/services/bookings/create'
import { adminDb, profiledMember, stackDeps } from './helpers'
import { ownEvent } from './own-events'

// Events of this file's own (own-events.ts): files run side by side never share a date.
const midweekDinner = await ownEvent('midweek-wednesday-dinner')

const event = midweekDinner // midweek-wednesday-dinner, 12 seats
const date = availableDates(event).at(-1)!
const seats = () => adminDb().collection(seatsCollectionPath(event.id, date))
let members: { uid: string; email: string }[] = []

async function clear() {
  const all = await seats().get()
  await Promise.all(all.docs.map((doc) => doc.ref.delete()))
}

beforeAll(async () => {
  await clear()
  members = await Promise.all(Array.from({ length: 200 }, () => profiledMember()))
  // Every seat but the last three is already taken.
  await Promise.all(
    Array.from({ length: event.capacity - 3 }, (_, i) =>
      seats()
        .doc(String(i + 1))
        .create({ order_id: `taken_${i}`, user_id: 'someone', status: 'taken' }),
    ),
  )
}, 60_000)
afterAll(clear)

it('200 members booking the last 3 seats at once: exactly 3 holds and 197 clear sold-out answers', async () => {
  const request = bookingRequest(event.id, date)
  const results = await Promise.allSettled(members.map((member) => createBooking(stackDeps(), member, request)))
  const held = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
  const refused = results.flatMap((r) =>
    r.status === 'rejected' ? [r.reason as { code: string; message: string }] : [],
  )
  expect(held).toHaveLength(3)
  expect(refused).toHaveLength(197)
  for (const error of refused) {
    expect(error.code).toBe('resource-exhausted')
    expect(error.message).toBe('Sorry, this date is sold out. Please choose another date.')
  }
  const all = await seats().get()
  expect(all.size).toBe(event.capacity)
  const holders = all.docs.map((doc) => doc.get('order_id'))
  expect(new Set(holders).size).toBe(event.capacity) // no seat given twice
  for (const { order_id } of held) expect(holders).toContain(order_id)
  // The refused calls left nothing behind: no booking record, no claim on the date.
  const uids = new Set(members.map((member) => member.uid))
  const bookings = await adminDb().collection('bookings').where('event_date', '==', date).get()
  const ours = bookings.docs.filter((doc) => uids.has(doc.get('user_id')))
  expect(ours.map((doc) => doc.id).sort()).toEqual(held.map((h) => h.order_id).sort())
  const claims = await Promise.all(
    members.map((m) => adminDb().collection('member_dates').doc(`${m.uid}_${event.id}_${date}`).get()),
  )
  expect(claims.filter((claim) => claim.exists)).toHaveLength(3)
}, 120_000)
