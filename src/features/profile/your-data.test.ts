import type { BookingView } from '@yaari/domain/booking'
import { SEED, SEED_EVENTS } from '@yaari/domain/catalogue-seed'
import { eventStartInstant, formatLongDate } from '@yaari/domain/schedule'
import { describe, expect, it } from 'vitest'
import { upcomingOutcomes } from './your-data'

const event = SEED_EVENTS[0]!
const HOUR = 3_600_000
const booking = (orderId: string, eventDate: string, status: BookingView['status'] = 'confirmed'): BookingView => ({
  orderId,
  status,
  eventId: event.id,
  eventDate,
  tier: 'girls',
  amount: 499,
  createdAt: '2026-11-01T10:00:00.000Z',
})

describe('what deleting the account does to each upcoming booking', () => {
  const soon = '2026-11-28'
  const later = '2026-12-05'
  const start = eventStartInstant(soon, event.startTime).getTime()

  it('names each confirmed booking still ahead with its refund, marking those within 48 hours', () => {
    const now = new Date(start - 30 * HOUR)
    expect(upcomingOutcomes(SEED, [booking('a', soon), booking('b', later)], now)).toEqual([
      {
        orderId: 'a',
        text: `${event.title}, ${formatLongDate(soon)} (starts within 48 hours): cancelled, ₹250 of ₹499 refunded.`,
      },
      { orderId: 'b', text: `${event.title}, ${formatLongDate(later)}: cancelled, ₹499 of ₹499 refunded.` },
    ])
    expect(upcomingOutcomes(SEED, [booking('a', soon)], new Date(start - 2 * HOUR))[0]?.text).toMatch(/no refund\.$/)
  })

  it('leaves out holds, cancelled bookings and events already started', () => {
    const now = new Date(start + HOUR)
    expect(
      upcomingOutcomes(
        SEED,
        [booking('a', soon), booking('b', later, 'pending'), booking('c', later, 'cancelled')],
        now,
      ),
    ).toEqual([])
  })
})
