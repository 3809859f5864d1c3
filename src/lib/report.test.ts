/**
 * The browser's error reporter: what it sends (the shape the server's schema takes), where, and
 * how little (each message once, at most CLIENT_REPORTS_PER_PAGE per page load).
 */
import { CLIENT_REPORTS_PER_PAGE } from '@yaari/domain/client-report'
import { clientReportSchema } from '@yaari/domain/client-report-schema'
import * as v from 'valibot'
import { beforeEach, describe, expect, it, vi } from 'vitest'

const beacons: { url: string; body: unknown }[] = []

beforeEach(() => {
  vi.resetModules()
  beacons.length = 0
  vi.stubGlobal('location', { pathname: '/events/first-hello-stranger-meetup' })
  vi.stubGlobal('navigator', {
    sendBeacon: (url: string, blob: Blob) => {
      void blob.text().then((text) => beacons.push({ url, body: JSON.parse(text) }))
      return true
    },
  })
})

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('report', () => {
  it('sends a failed checkout with its order id, in the shape the server checks, to reportClientError', async () => {
    const { report } = await import('./report')
    report(
      'checkout-failed',
      { message: 'Payment could not be started', code: 'payment_failed' },
      { orderId: 'yaari_1' },
    )
    await flush()
    expect(beacons).toHaveLength(1)
    expect(beacons[0]?.url).toMatch(/\/reportClientError$/)
    expect(beacons[0]?.body).toEqual({
      kind: 'checkout-failed',
      message: 'checkout-failed: Payment could not be started',
      path: '/events/first-hello-stranger-meetup',
      code: 'payment_failed',
      orderId: 'yaari_1',
    })
    expect(v.safeParse(clientReportSchema, beacons[0]?.body).success).toBe(true)
  })

  it('an uncaught error or rejection: its name, message and stack, cut to the limits', async () => {
    const { report } = await import('./report')
    const error = new TypeError('x'.repeat(1000))
    report('unhandledrejection', error)
    report('error', 'Script error.')
    await flush()
    expect(beacons.map((beacon) => (beacon.body as { kind: string }).kind)).toEqual(['unhandled-rejection', 'error'])
    const first = beacons[0]?.body as { message: string; stack: string }
    expect(first.message.length).toBe(500)
    expect(first.message.startsWith('unhandledrejection: TypeError: xxx')).toBe(true)
    for (const beacon of beacons) expect(v.safeParse(clientReportSchema, beacon.body).success).toBe(true)
  })

  it('sends each message once, and at most a page’s allowance', async () => {
    const { report } = await import('./report')
    for (let i = 0; i < 3; i++) report('error', new Error('same'))
    for (let i = 0; i < 50; i++) report('error', new Error(`loop ${i}`))
    await flush()
    expect(beacons).toHaveLength(CLIENT_REPORTS_PER_PAGE)
    expect(beacons.filter((beacon) => (beacon.body as { message: string }).message.includes('same'))).toHaveLength(1)
  })
})
