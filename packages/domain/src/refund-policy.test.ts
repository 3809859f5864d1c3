import { describe, expect, it } from 'vitest'
import { cancellationRefund, REFUND_POLICY, refundFor } from './refund-policy'

it('follows the Terms of Service policy: 48 h full, 24-48 h half, under 24 h none', () => {
  expect(refundFor(72).percent).toBe(100)
  expect(refundFor(48).percent).toBe(100)
  expect(refundFor(47.9).percent).toBe(50)
  expect(refundFor(24).percent).toBe(50)
  expect(refundFor(23.9).percent).toBe(0)
  expect(refundFor(0).percent).toBe(0)
  expect(refundFor(-5).percent).toBe(0)
})

it('says how and when refunds arrive', () => {
  expect(REFUND_POLICY.processing).toMatch(/5-7 business days/)
  expect(REFUND_POLICY.cancelledByUs).toMatch(/full refund or credit/)
})

describe('cancellationRefund', () => {
  const start = new Date('2026-12-05T12:30:00Z') // 18:00 IST
  const hoursBefore = (h: number) => new Date(start.getTime() - h * 3_600_000)
  it('gives the tier of the hours left: all of it from 48, half from 24, nothing under 24', () => {
    expect(cancellationRefund(499, start, hoursBefore(72))).toMatchObject({ percent: 100, amount: 499 })
    expect(cancellationRefund(499, start, hoursBefore(48))).toMatchObject({ percent: 100, amount: 499 })
    expect(cancellationRefund(499, start, hoursBefore(30))).toMatchObject({ percent: 50, amount: 250 })
    expect(cancellationRefund(1299, start, hoursBefore(24))).toMatchObject({ percent: 50, amount: 650 })
    expect(cancellationRefund(499, start, hoursBefore(10))).toMatchObject({ percent: 0, amount: 0 })
  })
  it('gives nothing to cancel once the event has started', () => {
    expect(cancellationRefund(499, start, start)).toBeUndefined()
    expect(cancellationRefund(499, start, hoursBefore(-1))).toBeUndefined()
  })
})
