import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { istTimestamp, isValidWebhookSignature } from './cashfree'

const secret = 'secret'
const raw = '{"data":{"order":{"order_amount":170.00}},"type":"PAYMENT_SUCCESS_WEBHOOK"}'
const ts = '1746427759733'
const sign = (body: string, timestamp = ts, key = secret) =>
  createHmac('sha256', key)
    .update(timestamp + body)
    .digest('base64')

describe('the Cashfree webhook signature', () => {
  it('accepts the signature over timestamp + raw body', () => {
    expect(isValidWebhookSignature(secret, Buffer.from(raw), ts, sign(raw))).toBe(true)
  })

  it('rejects a re-serialised body, another timestamp, another key, or nothing', () => {
    const reserialised = JSON.stringify(JSON.parse(raw))
    expect(reserialised).not.toBe(raw)
    expect(isValidWebhookSignature(secret, reserialised, ts, sign(raw))).toBe(false)
    expect(isValidWebhookSignature(secret, raw, '1746427759734', sign(raw))).toBe(false)
    expect(isValidWebhookSignature(secret, raw, ts, sign(raw, ts, 'other'))).toBe(false)
    expect(isValidWebhookSignature(secret, raw, undefined, sign(raw))).toBe(false)
    expect(isValidWebhookSignature(secret, raw, ts, undefined)).toBe(false)
    expect(isValidWebhookSignature(secret, raw, ts, 'not base64 at all')).toBe(false)
    expect(isValidWebhookSignature('', raw, ts, sign(raw, ts, ''))).toBe(false)
  })
})

it('formats IST timestamps as Cashfree does', () => {
  expect(istTimestamp(new Date('2026-07-02T04:50:12Z'))).toBe('2026-07-02T10:20:12+05:30')
})
