// @ts-check
/**
 * Payment and refund webhooks as Cashfree sends them:
 * JSON bodies whose amounts keep two decimals (170.00), signed with
 * base64(HMAC-SHA256(client secret, timestamp + raw body)), version 2025-01-01, delivered at
 * least once: retried after any non-200 answer, with the same idempotency key.
 */
import { createHash, createHmac } from 'node:crypto'
import { istTimestamp } from './orders.mjs'

const MONEY_KEYS = new Set(['order_amount', 'payment_amount', 'refund_amount'])

/**
 * JSON with the money fields written with two decimals, as Cashfree's bodies are: a receiver
 * that re-serialises the parsed body (170.00 -> 170) breaks the signature.
 * @param {unknown} value
 */
function moneyJson(value) {
  const json = JSON.stringify(value, (key, v) =>
    MONEY_KEYS.has(key) && typeof v === 'number' ? `__money:${v.toFixed(2)}__` : v,
  )
  return json.replace(/"__money:(-?\d+\.\d{2})__"/g, '$1')
}

/** @param {string} secret @param {string} timestamp @param {string} rawBody */
function sign(secret, timestamp, rawBody) {
  return createHmac('sha256', secret)
    .update(timestamp + rawBody)
    .digest('base64')
}

const EVENT = /** @type {const} */ ({
  SUCCESS: 'PAYMENT_SUCCESS_WEBHOOK',
  FAILED: 'PAYMENT_FAILED_WEBHOOK',
  USER_DROPPED: 'PAYMENT_USER_DROPPED_WEBHOOK',
})

/**
 * The webhook body for a payment attempt, or undefined for outcomes Cashfree sends none for.
 * @param {import('./orders.mjs').Order} order @param {import('./orders.mjs').Payment} payment
 */
export function paymentWebhook(order, payment) {
  const type = EVENT[/** @type {keyof typeof EVENT} */ (payment.payment_status)]
  if (!type) return undefined
  const customer = /** @type {Record<string, unknown>} */ (order.customer_details)
  return {
    data: {
      order: {
        order_id: order.order_id,
        order_amount: order.order_amount,
        order_currency: order.order_currency,
        order_tags: order.order_tags,
      },
      payment: {
        cf_payment_id: payment.cf_payment_id,
        payment_status: payment.payment_status,
        payment_amount: payment.payment_amount,
        payment_currency: payment.payment_currency,
        payment_message: payment.payment_message,
        payment_time: payment.payment_time,
        bank_reference: payment.bank_reference,
        auth_id: null,
        payment_method: payment.payment_method,
        payment_group: payment.payment_group,
      },
      customer_details: {
        customer_name: customer.customer_name ?? null,
        customer_id: customer.customer_id,
        customer_email: customer.customer_email ?? null,
        customer_phone: customer.customer_phone,
      },
      payment_gateway_details: payment.payment_gateway_details,
      payment_offers: null,
      ...(payment.error_details ? { error_details: payment.error_details } : {}),
    },
    event_time: istTimestamp(),
    type,
  }
}

/**
 * REFUND_STATUS_WEBHOOK for a refund that reached its end: data.refund is the RefundEntity.
 * @param {Record<string, unknown>} refund
 */
export function refundWebhook(refund) {
  return { data: { refund }, event_time: istTimestamp(), type: 'REFUND_STATUS_WEBHOOK' }
}

/**
 * DISPUTE_CREATED, DISPUTE_UPDATED or DISPUTE_CLOSED: data.dispute, data.order_details and
 * data.customer_details, as Cashfree's dispute webhooks carry them.
 * @param {'DISPUTE_CREATED' | 'DISPUTE_UPDATED' | 'DISPUTE_CLOSED'} type
 * @param {import('./orders.mjs').Dispute} entity
 */
export function disputeWebhook(type, entity) {
  const { order_details, customer_details, preferred_evidence: _p, dispute_evidence: _e, ...dispute } = entity
  return { data: { dispute, order_details, customer_details }, event_time: istTimestamp(), type }
}

/**
 * @typedef {object} DeliveryOptions
 * @property {string} secret the client secret that signs
 * @property {number[]} [retryDelaysMs] waits before each retry (Cashfree: 2, 10, 30 minutes)
 * @property {number} [copies] deliver the same event this many times (duplicate-delivery test)
 * @property {'valid' | 'bad' | 'reserialize'} [signature] 'bad' signs with a wrong key; 'reserialize'
 *   signs the two-decimal body but sends the re-serialised one (must fail verification)
 * @property {(entry: object) => void} [log]
 */

/**
 * Sends one event to one URL until it is answered 200 or the retries run out.
 * Each attempt is re-signed with a fresh timestamp; the idempotency key stays the same.
 * @param {string} url @param {object} event @param {DeliveryOptions} options
 * @returns {Promise<{ delivered: boolean, attempts: number }>}
 */
export async function deliver(url, event, { secret, retryDelaysMs = [], signature = 'valid', log = () => {} }) {
  const raw = moneyJson(event)
  const sent = signature === 'reserialize' ? JSON.stringify(JSON.parse(raw)) : raw
  const idempotencyKey = createHash('sha256').update(raw).digest('base64url')
  for (let attempt = 1; attempt <= retryDelaysMs.length + 1; attempt++) {
    if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, retryDelaysMs[attempt - 2]))
    const timestamp = String(Date.now())
    const headers = {
      'content-type': 'application/json',
      'x-webhook-timestamp': timestamp,
      'x-webhook-signature': sign(signature === 'bad' ? `${secret}-wrong` : secret, timestamp, raw),
      'x-webhook-version': '2025-01-01',
      'x-webhook-attempt': String(attempt),
      'x-idempotency-key': idempotencyKey,
    }
    try {
      const response = await fetch(url, { method: 'POST', headers, body: sent, signal: AbortSignal.timeout(10_000) })
      await response.arrayBuffer()
      log({ url, attempt, status: response.status, type: /** @type {any} */ (event).type })
      if (response.status === 200) return { delivered: true, attempts: attempt }
    } catch (error) {
      log({ url, attempt, error: String(error) })
    }
  }
  return { delivered: false, attempts: retryDelaysMs.length + 1 }
}
