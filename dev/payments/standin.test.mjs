// @ts-check
import { createHmac } from 'node:crypto'
import { createServer } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPaymentStandin, returnTo } from './standin.mjs'

const SECRET = 'test-secret'
const CONTROL = 'stack-secret'
const APP = 'http://127.0.0.1:4173'
const HEADERS = {
  'x-client-id': 'test-id',
  'x-client-secret': SECRET,
  'x-api-version': '2025-01-01',
  'content-type': 'application/json',
}

/** A webhook receiver that records raw bodies and can fail the first N attempts. */
const received = /** @type {{ headers: import('node:http').IncomingHttpHeaders, raw: string }[]} */ ([])
let failFirst = 0
const receiver = createServer(async (req, res) => {
  const chunks = []
  for await (const chunk of req) chunks.push(chunk)
  received.push({ headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') })
  if (failFirst > 0) {
    failFirst--
    return res.writeHead(500).end()
  }
  res.writeHead(200).end('ok')
})

/** @type {ReturnType<typeof createPaymentStandin>} */
let standin
let base = ''

beforeAll(async () => {
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', () => resolve(undefined)))
  const hook = /** @type {import('node:net').AddressInfo} */ (receiver.address())
  standin = createPaymentStandin({
    clientId: 'test-id',
    clientSecret: SECRET,
    webhookUrl: `http://127.0.0.1:${hook.port}/hook`,
    retryDelaysMs: [10, 20, 30],
    controlSecret: CONTROL,
    appOrigin: APP,
  })
  await new Promise((resolve) => standin.server.listen(0, '127.0.0.1', () => resolve(undefined)))
  base = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (standin.server.address()).port}`
})
afterAll(() => {
  standin.server.close()
  receiver.close()
})

const order = (overrides = {}) => ({
  order_amount: 499,
  order_currency: 'INR',
  customer_details: { customer_id: 'member_1', customer_phone: '9876543210', customer_email: 'a@example.test' },
  order_meta: { return_url: 'http://127.0.0.1:4173/booking-success?order_id={order_id}' },
  ...overrides,
})

/** @param {unknown} body @param {Record<string, string>} [headers] */
const createOrder = (body, headers = {}) =>
  fetch(`${base}/pg/orders`, { method: 'POST', headers: { ...HEADERS, ...headers }, body: JSON.stringify(body) })

/**
 * The control API, with the stack's secret.
 * @param {string} path @param {unknown} [body] @param {string} [secret]
 */
const control = (path, body = {}, secret = CONTROL) =>
  fetch(`${base}/__standin${path}`, {
    method: 'POST',
    headers: { 'x-standin-secret': secret },
    body: JSON.stringify(body),
  })

/** @param {string} timestamp @param {string} raw */
const signatureOf = (timestamp, raw) =>
  createHmac('sha256', SECRET)
    .update(timestamp + raw)
    .digest('base64')

describe('the Cashfree PG API stand-in', () => {
  it('refuses wrong credentials (401) and a missing or unknown API version (400), as Cashfree does', async () => {
    const noAuth = await fetch(`${base}/pg/orders/x`, { headers: { 'x-api-version': '2025-01-01' } })
    expect(noAuth.status).toBe(401)
    expect(await noAuth.json()).toEqual({
      message: 'authentication Failed',
      code: 'request_failed',
      type: 'authentication_error',
    })
    const { 'x-api-version': _, ...noVersion } = HEADERS
    const missing = await fetch(`${base}/pg/orders/x`, { headers: noVersion })
    expect(missing.status).toBe(400)
    expect((await missing.json()).code).toBe('version_missing')
    const wrong = await fetch(`${base}/pg/orders/x`, { headers: { ...HEADERS, 'x-api-version': '2020-01-01' } })
    expect((await wrong.json()).code).toBe('version_invalid')
  })

  it('validates orders with Cashfree’s error codes', async () => {
    const cases = /** @type {[object, number, string][]} */ ([
      [order({ order_amount: 0 }), 400, 'order_amount_invalid'],
      [order({ order_amount: 10.005 }), 400, 'order_amount_invalid'],
      [order({ order_currency: 'INaR' }), 400, 'order_currency_invalid'],
      [
        order({ customer_details: { customer_id: 'a@b.c', customer_phone: '9876543210' } }),
        400,
        'customer_details.customer_id_invalid',
      ],
      [order({ customer_details: { customer_id: 'member_1' } }), 400, 'customer_details.customer_phone_missing'],
      [
        order({ customer_details: { customer_id: 'member_1', customer_phone: 9876543210 } }),
        400,
        'customer_details.customer_phone_invalid',
      ],
      [order({ order_id: 'no spaces allowed' }), 400, 'order_id_invalid'],
    ])
    for (const [body, status, code] of cases) {
      const response = await createOrder(body)
      expect(response.status, code).toBe(status)
      const error = await response.json()
      expect(error).toMatchObject({ code, type: 'invalid_request_error' })
      expect(error.message).toMatch(/ : /)
    }
  })

  it('creates, gets and refuses a duplicate order id; replays an idempotent retry', async () => {
    const id = `yaari_${Date.now()}`
    const created = await createOrder(order({ order_id: id }), { 'x-idempotency-key': `key-${id}` })
    expect(created.status).toBe(200)
    const entity = await created.json()
    expect(entity).toMatchObject({
      order_id: id,
      entity: 'order',
      order_amount: 499,
      order_currency: 'INR',
      order_status: 'ACTIVE',
      order_meta: { return_url: 'http://127.0.0.1:4173/booking-success?order_id={order_id}', notify_url: null },
      customer_details: { customer_id: 'member_1', customer_uid: null },
      order_splits: [],
    })
    expect(entity.payment_session_id).toMatch(/^session_/)
    expect(entity.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+05:30$/)

    const replay = await createOrder(order({ order_id: id }), { 'x-idempotency-key': `key-${id}` })
    expect(replay.headers.get('x-idempotency-replayed')).toBe('true')
    expect((await replay.json()).payment_session_id).toBe(entity.payment_session_id)
    const changed = await createOrder(order({ order_id: id, order_amount: 1 }), { 'x-idempotency-key': `key-${id}` })
    expect(changed.status).toBe(422)
    expect((await changed.json()).type).toBe('idempotency_error')
    const duplicate = await createOrder(order({ order_id: id }))
    expect(duplicate.status).toBe(409)
    expect((await duplicate.json()).code).toBe('order_already_exists')

    const fetched = await fetch(`${base}/pg/orders/${id}`, { headers: HEADERS })
    expect((await fetched.json()).order_status).toBe('ACTIVE')
    expect(await (await fetch(`${base}/pg/orders/${id}/payments`, { headers: HEADERS })).json()).toEqual([])
    const unknown = await fetch(`${base}/pg/orders/nope_123`, { headers: HEADERS })
    expect(unknown.status).toBe(404)
    expect((await unknown.json()).code).toBe('order_not_found')
  })

  it('hosted checkout: Pay marks the order PAID, redirects to return_url and sends a signed webhook', async () => {
    received.length = 0
    const entity = await (await createOrder(order())).json()
    const page = await fetch(`${base}/__standin/checkout?session=${entity.payment_session_id}`)
    const html = await page.text()
    for (const label of ['>Pay<', '>Fail<', '>Cancel payment<']) expect(html).toContain(label)

    const paid = await fetch(`${base}/__standin/checkout`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ session: entity.payment_session_id, outcome: 'SUCCESS', return_url: '' }),
    })
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(
      `http://127.0.0.1:4173/booking-success?order_id=${encodeURIComponent(entity.order_id)}`,
    )
    const after = await (await fetch(`${base}/pg/orders/${entity.order_id}`, { headers: HEADERS })).json()
    expect(after.order_status).toBe('PAID')
    const payments = await (await fetch(`${base}/pg/orders/${entity.order_id}/payments`, { headers: HEADERS })).json()
    expect(payments).toHaveLength(1)
    expect(payments[0]).toMatchObject({ payment_status: 'SUCCESS', payment_amount: 499, is_captured: true })

    await expect.poll(() => received.length).toBe(1)
    const [hook] = received
    const timestamp = String(hook?.headers['x-webhook-timestamp'])
    expect(hook?.headers['x-webhook-signature']).toBe(signatureOf(timestamp, hook?.raw ?? ''))
    expect(hook?.headers['x-webhook-version']).toBe('2025-01-01')
    expect(hook?.raw).toContain('"order_amount":499.00') // two decimals, as Cashfree sends them
    expect(JSON.parse(hook?.raw ?? '{}')).toMatchObject({
      type: 'PAYMENT_SUCCESS_WEBHOOK',
      data: { order: { order_id: entity.order_id }, payment: { payment_status: 'SUCCESS' } },
    })

    const again = await control(`/orders/${entity.order_id}/pay`, { outcome: 'SUCCESS' })
    expect(again.status).toBe(400)
    expect((await again.json()).code).toBe('order_inactive')
  })

  it('a failed or dropped attempt leaves the order open for another try', async () => {
    const entity = await (await createOrder(order())).json()
    for (const outcome of ['FAILED', 'USER_DROPPED']) {
      const result = await (await control(`/orders/${entity.order_id}/pay`, { outcome })).json()
      expect(result.order.order_status).toBe('ACTIVE')
      expect(result.payment.error_details).toBeTruthy()
    }
    const payments = await (await fetch(`${base}/pg/orders/${entity.order_id}/payments`, { headers: HEADERS })).json()
    expect(payments.map((/** @type {any} */ p) => p.payment_status)).toEqual(['FAILED', 'USER_DROPPED'])
  })

  it('retries a webhook until it is answered 200, with the same idempotency key and a fresh signature', async () => {
    received.length = 0
    failFirst = 2
    const entity = await (await createOrder(order())).json()
    const result = await (await control(`/orders/${entity.order_id}/pay`, { outcome: 'FAILED' })).json()
    expect(result.deliveries).toEqual([{ delivered: true, attempts: 3 }])
    expect(received.map((r) => r.headers['x-webhook-attempt'])).toEqual(['1', '2', '3'])
    expect(new Set(received.map((r) => r.headers['x-idempotency-key'])).size).toBe(1)
    for (const r of received) {
      expect(r.headers['x-webhook-signature']).toBe(signatureOf(String(r.headers['x-webhook-timestamp']), r.raw))
    }
  })

  it('retries fewer times when the control API asks (a test of a webhook that never gets through)', async () => {
    received.length = 0
    failFirst = 2
    const entity = await (await createOrder(order())).json()
    const result = await (await control(`/orders/${entity.order_id}/pay`, { outcome: 'FAILED', retries: 0 })).json()
    expect(result.deliveries).toEqual([{ delivered: false, attempts: 1 }])
    expect(received.map((r) => r.headers['x-webhook-attempt'])).toEqual(['1'])
    failFirst = 0
  })

  it('test switches: duplicate delivery, a bad signature, a re-serialised body', async () => {
    received.length = 0
    const entity = await (await createOrder(order())).json()
    /** @param {object} body */
    const pay = (body) => control(`/orders/${entity.order_id}/pay`, body)
    await pay({ outcome: 'FAILED', copies: 2 })
    expect(received).toHaveLength(2)
    await pay({ outcome: 'FAILED', signature: 'bad' })
    const bad = received[2]
    expect(bad?.headers['x-webhook-signature']).not.toBe(
      signatureOf(String(bad?.headers['x-webhook-timestamp']), bad?.raw ?? ''),
    )
    await pay({ outcome: 'FAILED', signature: 'reserialize' })
    const reserialised = received[3]
    expect(reserialised?.raw).toContain('"order_amount":499,')
    expect(reserialised?.headers['x-webhook-signature']).not.toBe(
      signatureOf(String(reserialised?.headers['x-webhook-timestamp']), reserialised?.raw ?? ''),
    )
  })

  it('expires an unpaid order, which then takes no payment', async () => {
    const entity = await (await createOrder(order())).json()
    await control(`/orders/${entity.order_id}/expire`)
    expect(
      (await (await fetch(`${base}/pg/orders/${entity.order_id}`, { headers: HEADERS })).json()).order_status,
    ).toBe('EXPIRED')
    const late = await control(`/orders/${entity.order_id}/pay`)
    expect(late.status).toBe(400)
  })

  it('answers the control API only with the stack secret', async () => {
    const entity = await (await createOrder(order())).json()
    for (const secret of ['', 'wrong-secret', `${CONTROL}x`]) {
      const refused = await control(`/orders/${entity.order_id}/pay`, { outcome: 'SUCCESS' }, secret)
      expect(refused.status).toBe(403)
    }
    expect((await fetch(`${base}/__standin/webhooks`)).status).toBe(403)
    expect((await control('/config', { terminateMode: 'requested' }, 'nope')).status).toBe(403)
    const still = await (await fetch(`${base}/pg/orders/${entity.order_id}`, { headers: HEADERS })).json()
    expect(still.order_status).toBe('ACTIVE')
  })

  it('checkout returns only to the app: another origin is refused before any payment', async () => {
    const entity = await (await createOrder(order())).json()
    const elsewhere = 'https://evil.example/steal?order_id={order_id}'
    const page = await fetch(
      `${base}/__standin/checkout?session=${entity.payment_session_id}&return_url=${encodeURIComponent(elsewhere)}`,
    )
    expect(page.status).toBe(400)
    const posted = await fetch(`${base}/__standin/checkout`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ session: entity.payment_session_id, outcome: 'SUCCESS', return_url: elsewhere }),
    })
    expect(posted.status).toBe(400)
    expect(posted.headers.get('location')).toBeNull()
    const after = await (await fetch(`${base}/pg/orders/${entity.order_id}`, { headers: HEADERS })).json()
    expect(after.order_status).toBe('ACTIVE')
    // An order created with a foreign return_url cannot send the browser there either.
    const foreign = await (await createOrder(order({ order_meta: { return_url: elsewhere } }))).json()
    expect((await fetch(`${base}/__standin/checkout?session=${foreign.payment_session_id}`)).status).toBe(400)
  })

  it('rejects what Cashfree’s OpenAPI schema rejects: lengths, types, required fields', async () => {
    const customer = { customer_id: 'member_1', customer_phone: '9876543210' }
    const cases = /** @type {[object, string][]} */ ([
      [order({ customer_details: { ...customer, customer_name: 'Bo' } }), 'customer_details.customer_name_invalid'],
      [
        order({ customer_details: { ...customer, customer_email: `${'a'.repeat(95)}@x.test` } }),
        'customer_details.customer_email_invalid',
      ],
      [
        order({ customer_details: { ...customer, customer_phone: '+919876543210' } }),
        'customer_details.customer_phone_invalid',
      ],
      [order({ order_note: 'ab' }), 'order_note_invalid'],
      [order({ order_tags: { a: 'x'.repeat(256) } }), 'order_tags.a_invalid'],
      [{ order_currency: 'INR', customer_details: customer }, 'order_amount_missing'],
    ])
    for (const [body, code] of cases) {
      const response = await createOrder(body)
      expect(response.status, code).toBe(400)
      expect(await response.json(), code).toMatchObject({ code, type: 'invalid_request_error' })
    }
    const named = await createOrder(order({ customer_details: { ...customer, customer_name: 'Bob' } }))
    expect(named.status).toBe(200)
    const entity = await named.json()
    const noStatus = await fetch(`${base}/pg/orders/${entity.order_id}`, {
      method: 'PATCH',
      headers: HEADERS,
      body: '{}',
    })
    expect((await noStatus.json()).code).toBe('order_status_missing')
  })

  it('can answer a terminate with TERMINATION_REQUESTED, which ends TERMINATED unless a payment lands first', async () => {
    await control('/config', { terminateMode: 'requested', terminationDelayMs: 60_000 })
    try {
      const first = await (await createOrder(order())).json()
      const patch = (/** @type {string} */ id) =>
        fetch(`${base}/pg/orders/${id}`, {
          method: 'PATCH',
          headers: HEADERS,
          body: JSON.stringify({ order_status: 'TERMINATED' }),
        })
      expect((await (await patch(first.order_id)).json()).order_status).toBe('TERMINATION_REQUESTED')
      const late = await (await control(`/orders/${first.order_id}/pay`, { lateSuccess: true })).json()
      expect(late.order.order_status).toBe('PAID')

      await control('/config', { terminationDelayMs: 0 })
      const second = await (await createOrder(order())).json()
      await patch(second.order_id)
      const ended = await (await fetch(`${base}/pg/orders/${second.order_id}`, { headers: HEADERS })).json()
      expect(ended.order_status).toBe('TERMINATED')
    } finally {
      await control('/config', { terminateMode: 'immediate' })
    }
  })

  it("stamps a test's attempt with the time it names, to the second as Cashfree does, and refuses a time that is not one", async () => {
    const entity = await (await createOrder(order())).json()
    const at = Date.parse('2026-11-28T10:00:00.400Z')
    const paid = await (await control(`/orders/${entity.order_id}/pay`, { outcome: 'FAILED', at })).json()
    expect(paid.payment.payment_time).toBe('2026-11-28T15:30:00+05:30')
    const refused = await control(`/orders/${entity.order_id}/pay`, { outcome: 'FAILED', at: 'yesterday' })
    expect(refused.status).toBe(400)
    expect((await refused.json()).code).toBe('at_invalid')
  })

  it('refunds go PENDING, then SUCCESS or CANCELLED with a signed REFUND_STATUS_WEBHOOK', async () => {
    const entity = await (await createOrder(order())).json()
    await control(`/orders/${entity.order_id}/pay`, { outcome: 'SUCCESS' })
    /** @param {object} body */
    const refund = (body) =>
      fetch(`${base}/pg/orders/${entity.order_id}/refunds`, {
        method: 'POST',
        headers: HEADERS,
        body: JSON.stringify(body),
      })
    expect((await (await refund({ refund_id: 'rf1', refund_amount: 100, refund_note: 'no' })).json()).code).toBe(
      'refund_note_invalid',
    )
    expect((await (await refund({ refund_amount: 100 })).json()).code).toBe('refund_id_missing')
    const accepted = await (await refund({ refund_id: 'rf1', refund_amount: 100 })).json()
    expect(accepted).toMatchObject({ refund_id: 'rf1', refund_status: 'PENDING', refund_amount: 100 })
    expect((await refund({ refund_id: 'rf1', refund_amount: 100 })).status).toBe(409)
    await refund({ refund_id: 'rf2', refund_amount: 100 })

    received.length = 0
    const settled = await (await control(`/orders/${entity.order_id}/refunds/rf1/settle`, { status: 'SUCCESS' })).json()
    expect(settled.refund).toMatchObject({ refund_status: 'SUCCESS' })
    expect(settled.refund.refund_arn).toBeTruthy()
    await expect.poll(() => received.length).toBe(1)
    const [hook] = received
    expect(hook?.headers['x-webhook-signature']).toBe(
      signatureOf(String(hook?.headers['x-webhook-timestamp']), hook?.raw ?? ''),
    )
    expect(JSON.parse(hook?.raw ?? '{}')).toMatchObject({
      type: 'REFUND_STATUS_WEBHOOK',
      data: { refund: { order_id: entity.order_id, refund_id: 'rf1', refund_status: 'SUCCESS' } },
    })
    expect(hook?.raw).toContain('"refund_amount":100.00')

    await control(`/orders/${entity.order_id}/refunds/rf2/settle`, { status: 'CANCELLED' })
    const one = await fetch(`${base}/pg/orders/${entity.order_id}/refunds/rf2`, { headers: HEADERS })
    expect((await one.json()).refund_status).toBe('CANCELLED')
    expect((await fetch(`${base}/pg/orders/${entity.order_id}/refunds/rf9`, { headers: HEADERS })).status).toBe(404)
    const again = await control(`/orders/${entity.order_id}/refunds/rf2/settle`, { status: 'SUCCESS' })
    expect(again.status).toBe(400)
  })

  it('a refund made in the dashboard: its own id, SUCCESS, listed with the order and announced', async () => {
    const entity = await (await createOrder(order())).json()
    await control(`/orders/${entity.order_id}/pay`, { outcome: 'SUCCESS' })
    received.length = 0
    const made = await (await control(`/orders/${entity.order_id}/dashboard-refund`, {})).json()
    expect(made.refund).toMatchObject({
      refund_amount: 499,
      refund_status: 'SUCCESS',
      refund_type: 'MERCHANT_INITIATED',
    })
    expect(made.refund.refund_id).toMatch(/^dashboard_/)
    await expect.poll(() => received.length).toBe(1)
    expect(JSON.parse(received[0]?.raw ?? '{}')).toMatchObject({
      type: 'REFUND_STATUS_WEBHOOK',
      data: { refund: { order_id: entity.order_id, refund_id: made.refund.refund_id } },
    })
    const listed = await (await fetch(`${base}/pg/orders/${entity.order_id}/refunds`, { headers: HEADERS })).json()
    expect(listed.map((/** @type {{ refund_id: string }} */ r) => r.refund_id)).toEqual([made.refund.refund_id])
    // Nothing more to refund.
    expect((await control(`/orders/${entity.order_id}/dashboard-refund`, { amount: 1 })).status).toBe(400)
  })

  it('a dispute: only on a paid order, listed with it, announced when raised and when it moves', async () => {
    const unpaid = await (await createOrder(order())).json()
    expect((await control(`/orders/${unpaid.order_id}/disputes`, {})).status).toBe(400)
    const entity = await (await createOrder(order())).json()
    await control(`/orders/${entity.order_id}/pay`, { outcome: 'SUCCESS' })
    received.length = 0
    const { dispute } = await (await control(`/orders/${entity.order_id}/disputes`, { type: 'CHARGEBACK' })).json()
    expect(dispute).toMatchObject({
      dispute_type: 'CHARGEBACK',
      dispute_status: 'CHARGEBACK_CREATED',
      dispute_amount: 499,
    })
    await expect.poll(() => received.length).toBe(1)
    const created = JSON.parse(received[0]?.raw ?? '{}')
    expect(created).toMatchObject({
      type: 'DISPUTE_CREATED',
      data: { dispute: { dispute_id: dispute.dispute_id }, order_details: { order_id: entity.order_id } },
    })
    expect(received[0]?.headers['x-webhook-signature']).toBe(
      signatureOf(String(received[0]?.headers['x-webhook-timestamp']), received[0]?.raw ?? ''),
    )
    await control(`/disputes/${dispute.dispute_id}/status`, { status: 'CHARGEBACK_MERCHANT_WON' })
    await expect.poll(() => received.length).toBe(2)
    expect(JSON.parse(received[1]?.raw ?? '{}').type).toBe('DISPUTE_CLOSED')
    const listed = await (await fetch(`${base}/pg/orders/${entity.order_id}/disputes`, { headers: HEADERS })).json()
    expect(listed).toMatchObject([{ dispute_id: dispute.dispute_id, dispute_status: 'CHARGEBACK_MERCHANT_WON' }])
    expect((await control(`/disputes/${dispute.dispute_id}/status`, { status: 'won!' })).status).toBe(400)
    expect((await control(`/orders/${entity.order_id}/disputes`, {}, 'wrong')).status).toBe(403)
  })

  it('serves a browser SDK stand-in and looks sessions up for it', async () => {
    const script = await (await fetch(`${base}/__standin/cashfree.js`)).text()
    expect(script).toContain('window.Cashfree')
    const entity = await (await createOrder(order())).json()
    expect(await (await fetch(`${base}/__standin/sessions/${entity.payment_session_id}`)).json()).toMatchObject({
      order_id: entity.order_id,
      mode: 'sandbox',
    })
    expect((await fetch(`${base}/__standin/sessions/session_nope`)).status).toBe(404)
  })
})

describe('a late webhook', () => {
  it('holds back the next payment webhook of one order for the time asked, then delivers it', async () => {
    const id = `yaari_late_${Date.now()}`
    expect((await createOrder(order({ order_id: id }))).status).toBe(200)
    expect((await control(`/orders/${id}/hold-webhook`, { ms: 'soon' })).status).toBe(400)
    expect((await control(`/orders/${id}/hold-webhook`, { ms: 300 })).status).toBe(200)
    const paid = await control(`/orders/${id}/pay`)
    expect((await paid.json()).deliveries).toEqual([])
    const delivered = () => received.filter((hook) => hook.raw.includes(id)).length
    expect(delivered()).toBe(0)
    await expect.poll(delivered, { timeout: 5_000 }).toBeGreaterThan(0)
  })
})

describe('returnTo', () => {
  it('fills {order_id}, or appends order_id when there is no placeholder', () => {
    expect(returnTo('https://y.app/booking-success?order_id={order_id}', 'a b')).toBe(
      'https://y.app/booking-success?order_id=a%20b',
    )
    expect(returnTo('https://y.app/done', 'o_1')).toBe('https://y.app/done?order_id=o_1')
  })
})

describe('faults, for the drill', () => {
  /** @param {Record<string, unknown>} fault */
  const setFault = (fault) =>
    fetch(`${base}/__standin/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-standin-secret': CONTROL },
      body: JSON.stringify(fault),
    })
  const getOrder = (signal = AbortSignal.timeout(5_000)) =>
    fetch(`${base}/pg/orders/nothing-here`, { headers: HEADERS, signal })

  it('answers 401, 429 or 500 as Cashfree does, slowly when told, never when told, and well again after none', async () => {
    expect((await setFault({ mode: 'teapot' })).status).toBe(400)
    const refused = await fetch(`${base}/__standin/faults`, { method: 'POST', body: '{"mode":"401"}' })
    expect(refused.status).toBe(403) // the control secret only
    for (const status of [401, 429, 500]) {
      await setFault({ mode: String(status) })
      const answer = await getOrder()
      expect(answer.status).toBe(status)
      expect(await answer.json()).toHaveProperty('type')
    }
    await setFault({ mode: 'slow', delayMs: 300 })
    const started = Date.now()
    expect((await getOrder()).status).toBe(404) // the real answer, late
    expect(Date.now() - started).toBeGreaterThanOrEqual(290)
    await setFault({ mode: 'hang' })
    await expect(getOrder(AbortSignal.timeout(300))).rejects.toThrow()
    await setFault({ mode: 'none' })
    expect((await getOrder()).status).toBe(404)
    // A fault for the next request only.
    await setFault({ mode: '500', count: 1 })
    expect((await getOrder()).status).toBe(500)
    expect((await getOrder()).status).toBe(404)
  })

  it('a fault for the requests it matches only: the others are answered as usual, and do not use it up', async () => {
    await setFault({ mode: '500', count: 1, match: 'GET /pg/orders/only-this' })
    expect((await getOrder()).status).toBe(404)
    const matched = await fetch(`${base}/pg/orders/only-this`, { headers: HEADERS })
    expect(matched.status).toBe(500)
    expect((await fetch(`${base}/pg/orders/only-this`, { headers: HEADERS })).status).toBe(404)
    await setFault({ mode: 'none' })
  })
})
