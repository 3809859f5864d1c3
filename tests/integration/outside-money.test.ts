/**
 * Money moved outside the app reaches the booking through the real path: the payment stand-in
 * makes a refund in "Cashfree's dashboard" or raises a dispute, signs and delivers the webhook to
 * the Functions emulator's cashfreeWebhook, which reads the refunds or disputes back from Cashfree.
 */
import { seatsCollectionPath } from '@yaari/domain/availability'
import { getGuestListCall } from '@yaari/domain/host'
import { describe, expect, it } from 'vitest'
import { standinControl } from '../../dev/lib/config.mjs'
import { callFunction } from '../../src/lib/firebase'
import { adminDb, bookableDates, paidBooking, signedInHost, signOutMember } from './helpers'
import { ownEvent } from './own-events'

// Events of this file's own (own-events.ts): files run side by side never share a date.
const firstHello = await ownEvent('first-hello-stranger-meetup')

const event = firstHello

const bookingOf = async (orderId: string) => (await adminDb().doc(`bookings/${orderId}`).get()).data() ?? {}

describe('money moved outside the app', () => {
  it('a refund made in the dashboard frees the seat and tells the member', async () => {
    const date = bookableDates(event)[5]!
    const { orderId } = await paidBooking(event.id, date)
    const response = await standinControl(`/orders/${orderId}/dashboard-refund`, {})
    expect(response.ok).toBe(true)
    const { refund } = (await response.json()) as { refund: { refund_id: string; refund_amount: number } }
    expect(await bookingOf(orderId)).toMatchObject({
      status: 'refunded',
      seat: null,
      refund: {
        refund_id: refund.refund_id,
        reason: 'refunded-by-team',
        status: 'succeeded',
        amount: refund.refund_amount,
      },
    })
    const seats = await adminDb().collection(seatsCollectionPath(event.id, date)).where('order_id', '==', orderId).get()
    expect(seats.size).toBe(0)
    const mail = await adminDb().doc(`mail/${orderId}_refund-issued`).get()
    expect(mail.get('to')).toBe((await bookingOf(orderId)).attendee?.email)
    expect(mail.get('to')).toContain('@')
  })

  it('a dispute flags the booking, which keeps its seat', async () => {
    const date = bookableDates(event)[5]!
    const { orderId } = await paidBooking(event.id, date)
    const response = await standinControl(`/orders/${orderId}/disputes`, { type: 'CHARGEBACK' })
    expect(response.ok).toBe(true)
    const { dispute } = (await response.json()) as { dispute: { dispute_id: number; respond_by: string } }
    const booking = await bookingOf(orderId)
    expect(booking).toMatchObject({
      status: 'confirmed',
      disputes: [
        {
          dispute_id: String(dispute.dispute_id),
          type: 'CHARGEBACK',
          status: 'CHARGEBACK_CREATED',
          respond_by: dispute.respond_by,
        },
      ],
    })
    expect(booking.seat).toEqual(expect.any(Number))
    // The host sees it on the guest list.
    await signedInHost()
    const { guests } = await callFunction(getGuestListCall, { eventId: event.id, eventDate: date })
    await signOutMember()
    expect(guests.find((guest) => guest.orderId === orderId)).toMatchObject({ state: 'paid', paymentDisputed: true })
    await standinControl(`/disputes/${dispute.dispute_id}/status`, { status: 'CHARGEBACK_MERCHANT_WON' })
    expect((await bookingOf(orderId)).disputes).toMatchObject([{ status: 'CHARGEBACK_MERCHANT_WON' }])
  })
})
