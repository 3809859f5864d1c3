/**
 * What the team's numbers mean, defined once: how a date's bookings become its sold, kept and
 * refunded seats, its money, who came and who did not, the offers taken and the first-time and
 * returning guests. The rollup job gathers each booking's facts from the records; these rules count
 * them. Pure, so each definition has its unit test beside it.
 */
import type { InsightRow } from './insights'

/** One booking of a date, as the numbers see it. Money in paise. */
export interface CountedBooking {
  /** Paid for (at any time, refunded or not). */
  paid: boolean
  /** The seat is still booked and paid (not cancelled, not refunded). */
  kept: boolean
  paidPaise: number
  /** Money going back (a failed refund is none). */
  refundPaise: number
  /** A kept seat whose guest came: checked in at the door or marked by a host. */
  came: boolean
  /** The seat was taken from a waitlist offer. */
  fromOffer: boolean
  /**
   * For a kept seat of a member still here: whether they had a kept seat on an earlier date.
   * Undefined for a deleted member, who counts as neither first-time nor returning.
   */
  returning?: boolean
}

/** The numbers a date's bookings give. */
export type BookingNumbers = Pick<
  InsightRow,
  | 'sold'
  | 'kept'
  | 'refunded'
  | 'grossPaise'
  | 'refundsPaise'
  | 'netPaise'
  | 'came'
  | 'noShows'
  | 'offersTaken'
  | 'firstTime'
  | 'returning'
>

const count = (bookings: readonly CountedBooking[], test: (booking: CountedBooking) => boolean) =>
  bookings.filter(test).length
const sum = (bookings: readonly CountedBooking[], value: (booking: CountedBooking) => number) =>
  bookings.reduce((total, booking) => total + value(booking), 0)

/**
 * A date's numbers from its bookings. No-shows are the kept seats whose guest did not come, counted
 * only once the evening is over and only if it ran (a date the team cancelled has none).
 */
export function bookingNumbers(
  bookings: readonly CountedBooking[],
  date: { past: boolean; cancelled: boolean },
): BookingNumbers {
  const kept = count(bookings, (b) => b.kept)
  const came = count(bookings, (b) => b.came)
  const grossPaise = sum(bookings, (b) => b.paidPaise)
  const refundsPaise = sum(bookings, (b) => b.refundPaise)
  return {
    sold: count(bookings, (b) => b.paid),
    kept,
    refunded: count(bookings, (b) => b.refundPaise > 0),
    grossPaise,
    refundsPaise,
    netPaise: grossPaise - refundsPaise,
    came,
    noShows: date.past && !date.cancelled ? kept - came : 0,
    offersTaken: count(bookings, (b) => b.paid && b.fromOffer),
    firstTime: count(bookings, (b) => b.kept && b.returning === false),
    returning: count(bookings, (b) => b.kept && b.returning === true),
  }
}

/** Rupees (the records' amounts) in paise, rounded: the numbers sum paise, never fractions. */
export const paiseOf = (rupees: number) => Math.round(rupees * 100)

/** Whether a row rolled again holds the same as the one stored (then nothing is written). */
export const sameRow = (stored: InsightRow | undefined, rolled: InsightRow) =>
  stored !== undefined && (Object.keys(rolled) as (keyof InsightRow)[]).every((key) => stored[key] === rolled[key])
