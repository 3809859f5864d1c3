/**
 * reportClientError's handler: what it logs, and what it refuses (another site, a big or
 * malformed body, a flood from one address or from everyone).
 */
import { describe, expect, it, vi } from 'vitest'

const logged = vi.hoisted(() => ({ errors: [] as { event: string; fields: Record<string, unknown> }[], warnings: 0 }))
vi.mock('firebase-functions/logger', () => ({
  error: (event: string, fields: Record<string, unknown>) => logged.errors.push({ event, fields }),
  warn: () => {
    logged.warnings++
  },
  info: () => undefined,
}))

import { CLIENT_REPORT_LIMITS, clientReportHandler, rateLimiter } from './client-report'

const SITE = { appOrigin: 'https://yaari.example', local: false }
const report = (body: unknown, overrides: Record<string, unknown> = {}) => ({
  method: 'POST',
  origin: SITE.appOrigin,
  address: '203.0.113.7',
  rawBody: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
  userAgent: 'Mozilla/5.0',
  ...overrides,
})
const ERROR = { kind: 'error', message: 'TypeError: x is undefined', path: '/events', stack: 'at main.js:1:2' }

describe('reportClientError', () => {
  it('logs a browser error as client-error and a failed checkout as checkout-failed, without the address', () => {
    const handle = clientReportHandler(SITE)
    logged.errors.length = 0
    expect(handle(report(ERROR), 0).status).toBe(204)
    const checkout = {
      kind: 'checkout-failed',
      message: 'Failed to load Cashfree.js',
      path: '/events/x',
      orderId: 'yaari_1',
    }
    expect(handle(report(checkout), 0).status).toBe(204)
    expect(logged.errors.map((entry) => entry.event)).toEqual(['client-error', 'checkout-failed'])
    expect(logged.errors[1]?.fields).toMatchObject({
      alert: true,
      orderId: 'yaari_1',
      errorMessage: 'Failed to load Cashfree.js',
    })
    expect(JSON.stringify(logged.errors)).not.toContain('203.0.113.7')
  })

  it('refuses another site, a GET, a body over 4 KB and one outside the schema, with the reason', () => {
    const handle = clientReportHandler(SITE)
    expect(handle(report(ERROR, { origin: 'https://evil.example' }), 0).status).toBe(403)
    expect(handle(report(ERROR, { origin: undefined }), 0).status).toBe(403)
    expect(handle(report(ERROR, { method: 'GET' }), 0).status).toBe(405)
    expect(handle(report({ ...ERROR, message: 'x'.repeat(5000) }), 0).status).toBe(413)
    expect(handle(report('{not json'), 0)).toEqual({ status: 400, body: 'body is not JSON' })
    const extra = handle(report({ ...ERROR, password: 'secret' }), 0)
    expect(extra.status).toBe(400)
    const long = handle(report({ ...ERROR, message: 'x'.repeat(600) }), 0)
    expect(long).toEqual({ status: 400, body: expect.stringContaining('message is at most 500 characters') })
    expect(handle(report({ ...ERROR, kind: 'nope' }), 0).status).toBe(400)
    expect(handle(report({ ...ERROR, path: 'https://x' }), 0).body).toContain('path must start with /')
  })

  it('limits one address, then everyone, per minute, and says so once a window', () => {
    const handle = clientReportHandler(SITE)
    logged.warnings = 0
    const statuses = Array.from(
      { length: CLIENT_REPORT_LIMITS.perAddress + 5 },
      () => handle(report(ERROR), 1_000).status,
    )
    expect(statuses.filter((status) => status === 204)).toHaveLength(CLIENT_REPORT_LIMITS.perAddress)
    expect(statuses.at(-1)).toBe(429)
    expect(logged.warnings).toBe(1)
    // Another address is still heard; a minute later, the first one too.
    expect(handle(report(ERROR, { address: '198.51.100.1' }), 1_000).status).toBe(204)
    expect(handle(report(ERROR), 1_000 + CLIENT_REPORT_LIMITS.windowMs + 1).status).toBe(204)
    // Many addresses at once: the instance's own limit.
    const many = Array.from({ length: CLIENT_REPORT_LIMITS.perInstance + 10 }, (_, i) =>
      handle(report(ERROR, { address: `10.0.${Math.floor(i / 250)}.${i % 250}` }), 200_000),
    )
    expect(many.filter((r) => r.status === 204)).toHaveLength(CLIENT_REPORT_LIMITS.perInstance)
  })

  it('the limiter forgets the oldest addresses when it tracks too many', () => {
    const allow = rateLimiter(1, 60_000, 3)
    for (const key of ['a', 'b', 'c', 'd']) expect(allow(key, 0)).toBe(true)
    // 'a' was forgotten (the oldest), so it is heard again; 'd' is still limited.
    expect(allow('a', 1)).toBe(true)
    expect(allow('d', 1)).toBe(false)
  })
})
