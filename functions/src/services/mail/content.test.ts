/** Whether a mail with nothing to say yet waits for its booking, or is skipped. */
import { describe, expect, it } from 'vitest'
import type { BookingRecord } from '../../lib/data/bookings'
import { mayStillApply } from './content'

const booking = (fields: Partial<BookingRecord>) => fields as BookingRecord

describe('mayStillApply', () => {
  it('waits while the booking may still get to the state the mail is about', () => {
    expect(mayStillApply('booking-confirmed', booking({ status: 'pending' }))).toBe(true)
    expect(mayStillApply('seat-cancelled', booking({ status: 'confirmed' }))).toBe(true)
    expect(mayStillApply('date-cancelled', booking({ status: 'pending' }))).toBe(true)
    expect(
      mayStillApply(
        'refund-issued',
        booking({ status: 'cancelled', refund: { status: 'requested' } as BookingRecord['refund'] }),
      ),
    ).toBe(true)
  })

  it('gives up once it cannot, or when there is no booking', () => {
    expect(mayStillApply('booking-confirmed', booking({ status: 'expired' }))).toBe(false)
    expect(mayStillApply('booking-cancelled', booking({ status: 'cancelled' }))).toBe(false)
    expect(mayStillApply('day-reminder', booking({ status: 'confirmed' }))).toBe(false)
    expect(mayStillApply('booking-confirmed', undefined)).toBe(false)
  })
})
