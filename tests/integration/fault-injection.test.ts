/**
 * createBooking stopped at every step: after each of its writes, a failure is thrown (a write
 * that failed, undone on the spot) or the call never returns (the process died there, nothing
 * undone). Then and after one sweep, no seat may belong to anything but a live or paid booking,
 * no order may stay payable for a booking that ended, and a member may book again.
 * The handler runs in this process (a failpoint cannot cross HTTP) against the stack's Firestore
 * and payment stand-ins.
 */

import { BOOKING_MESSAGES, HOLD_MINUTES } from '@yaari/domain/booking'
import { bookingRequest } from '@yaari/domain/booking.fixture'
import { SEED_EVENTS } from '@yaari/domain/catalogue-seed'
import { availableDates } from '@yaari/domain/schedule'
import { describe, expect, it } from 'vitest'
import { standinControl } from '../../dev/lib/config.mjs'
import { CashfreeError, type PaymentGateway } from '../../functions/src/lib/cashfree'
import { CREATE_BOOKING_STEPS, type CreateBookingStep } from '../../functions/src/lib/records'
import { createBooking } from '../../functions/src/services/bookings/create'
import { reconcilePayments, sweepExpiredHolds } from '../../functions/src/services/bookings/sweeps'
import { adminDb, profiledMember, rejection, stackDeps } from './helpers'
import { auditInventory } from './inventory-audit'

const event = SEED_EVENTS[2]! // midweek-wednesday-dinner, 12 seats
const date = availableDates(event).at(-2)!
const request = bookingRequest(event.id, date)
const DIED = 'died'
const orderIds: string[] = []
const members: { uid: string; email: string }[] = []

/** Runs createBooking, stopping it after `step` by `how`; returns its order id if one was made. */
async function stoppedAt(step: CreateBookingStep, how: 'throws' | 'dies') {
  const member = await profiledMember()
  members.push(member)
  let orderId: string | undefined
  let died = () => {}
  const death = new Promise<typeof DIED>((resolve) => {
    died = () => resolve(DIED)
  })
  const failpoint = async (at: CreateBookingStep) => {
    if (at === 'booking-recorded' || orderId === undefined) {
      const mine = await adminDb().collection('bookings').where('user_id', '==', member.uid).get()
      orderId = mine.docs[0]?.id
    }
    if (at !== step) return
    if (how === 'throws') throw new Error(`injected: the write after ${step} failed`)
    died()
    await new Promise(() => {}) // the process died here: nothing after this line ever runs
  }
  const call = createBooking(stackDeps({ failpoint }), member, request)
  const outcome = await Promise.race([
    call.then(
      () => 'completed',
      (error: Error) => error.message,
    ),
    death,
  ])
  if (orderId) orderIds.push(orderId)
  return { outcome, member }
}

const audit = () => auditInventory(adminDb(), stackDeps().gateway, { eventId: event.id, date, orderIds })

describe('createBooking stopped between any two writes', () => {
  for (const step of CREATE_BOOKING_STEPS) {
    it(`a write failing after "${step}" is undone: nothing held, no order left payable`, async () => {
      const { outcome } = await stoppedAt(step, 'throws')
      expect(outcome).toBe(BOOKING_MESSAGES.unexpected)
      const now = await audit()
      expect(now.orphanSeats).toEqual([])
      expect(now.payableEnded).toEqual([])
    })

    it(`the process dying after "${step}" leaves no orphan seat`, async () => {
      const { outcome } = await stoppedAt(step, 'dies')
      expect(outcome).toBe(DIED)
      expect((await audit()).orphanSeats).toEqual([])
    })
  }

  it('Cashfree failing, timing out after making the order, or answering with no session: nothing held', async () => {
    const real = stackDeps().gateway
    const gateways: [string, Partial<PaymentGateway>, RegExp][] = [
      [
        'down',
        {
          createOrder: async () => {
            throw new CashfreeError(500, 'internal_error', 'internal error', 'api_error')
          },
        },
        /Payment gateway error/,
      ],
      [
        'made the order, then the answer was lost',
        {
          createOrder: async (body, key) => {
            await real.createOrder(body, key)
            throw new TypeError('fetch failed')
          },
        },
        /Payment gateway error/,
      ],
      [
        'no session',
        { createOrder: async (body, key) => ({ ...(await real.createOrder(body, key)), payment_session_id: '' }) },
        /Unable to initiate payment/,
      ],
    ]
    for (const [name, overrides, message] of gateways) {
      const member = await profiledMember()
      members.push(member)
      const error = await rejection(createBooking(stackDeps({ gateway: { ...real, ...overrides } }), member, request))
      expect(error.message, name).toMatch(message)
      const mine = await adminDb().collection('bookings').where('user_id', '==', member.uid).get()
      orderIds.push(...mine.docs.map((doc) => doc.id))
      const now = await audit()
      expect(now.orphanSeats, name).toEqual([])
      expect(now.payableEnded, name).toEqual([])
    }
  })

  it('after one sweep: every seat is a paid one, nothing pending, no order payable, no claim left', async () => {
    // One booking made it through and was paid for, so a paid seat must survive the sweep.
    const paid = await createBooking(stackDeps(), await profiledMember(), request)
    orderIds.push(paid.order_id)
    await standinControl(`/orders/${paid.order_id}/pay`, { outcome: 'SUCCESS' })

    const later = new Date(Date.now() + (HOLD_MINUTES + 1) * 60_000)
    await sweepExpiredHolds(stackDeps({ now: () => later }))
    await reconcilePayments(stackDeps({ now: () => later }))
    const after = await audit()
    expect(after).toMatchObject({ orphanSeats: [], pending: 0, paidUnconfirmed: [], payableEnded: [] })
    expect(after.seats).toBe(after.confirmed)
    expect(after.confirmed).toBe(1)
    const claims = await Promise.all(
      members.flatMap((m) => [
        adminDb().collection('member_dates').doc(`${m.uid}_${event.id}_${date}`).get(),
        adminDb().collection('member_holds').doc(`${m.uid}_1`).get(),
        adminDb().collection('member_holds').doc(`${m.uid}_2`).get(),
      ]),
    )
    expect(claims.filter((claim) => claim.exists).map((claim) => claim.ref.path)).toEqual([])

    // Everyone whose call died can book again.
    const again = await createBooking(stackDeps({ now: () => later }), members[1]!, request)
    expect(again.order_id).toMatch(/^yaari_/)
  }, 60_000)
})
