import { createHmac } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it, vi } from 'vitest'
import { cashfreeGateway, istTimestamp, isValidWebhookSignature } from './cashfree'

const raised = vi.hoisted((): Record<string, unknown>[] => [])
vi.mock('./log', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./log')>()),
  alert: (event: string, fields: Record<string, unknown>) => raised.push({ alert: true, event, ...fields }),
}))

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

describe('a gateway failure is seen where it happens', () => {
  /** The alerts raised while `run` runs. */
  async function logsOf(run: () => Promise<unknown>) {
    raised.length = 0
    await run().catch(() => undefined)
    return raised.map((entry) => JSON.stringify(entry)).join('\n')
  }

  /** A gateway whose every answer is `status`, on a local port. */
  async function gatewayAnswering(status: number) {
    const server = createServer((_, response) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ message: 'no', code: 'x', type: 'y' }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const gateway = cashfreeGateway({ baseUrl: `http://127.0.0.1:${port}`, clientId: 'id', clientSecret: 's' })
    return { gateway, close: () => new Promise((resolve) => server.close(resolve)) }
  }

  it('401 and 403: gateway-auth-failed; 429 and 5xx: gateway-error; each with the order and the status', async () => {
    for (const [status, event] of [
      [401, 'gateway-auth-failed'],
      [403, 'gateway-auth-failed'],
      [429, 'gateway-error'],
      [500, 'gateway-error'],
      [503, 'gateway-error'],
    ] as const) {
      const { gateway, close } = await gatewayAnswering(status)
      const logs = await logsOf(() => gateway.getOrder('yaari_20261202_abc'))
      await close()
      expect(logs, String(status)).toContain(`"event":"${event}"`)
      expect(logs).toContain('"alert":true')
      expect(logs).toContain('"orderId":"yaari_20261202_abc"')
      expect(logs).toContain(`"status":${status}`)
    }
  })

  it('no answer at all (a refused connection): gateway-unreachable; a 404 is the caller’s to judge', async () => {
    const { gateway, close } = await gatewayAnswering(200)
    await close() // nothing listens there any more
    expect(await logsOf(() => gateway.refund('yaari_1', { refund_id: 'r', refund_amount: 1 }))).toContain(
      '"event":"gateway-unreachable"',
    )
    const notFound = await gatewayAnswering(404)
    expect(await logsOf(() => notFound.gateway.getOrder('yaari_2'))).not.toContain('"alert":true')
    await notFound.close()
  })
})
