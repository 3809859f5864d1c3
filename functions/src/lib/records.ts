/**
 * What every booking module shares beyond the records (lib/data/bookings.ts): the dependencies a
 * handler takes, the money a booking holds, and running work a few at a time.
 */

import type { CashfreeMode } from '@yaari/domain/booking'
import type { PaymentGateway } from './cashfree'
import type { Context } from './context'
import type { BookingRecord } from './data/bookings'

/** The steps of createBooking, in order; fault-injection tests stop the handler at each. */
export const CREATE_BOOKING_STEPS = [
  'member-date-claimed',
  'booking-recorded',
  'hold-slot-claimed',
  'seat-claimed',
  'seat-recorded',
  'order-created',
  'session-recorded',
] as const
export type CreateBookingStep = (typeof CREATE_BOOKING_STEPS)[number]

/** The context of a service that may take money or give it back: Cashfree, and where checkout returns. */
export interface BookingDeps extends Context {
  gateway: PaymentGateway
  /** Where the member's browser comes back after checkout, e.g. https://yaari.app */
  appOrigin: string
  /** The Cashfree environment `gateway` talks to; the browser opens checkout in the same one. */
  cashfreeMode: CashfreeMode
  /** For a scheduled job: when it must stop taking new items (handlers/sizing.ts `jobDeadline`). */
  deadline?: number
  /**
   * Called after each step of createBooking. Production leaves it out; fault-injection tests
   * throw here (a failed write) or never return (the process died).
   */
  failpoint?: (step: CreateBookingStep) => void | Promise<void>
}

/** Money that came in for a booking, and what went back to the member (rupees; a failed refund is not back). */
export const paidIn = (booking: BookingRecord) => (booking.paid_at !== undefined ? booking.amount : 0)
export const paidBack = (booking: BookingRecord) =>
  booking.refund && booking.refund.status !== 'failed' ? booking.refund.amount : 0

/** Whether a paid booking's guest came: the door checked them in, or a host marked them. */
export const came = (booking: BookingRecord) =>
  booking.status === 'confirmed' && (booking.checked_in_at !== undefined || booking.came_marked !== undefined)

/** Runs `fn` over `items`, at most `limit` at a time. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const { results } = await mapUntil(items, limit, fn, Number.POSITIVE_INFINITY)
  return results as R[]
}

/**
 * Runs `fn` over `items`, at most `limit` at a time, starting none after `deadline` (ms since
 * 1970): a job that must end inside its timeout leaves the rest, still due, to its next run. The
 * result of each item started (undefined for the rest) and how many were left.
 */
export async function mapUntil<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
  deadline: number,
): Promise<{ results: (R | undefined)[]; left: number }> {
  const results: (R | undefined)[] = new Array(items.length).fill(undefined)
  let next = 0
  const worker = async () => {
    while (next < items.length && Date.now() < deadline) {
      const index = next++
      results[index] = await fn(items[index] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return { results, left: items.length - next }
}
