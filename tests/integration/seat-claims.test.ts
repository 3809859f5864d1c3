/**
 * Seats under concurrency: 200 createBooking calls at once for the last 3 seats of a date.
 *
 * The calls run the real handler in this process against the local stack's Firestore
 * stand-in and payment stand-in. They do not go through the Functions emulator, because it
 * starts one Node process per request in flight (it does not emulate the v2 concurrency of a
 * real instance): 200 at once on a 2-core machine are 200 processes loading firebase-admin,
 * which time out before any code of ours runs. The storage, the gateway and the code under
 * test are the real ones.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { stackPorts } from '../../dev/lib/config.mjs'
import { STANDIN_CLIENT_ID, STANDIN_CLIENT_SECRET } from '../../dev/payment-standin.mjs'
import { createBookingHandler } from '../../functions/src/bookings'
import { cashfreeGateway } from '../../functions/src/lib/cashfree'
import { seatsCollectionPath } from '../../src/domain/availability'
import { EVENTS } from '../../src/domain/catalogue'
import { availableDates } from '../../src/domain/schedule'
import { adminDb } from './helpers'

const event = EVENTS[2]! // midweek-wednesday-dinner, 12 seats
const date = availableDates(event).at(-1)!
const seats = () => adminDb().collection(seatsCollectionPath(event.id, date))
const members = Array.from({ length: 20 }, (_, i) => ({ uid: `concurrency_member_${i}`, email: `c${i}@example.test` }))

async function clear() {
  const all = await seats().get()
  await Promise.all(all.docs.map((doc) => doc.ref.delete()))
}

beforeAll(async () => {
  await clear()
  await Promise.all(
    members.map((member) =>
      adminDb().collection('user_profiles').doc(member.uid).set({ name: 'Asha Rao', mobile: '+919876543210' }),
    ),
  )
  // Every seat but the last three is already taken.
  await Promise.all(
    Array.from({ length: event.capacity - 3 }, (_, i) =>
      seats()
        .doc(String(i + 1))
        .create({ order_id: `taken_${i}`, user_id: 'someone', status: 'taken' }),
    ),
  )
})
afterAll(clear)

it('200 concurrent bookings for the last 3 seats: exactly 3 holds and 197 clear sold-out answers', async () => {
  const deps = {
    firestore: adminDb(),
    gateway: cashfreeGateway({
      baseUrl: `http://127.0.0.1:${stackPorts().payments}/pg`,
      clientId: STANDIN_CLIENT_ID,
      clientSecret: STANDIN_CLIENT_SECRET,
    }),
    appOrigin: 'http://127.0.0.1:4173',
  }
  const request = {
    eventId: event.id,
    eventDate: date,
    tier: 'girls',
    userProfile: {
      name: 'Asha Rao',
      email: 'asha@example.test',
      mobile: '9876543210',
      dateOfBirth: '1995-06-15',
      termsAccepted: true,
    },
  }
  const results = await Promise.allSettled(
    Array.from({ length: 200 }, (_, i) => createBookingHandler(deps, members[i % members.length]!, request)),
  )
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
}, 120_000)
