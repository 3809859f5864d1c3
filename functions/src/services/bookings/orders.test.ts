/** Our side of Cashfree's orders: ids, what a payment must match, what a failure tells the member. */
import { BOOKING_MESSAGES } from '@yaari/domain/booking'
import { HttpsError } from 'firebase-functions/v2/https'
import { describe, expect, it } from 'vitest'
import { CashfreeError, type CashfreeOrder, type CashfreePayment } from '../../lib/cashfree'
import type { BookingRecord } from '../../lib/data/bookings'
import { isFailedAttemptStatus, newOrderId, paymentMatches, toHttpsError } from './orders'

const booking = { order_id: 'yaari_20260101_abc', amount: 1499 } as BookingRecord
const order = { order_id: booking.order_id, order_currency: 'INR', order_amount: 1499 } as CashfreeOrder
const paid = { payment_amount: 1499, payment_currency: 'INR' } as CashfreePayment

describe('orders', () => {
  it("names a new order by its date, with a random part Cashfree's ids accept", () => {
    const id = newOrderId('2026-01-01')
    expect(id).toMatch(/^yaari_20260101_[A-Za-z0-9]{12}$/)
    expect(newOrderId('2026-01-01')).not.toBe(id)
  })

  it('confirms only a payment of this order, in rupees, of the booking amount', () => {
    expect(paymentMatches(booking, order, paid)).toBe(true)
    expect(paymentMatches(booking, order, undefined)).toBe(false)
    expect(paymentMatches(booking, { ...order, order_amount: 1 }, paid)).toBe(false)
    expect(paymentMatches(booking, { ...order, order_currency: 'USD' }, paid)).toBe(false)
    expect(paymentMatches(booking, order, { ...paid, payment_amount: 1498.99 })).toBe(false)
    expect(paymentMatches(booking, order, { ...paid, order_id: 'another' })).toBe(false)
  })

  it('counts an attempt that ended without money as failed, and nothing else', () => {
    for (const status of ['FAILED', 'USER_DROPPED', 'CANCELLED', 'VOID'])
      expect(isFailedAttemptStatus(status)).toBe(true)
    for (const status of ['SUCCESS', 'PENDING', undefined]) expect(isFailedAttemptStatus(status)).toBe(false)
  })

  it("tells the member a Cashfree refusal as such, and nothing of an unexpected error's detail", () => {
    const refused = toHttpsError(
      new CashfreeError(400, 'order_amount_invalid', 'order_amount: too small', 'invalid_request_error'),
    )
    expect(refused.code).toBe('invalid-argument')
    expect(refused.message).toContain(BOOKING_MESSAGES.creationFailed)
    expect(toHttpsError(new CashfreeError(502, 'internal', 'bad gateway', 'api_error')).code).toBe('unavailable')
    expect(toHttpsError(new Error('secret detail'))).toMatchObject({
      code: 'internal',
      message: BOOKING_MESSAGES.unexpected,
    })
    const own = new HttpsError('not-found', 'No such booking.')
    expect(toHttpsError(own)).toBe(own)
  })
})
