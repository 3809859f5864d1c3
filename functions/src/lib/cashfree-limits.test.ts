import { describe, expect, it } from 'vitest'
import { customerDetails, isFreshWebhookTimestamp, latestPayment } from './cashfree'

describe("Cashfree's customer_details limits", () => {
  it('leaves out a name or email Cashfree would refuse (3-100 characters), so "Bo" still pays', () => {
    expect(customerDetails({ uid: 'abcDEF123', mobile: '+919876543210', name: 'Bo', email: 'a@b' })).toEqual({
      customer_id: 'abcDEF123',
      customer_phone: '9876543210',
      customer_email: 'a@b',
    })
    const long = `${'a'.repeat(95)}@example.test`
    expect(customerDetails({ uid: 'abc', mobile: '9876543210', name: 'Asha Rao', email: long })).toEqual({
      customer_id: 'abc',
      customer_phone: '9876543210',
      customer_name: 'Asha Rao',
    })
  })

  it('turns a uid Cashfree would refuse as customer_id into one it accepts', () => {
    const { customer_id } = customerDetails({ uid: 'user.with@odd:chars', mobile: '9876543210' })
    expect(customer_id).toMatch(/^[A-Za-z0-9_-]{3,50}$/)
  })
})

describe('webhook timestamps', () => {
  const now = Date.parse('2026-11-23T12:00:00Z')
  it('admits Cashfree retries for a day and a little clock skew, nothing older or further ahead', () => {
    expect(isFreshWebhookTimestamp(String(now - 42 * 60_000), now)).toBe(true)
    expect(isFreshWebhookTimestamp(String(now - 23 * 3_600_000), now)).toBe(true)
    expect(isFreshWebhookTimestamp(String(now + 60_000), now)).toBe(true)
    expect(isFreshWebhookTimestamp(String(now - 25 * 3_600_000), now)).toBe(false)
    expect(isFreshWebhookTimestamp(String(Date.parse('2001-09-09T01:46:40Z')), now)).toBe(false)
    expect(isFreshWebhookTimestamp(String(now + 10 * 60_000), now)).toBe(false)
    expect(isFreshWebhookTimestamp('1700000000', now)).toBe(false) // seconds, not milliseconds
    for (const junk of [undefined, '', 'soon', '1e12', '-5']) expect(isFreshWebhookTimestamp(junk, now)).toBe(false)
  })
})

describe('the latest payment attempt', () => {
  it('is the one with the latest time, wherever it sits in the list', () => {
    const at = (status: string, time: string) => ({
      cf_payment_id: status,
      payment_status: status,
      payment_amount: 499,
      payment_time: time,
    })
    const list = [at('USER_DROPPED', '2026-11-23T18:05:00+05:30'), at('FAILED', '2026-11-23T18:01:00+05:30')]
    expect(latestPayment(list)?.payment_status).toBe('USER_DROPPED')
    expect(latestPayment([...list].reverse())?.payment_status).toBe('USER_DROPPED')
    expect(latestPayment([])).toBeUndefined()
  })
})
