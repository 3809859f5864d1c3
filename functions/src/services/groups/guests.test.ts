import { describe, expect, it } from 'vitest'
import type { BookingRecord } from '../../lib/data/bookings'
import { seatOf } from './guests'

const booking = {
  order_id: 'order-1',
  user_id: 'member-1',
  event_id: 'midweek-wednesday-dinner',
  event_date: '2026-12-02',
  tier: 'girls',
  status: 'confirmed',
  attendee: {
    name: 'Asha Rao',
    dateOfBirth: '1995-12-03',
    personalityType: 'introvert',
    interests: ['photography', 'travel', 'not-an-interest'],
    foodPreference: 'jain',
    relationshipStatus: 'single',
  },
} as unknown as BookingRecord
const start = new Date('2026-12-02T14:30:00Z')

describe('a guest as the planner takes them', () => {
  it('from what they told us when booking: tier, personality, known interests, food, age on the night', () => {
    expect(seatOf(booking, true, start)).toEqual({
      id: 'order-1',
      tier: 'girls',
      personality: 'introvert',
      interests: ['photography', 'travel'],
      food: 'jain',
      age: 30,
    })
  })

  it('without personality and interests when the member chose not to be seated by them', () => {
    const seat = seatOf(booking, false, start)
    expect(seat.personality).toBeUndefined()
    expect(seat.interests).toEqual([])
    // The food need still keeps them company; the relationship status is never read.
    expect(seat).toEqual({ id: 'order-1', tier: 'girls', interests: [], food: 'jain', age: 30 })
  })
})
