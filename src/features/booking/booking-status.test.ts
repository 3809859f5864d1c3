import type { BookingView } from '@yaari/domain/booking'
import { describe, expect, it } from 'vitest'
import { refundExplanation, statusLabel } from './booking-status'

const base: BookingView = {
  orderId: 'yaari_20261128_abc',
  status: 'confirmed',
  eventId: 'first-hello-stranger-meetup',
  eventDate: '2026-11-28',
  tier: 'girls',
  amount: 499,
  createdAt: '2026-11-23T10:00:00.000Z',
}

describe('what a member reads about their booking', () => {
  it('a refund is "in progress" until Cashfree has paid it, and never "refunded" before', () => {
    const refunded = (status: 'requested' | 'pending' | 'succeeded' | 'failed'): BookingView => ({
      ...base,
      status: 'refunded',
      refund: { amount: 499, status, reason: 'table-full' },
    })
    expect(statusLabel(refunded('requested'))).toBe('Refund in progress')
    expect(statusLabel(refunded('pending'))).toBe('Refund in progress')
    expect(statusLabel(refunded('succeeded'))).toBe('Refunded')
    expect(statusLabel(refunded('failed'))).toBe('Refund delayed')
    expect(refundExplanation(refunded('pending'))).toMatch(/We are refunding ₹499: it reaches .* 5-7 business days/)
    expect(refundExplanation(refunded('succeeded'))).toMatch(/We have refunded ₹499/)
    expect(refundExplanation(refunded('failed'))).toMatch(/did not go through. Our team has been alerted/)
    expect(refundExplanation(base)).toBeUndefined()
  })

  it('a paid booking reads "Checked in" once a door phone has synced its check-in', () => {
    expect(statusLabel(base)).toBe('Confirmed')
    expect(statusLabel({ ...base, checkedInAt: '2026-11-28T13:05:00.000Z' })).toBe('Checked in')
  })

  it('a pending booking whose attempt failed invites another try', () => {
    expect(statusLabel({ ...base, status: 'pending' })).toBe('Payment pending')
    expect(statusLabel({ ...base, status: 'pending', lastAttemptFailed: true })).toBe('Payment failed: try again')
  })
})
