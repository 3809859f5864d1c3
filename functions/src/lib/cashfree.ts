/**
 * Cashfree's PG REST API with plain fetch (API version 2025-01-01): the
 * version header pinned, an idempotency key on order creation, Cashfree's error bodies kept,
 * and the webhook signature check over the raw body. The base URL comes from the checked
 * settings (settings-schema.ts): Cashfree's sandbox or production, or the local stand-in.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { localMobile } from '@yaari/domain/profile'
import { ALERTS, alert } from './log'

const CASHFREE_API_VERSION = '2025-01-01'

export interface CashfreeConfig {
  baseUrl: string
  clientId: string
  clientSecret: string
}

/** Cashfree's error answer: `{ message, code, type }` with the HTTP status. */
export class CashfreeError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly type: string,
  ) {
    super(message)
  }
}

export interface CashfreeOrder {
  order_id: string
  cf_order_id: string
  order_status: 'ACTIVE' | 'PAID' | 'EXPIRED' | 'TERMINATED' | 'TERMINATION_REQUESTED'
  order_amount: number
  order_currency: string
  payment_session_id: string
  order_expiry_time: string
}

export interface CashfreePayment {
  cf_payment_id: string
  order_id?: string
  /** SUCCESS, NOT_ATTEMPTED, FAILED, USER_DROPPED, VOID, CANCELLED, PENDING (and values added later). */
  payment_status: string
  payment_amount: number
  payment_currency?: string
  payment_time?: string | null
  payment_completion_time?: string | null
}

/** SUCCESS, PENDING, CANCELLED, ONHOLD, FAILED. */
export interface CashfreeRefund {
  refund_id: string
  order_id?: string
  refund_amount: number
  refund_status: string
  /** MERCHANT_INITIATED (ours, or made in Cashfree's dashboard), PAYMENT_AUTO_REFUND, UNRECONCILED_AUTO_REFUND. */
  refund_type?: string
}

/** A dispute or chargeback a customer's bank raised on an order's payment (DisputesEntity). */
export interface CashfreeDispute {
  dispute_id: number | string
  /** DISPUTE, CHARGEBACK, RETRIEVAL, PRE_ARBITRATION, ARBITRATION. */
  dispute_type: string
  /** DISPUTE_CREATED ... CHARGEBACK_MERCHANT_LOST (and values added later). */
  dispute_status: string
  dispute_amount?: number
  reason_description?: string
  respond_by?: string
  updated_at?: string
}

/** The attempt made last, by its time (Cashfree's list order is not a promise). */
export function latestPayment(payments: readonly CashfreePayment[]): CashfreePayment | undefined {
  const time = (payment: CashfreePayment) => {
    const at = Date.parse(payment.payment_time ?? payment.payment_completion_time ?? '')
    return Number.isNaN(at) ? Number.NEGATIVE_INFINITY : at
  }
  let latest: CashfreePayment | undefined
  for (const payment of payments) if (!latest || time(payment) >= time(latest)) latest = payment
  return latest
}

/** Cashfree's customer_id: 3-50 letters, digits, `_` or `-`. A Firebase uid fits; anything else is hashed. */
function cashfreeCustomerId(uid: string): string {
  if (/^[A-Za-z0-9_-]{3,50}$/.test(uid)) return uid
  return `uid_${createHash('sha256').update(uid).digest('base64url').slice(0, 43)}`
}

/**
 * The customer_details of an order, within Cashfree's limits (name and email 3-100 characters,
 * phone 10 digits): a field that would not fit is left out, since only the id and phone are
 * required, so a member named "Bo" still pays.
 */
export function customerDetails(member: {
  uid: string
  mobile: string
  name?: string
  email?: string
}): CreateOrderBody['customer_details'] {
  const fits = (value: string | undefined) => value !== undefined && value.length >= 3 && value.length <= 100
  const name = member.name?.trim()
  const email = member.email?.trim()
  return {
    customer_id: cashfreeCustomerId(member.uid),
    customer_phone: localMobile(member.mobile),
    ...(fits(name) ? { customer_name: name } : {}),
    ...(fits(email) ? { customer_email: email } : {}),
  }
}

export interface CreateOrderBody {
  order_id: string
  order_amount: number
  order_currency: 'INR'
  customer_details: { customer_id: string; customer_phone: string; customer_email?: string; customer_name?: string }
  order_meta: { return_url: string }
  order_expiry_time: string
  order_note?: string
  order_tags?: Record<string, string>
}

export interface PaymentGateway {
  createOrder(body: CreateOrderBody, idempotencyKey: string): Promise<CashfreeOrder>
  getOrder(orderId: string): Promise<CashfreeOrder>
  getPayments(orderId: string): Promise<CashfreePayment[]>
  terminateOrder(orderId: string): Promise<CashfreeOrder>
  refund(
    orderId: string,
    body: { refund_id: string; refund_amount: number; refund_note?: string },
  ): Promise<CashfreeRefund>
  getRefund(orderId: string, refundId: string): Promise<CashfreeRefund>
  /** Every refund of the order: ours, and any made in Cashfree's dashboard. */
  getRefunds(orderId: string): Promise<CashfreeRefund[]>
  getDisputes(orderId: string): Promise<CashfreeDispute[]>
}

/** How long a call to Cashfree may take before it counts as unreachable (what job batches are sized by). */
export const GATEWAY_TIMEOUT_MS = Number(process.env.YAARI_GATEWAY_TIMEOUT_MS) || 15_000

/**
 * Cashfree's API. Every failure someone must see is logged as an alert where it happens, whoever
 * called: no answer (gateway-unreachable), our credentials refused (gateway-auth-failed), rate
 * limited or broken (gateway-error), each with the order and the status. Other 4xx answers are
 * Cashfree's word on a request (an order it does not know, a refund id it has) and the caller's.
 */
export function cashfreeGateway(config: CashfreeConfig): PaymentGateway {
  async function call<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const orderId = /^\/orders\/([^/]+)/.exec(path)?.[1]
    const about = {
      method,
      path: path.replace(/\?.*$/, ''),
      ...(orderId ? { orderId: decodeURIComponent(orderId) } : {}),
    }
    let response: Response
    try {
      response = await fetch(`${config.baseUrl}${path}`, {
        method,
        headers: {
          'x-client-id': config.clientId,
          'x-client-secret': config.clientSecret,
          'x-api-version': CASHFREE_API_VERSION,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      })
    } catch (error) {
      // A timeout, a refused or dropped connection: Cashfree never answered.
      alert(ALERTS.gatewayUnreachable, { ...about, error: String(error) })
      throw error
    }
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>
    if (response.status === 401 || response.status === 403) {
      alert(ALERTS.gatewayAuthFailed, { ...about, status: response.status, code: json.code })
    } else if (response.status === 429 || response.status >= 500) {
      alert(ALERTS.gatewayError, { ...about, status: response.status, code: json.code })
    }
    // Only 200 is success (Cashfree's debugging guide).
    if (response.status !== 200) {
      throw new CashfreeError(
        response.status,
        String(json.code ?? 'unknown'),
        String(json.message ?? `Cashfree answered ${response.status}`),
        String(json.type ?? 'api_error'),
      )
    }
    return json as T
  }
  const id = (orderId: string) => encodeURIComponent(orderId)
  return {
    createOrder: (body, idempotencyKey) => call('POST', '/orders', body, { 'x-idempotency-key': idempotencyKey }),
    getOrder: (orderId) => call('GET', `/orders/${id(orderId)}`),
    getPayments: (orderId) => call('GET', `/orders/${id(orderId)}/payments`),
    terminateOrder: (orderId) => call('PATCH', `/orders/${id(orderId)}`, { order_status: 'TERMINATED' }),
    refund: (orderId, body) => call('POST', `/orders/${id(orderId)}/refunds`, body),
    getRefund: (orderId, refundId) => call('GET', `/orders/${id(orderId)}/refunds/${id(refundId)}`),
    getRefunds: (orderId) => call('GET', `/orders/${id(orderId)}/refunds`),
    getDisputes: (orderId) => call('GET', `/orders/${id(orderId)}/disputes`),
  }
}

/**
 * Cashfree's webhook signature: base64(HMAC-SHA256(client secret, timestamp + raw body)),
 * compared in constant time. The raw bytes, never re-serialised JSON.
 */
export function isValidWebhookSignature(
  secret: string,
  rawBody: Buffer | string,
  timestamp: string | undefined,
  signature: string | undefined,
): boolean {
  if (!secret || !timestamp || !signature) return false
  const expected = createHmac('sha256', secret)
    .update(timestamp + (typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8')))
    .digest()
  const given = Buffer.from(signature, 'base64')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * How old a webhook's x-webhook-timestamp may be. Cashfree stamps the time the webhook was
 * generated and does not say that a retry is stamped anew; its retries run for 42 minutes by
 * default (after 2, 10 and 30 minutes) and up to 10 retries on a custom policy. A day admits
 * all of those; older is a replay. Duplicates inside the window are harmless (each webhook only
 * triggers a read of the order) and are also skipped by their idempotency key.
 */
const WEBHOOK_MAX_AGE_MS = 24 * 60 * 60_000
/** Clocks disagree a little: a timestamp up to this far ahead of ours is still accepted. */
const WEBHOOK_MAX_SKEW_MS = 5 * 60_000

/** True when a webhook's timestamp (epoch milliseconds) is inside the window at `now`. */
export function isFreshWebhookTimestamp(timestamp: string | undefined, now: number): boolean {
  if (!timestamp || !/^\d{1,16}$/.test(timestamp)) return false
  const at = Number(timestamp)
  return at >= now - WEBHOOK_MAX_AGE_MS && at <= now + WEBHOOK_MAX_SKEW_MS
}

/** "2026-07-02T10:20:12+05:30": the IST timestamp Cashfree expects. */
export function istTimestamp(at: Date): string {
  return `${new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 19)}+05:30`
}
