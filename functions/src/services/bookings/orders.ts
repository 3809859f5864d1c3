/**
 * Our side of Cashfree's orders: an order's id (ours, made once) and the idempotency key every
 * request creating it carries, opening it, reading or terminating it, and what of its payments
 * counts: a payment confirms a booking only when it matches the order, and an attempt that ended
 * without money leaves the order open for another while the hold lasts.
 */
import { createHash, randomBytes } from 'node:crypto'
import { BOOKING_MESSAGES } from '@yaari/domain/booking'
import { HttpsError } from 'firebase-functions/v2/https'
import { CashfreeError, type CashfreeOrder, type CashfreePayment, type PaymentGateway } from '../../lib/cashfree'
import type { BookingRecord } from '../../lib/data/bookings'
import type { BookingDeps } from '../../lib/records'

export function newOrderId(date: string): string {
  const random = randomBytes(9)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, 'x')
  return `yaari_${date.replaceAll('-', '')}_${random}`
}

/** Cashfree's idempotency key (a UUID), the same for every request creating this order. */
function idempotencyKey(orderId: string): string {
  const h = createHash('sha256').update(`create-order:${orderId}`).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

/** Creates Cashfree's order, retrying once with the same idempotency key if the answer was lost. */
export async function openOrder(
  deps: BookingDeps,
  body: Parameters<BookingDeps['gateway']['createOrder']>[0],
): Promise<CashfreeOrder> {
  const key = idempotencyKey(body.order_id)
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.gateway.createOrder(body, key)
    } catch (error) {
      if (error instanceof CashfreeError && error.status === 409) return deps.gateway.getOrder(body.order_id)
      const retryable = !(error instanceof CashfreeError) || error.status >= 500 || error.status === 429
      if (retryable && attempt < 2) continue
      // No answer at all (a timeout, a dropped connection): the gateway is unreachable for now.
      if (!(error instanceof CashfreeError)) throw new HttpsError('unavailable', BOOKING_MESSAGES.gatewayError)
      throw error
    }
  }
}

/** Attempts that ended without money: the member may try again while the hold lasts. */
const FAILED_ATTEMPTS = new Set(['FAILED', 'USER_DROPPED', 'CANCELLED', 'VOID'])
export const isFailedAttemptStatus = (status: string | undefined) => status !== undefined && FAILED_ATTEMPTS.has(status)
export const isFailedAttempt = (payment: CashfreePayment | undefined) => isFailedAttemptStatus(payment?.payment_status)

export async function getOrderOrNone(gateway: PaymentGateway, orderId: string): Promise<CashfreeOrder | undefined> {
  try {
    return await gateway.getOrder(orderId)
  } catch (error) {
    if (error instanceof CashfreeError && error.status === 404) return undefined
    throw error
  }
}

/** Terminates an open order; whatever Cashfree then says it is (it may have been paid meanwhile). */
export async function closeOrder(gateway: PaymentGateway, orderId: string): Promise<CashfreeOrder> {
  try {
    return await gateway.terminateOrder(orderId)
  } catch (error) {
    if (!(error instanceof CashfreeError)) throw error
    return gateway.getOrder(orderId)
  }
}

const sameAmount = (a: number, b: number) => Math.round(a * 100) === Math.round(b * 100)

/** A payment confirms a booking only if it is for this order, in rupees, of the booking's amount. */
export function paymentMatches(
  booking: BookingRecord,
  order: CashfreeOrder,
  paid: CashfreePayment | undefined,
): boolean {
  return (
    order.order_id === booking.order_id &&
    order.order_currency === 'INR' &&
    sameAmount(order.order_amount, booking.amount) &&
    paid !== undefined &&
    (paid.order_id === undefined || paid.order_id === booking.order_id) &&
    (paid.payment_currency ?? 'INR') === 'INR' &&
    sameAmount(paid.payment_amount, booking.amount)
  )
}

/** The details of the refusal when Cashfree gave no checkout session; the browser shows noSession. */
export const NO_SESSION = { reason: 'no-session' } as const

/** What a failed step of createBooking answers the member: a Cashfree refusal as such, anything else unexplained. */
export function toHttpsError(error: unknown): HttpsError {
  if (error instanceof HttpsError) return error
  if (error instanceof CashfreeError && error.status === 400) {
    return new HttpsError('invalid-argument', `${BOOKING_MESSAGES.creationFailed} (${error.message})`)
  }
  if (error instanceof CashfreeError) return new HttpsError('unavailable', BOOKING_MESSAGES.gatewayError)
  return new HttpsError('internal', BOOKING_MESSAGES.unexpected)
}
