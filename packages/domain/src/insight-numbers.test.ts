import { describe, expect, it } from 'vitest'
import { bookingNumbers, type CountedBooking, paiseOf, sameRow } from './insight-numbers'
import type { InsightRow } from './insights'

const booking = (facts: Partial<CountedBooking> = {}): CountedBooking => ({
  paid: true,
  kept: true,
  paidPaise: 49_900,
  refundPaise: 0,
  came: false,
  fromOffer: false,
  returning: false,
  ...facts,
})
const over = { past: true, cancelled: false }
const ahead = { past: false, cancelled: false }

describe("a date's numbers from its bookings", () => {
  it('counts no-shows as the kept seats whose guest did not come, once the evening is over', () => {
    const bookings = [booking({ came: true }), booking(), booking({ kept: false, refundPaise: 49_900 })]
    expect(bookingNumbers(bookings, over)).toMatchObject({ kept: 2, came: 1, noShows: 1 })
    expect(bookingNumbers(bookings, ahead).noShows).toBe(0)
    expect(bookingNumbers(bookings, { past: true, cancelled: true }).noShows).toBe(0)
  })

  it('splits kept seats into first-time and returning guests, and counts a deleted member as neither', () => {
    const bookings = [
      booking({ returning: true }),
      booking({ returning: true }),
      booking({ returning: false }),
      booking({ returning: undefined }),
      // A seat not kept (cancelled) counts in neither, whoever booked it.
      booking({ kept: false, returning: true }),
    ]
    expect(bookingNumbers(bookings, ahead)).toMatchObject({ kept: 4, firstTime: 1, returning: 2 })
  })

  it('counts an offer as taken only when its seat was paid for', () => {
    const bookings = [booking({ fromOffer: true }), booking({ fromOffer: true, paid: false, kept: false }), booking()]
    expect(bookingNumbers(bookings, ahead).offersTaken).toBe(1)
  })

  it('sums money in paise: sold counts every seat paid, refunded those with money going back', () => {
    const bookings = [
      booking(),
      booking({ kept: false, refundPaise: 49_900 }),
      booking({ kept: false, refundPaise: 24_950 }),
      booking({ paid: false, kept: false, paidPaise: 0 }),
    ]
    expect(bookingNumbers(bookings, ahead)).toEqual({
      sold: 3,
      kept: 1,
      refunded: 2,
      grossPaise: 149_700,
      refundsPaise: 74_850,
      netPaise: 74_850,
      came: 0,
      noShows: 0,
      offersTaken: 0,
      firstTime: 1,
      returning: 0,
    })
  })

  it('rounds rupees to whole paise', () => {
    expect(paiseOf(499)).toBe(49_900)
    expect(paiseOf(0.015)).toBe(2)
    expect(paiseOf(19.99)).toBe(1999)
  })
})

describe('a row rolled again', () => {
  const row = {
    eventId: 'first-hello-stranger-meetup',
    eventDate: '2026-11-28',
    city: 'bangalore',
    cancelled: false,
    past: true,
    ...bookingNumbers([booking({ came: true })], over),
    seats: 12,
    held: 0,
    waitlistJoins: 0,
    waitlistOffers: 0,
    ratingCount: 1,
    ratingSum: 5,
    connections: 0,
    guestsConnected: 0,
  } satisfies InsightRow

  it('is the same only when every field is, and never the same as nothing stored', () => {
    expect(sameRow({ ...row }, row)).toBe(true)
    expect(sameRow({ ...row, ratingSum: 4 }, row)).toBe(false)
    expect(sameRow({ ...row, past: false }, row)).toBe(false)
    expect(sameRow(undefined, row)).toBe(false)
  })
})
