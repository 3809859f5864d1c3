/**
 * reportClientError through the Functions emulator: a browser's report is logged (the emulator's
 * log, as Cloud Logging would get it) with its alert event; what is not a report is refused.
 */
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { functionUrl, ROOT } from '../../dev/lib/config.mjs'

const APP = 'http://127.0.0.1:4173'
const post = (body: string, origin: string | undefined = APP) =>
  fetch(functionUrl('reportClientError'), {
    method: 'POST',
    headers: { 'content-type': 'text/plain', ...(origin ? { origin } : {}) },
    body,
  })
const emulatorLog = () => readFileSync(join(ROOT, '.tmp', 'logs', 'firebase-emulators.log'), 'utf8')

describe('reportClientError', () => {
  it('logs a failed checkout as checkout-failed, with its order id', async () => {
    const marker = `Cashfree did not open ${randomUUID()}`
    const response = await post(
      JSON.stringify({ kind: 'checkout-failed', message: marker, path: '/events/x', orderId: 'yaari_test_1' }),
    )
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe(APP)
    await expect
      .poll(
        () =>
          emulatorLog()
            .split('\n')
            .find((line) => line.includes(marker)) ?? '',
        { timeout: 10_000 },
      )
      .toMatch(
        /"event":"checkout-failed".*"orderId":"yaari_test_1"|"orderId":"yaari_test_1".*"event":"checkout-failed"/,
      )
  })

  it('refuses another site, a body that is not a report, and one too big', async () => {
    const report = JSON.stringify({ kind: 'error', message: 'x', path: '/' })
    expect((await post(report, 'https://evil.example')).status).toBe(403)
    const wrong = await post(JSON.stringify({ kind: 'error', message: 'x', path: '/', extra: 1 }))
    expect(wrong.status).toBe(400)
    expect(await wrong.text()).toMatch(/extra/)
    expect((await post('x'.repeat(5000))).status).toBe(413)
  })
})
