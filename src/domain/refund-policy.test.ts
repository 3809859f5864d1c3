import { expect, it } from 'vitest'
import { REFUND_POLICY, refundFor } from './refund-policy'

it('follows the Terms of Service policy: 48 h full, 24-48 h half, under 24 h none', () => {
  expect(refundFor(72)).toBe(100)
  expect(refundFor(48)).toBe(100)
  expect(refundFor(47.9)).toBe(50)
  expect(refundFor(24)).toBe(50)
  expect(refundFor(23.9)).toBe(0)
  expect(refundFor(0)).toBe(0)
  expect(refundFor(-5)).toBe(0)
})

it('says how and when refunds arrive', () => {
  expect(REFUND_POLICY.processing).toMatch(/5-7 business days/)
  expect(REFUND_POLICY.cancelledByUs).toMatch(/full refund or credit/)
})
