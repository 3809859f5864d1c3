// @ts-check
/**
 * The stand-in's order book: Cashfree's order, payment and refund entities and their state
 * machine. Request bodies are validated against Cashfree's OpenAPI schemas first
 * (openapi-validate.mjs), then by the rules Cashfree enforces that its schemas do not state
 * (id characters, phone digits, expiry in the future). Pure: no I/O.
 */
import { randomBytes, randomInt } from 'node:crypto'
import { ApiError } from './errors.mjs'
import { validateRequest } from './openapi-validate.mjs'

/** @typedef {'ACTIVE' | 'PAID' | 'EXPIRED' | 'TERMINATED' | 'TERMINATION_REQUESTED'} OrderStatus */
/** @typedef {'SUCCESS' | 'FAILED' | 'USER_DROPPED' | 'PENDING'} PaymentOutcome */

/**
 * @typedef {object} Order
 * @property {string} cf_order_id
 * @property {string} order_id
 * @property {'order'} entity
 * @property {number} order_amount
 * @property {string} order_currency
 * @property {OrderStatus} order_status
 * @property {string} payment_session_id
 * @property {string} order_expiry_time
 * @property {string} created_at
 * @property {string | null} order_note
 * @property {Record<string, string> | null} order_tags
 * @property {{ return_url: string | null, notify_url: string | null, payment_methods: string | null }} order_meta
 * @property {Record<string, unknown>} customer_details
 * @property {[]} order_splits
 * @property {null} cart_details
 * @property {null} terminal_data
 */

/** @typedef {Record<string, unknown> & { cf_payment_id: string, payment_status: string, payment_amount: number }} Payment */

export { ApiError }

/** "2026-07-02T10:20:12+05:30": Cashfree's timestamps, in IST. */
export function istTimestamp(ms = Date.now()) {
  return `${new Date(ms + 330 * 60_000).toISOString().slice(0, 19)}+05:30`
}

/** @param {string} field @param {string} reason @param {unknown} value */
const invalid = (field, reason, value) =>
  new ApiError(400, `${field}_invalid`, `${field} : ${reason}. Value received: ${String(value)}`)
/** @param {string} field */
const missing = (field) => new ApiError(400, `${field}_missing`, `${field} : is missing in the request`)

const ID = /^[A-Za-z0-9_-]+$/

/**
 * Validates a create-order body as Cashfree does; throws ApiError (400) on the first problem.
 * @param {any} body
 */
function validateCreateOrder(body) {
  validateRequest('CreateOrderRequest', body)
  const amount = body.order_amount
  if (amount === undefined) throw missing('order_amount')
  if (typeof amount !== 'number' || !(amount >= 1) || Math.round(amount * 100) !== amount * 100) {
    throw new ApiError(400, 'order_amount_invalid', 'order_amount : Invalid amount entered ')
  }
  if (body.order_currency === undefined) throw missing('order_currency')
  if (body.order_currency !== 'INR') {
    throw new ApiError(
      400,
      'order_currency_invalid',
      `order_currency : is not valid or not enabled. Value received: ${body.order_currency}`,
    )
  }
  const customer = body.customer_details
  if (typeof customer !== 'object' || customer === null) throw missing('customer_details')
  if (customer.customer_id === undefined) throw missing('customer_details.customer_id')
  if (
    typeof customer.customer_id !== 'string' ||
    !ID.test(customer.customer_id) ||
    customer.customer_id.length < 3 ||
    customer.customer_id.length > 50
  ) {
    throw invalid(
      'customer_details.customer_id',
      'should be alpha numeric and may contain underscore or hypens',
      customer.customer_id,
    )
  }
  if (customer.customer_phone === undefined || customer.customer_phone === '')
    throw missing('customer_details.customer_phone')
  if (typeof customer.customer_phone !== 'string' || !/^\d{10}$/.test(customer.customer_phone)) {
    throw invalid('customer_details.customer_phone', 'should be a valid phone number', customer.customer_phone)
  }
  if (body.order_id !== undefined) {
    const id = body.order_id
    if (typeof id !== 'string' || !ID.test(id) || id.length < 3 || id.length > 45) {
      throw invalid('order_id', 'should be 3-45 alphanumeric characters, underscores or hyphens', id)
    }
  }
  for (const key of ['return_url', 'notify_url']) {
    const value = body.order_meta?.[key]
    if (value !== undefined && value !== null && (typeof value !== 'string' || value.length > 250)) {
      throw invalid(`order_meta.${key}`, 'should be a url of at most 250 characters', value)
    }
  }
  if (
    body.order_note !== undefined &&
    (typeof body.order_note !== 'string' || body.order_note.length < 3 || body.order_note.length > 200)
  ) {
    throw invalid('order_note', 'should be 3-200 characters', body.order_note)
  }
  if (body.order_tags !== undefined && body.order_tags !== null) {
    const tags = body.order_tags
    const entries = typeof tags === 'object' && !Array.isArray(tags) ? Object.entries(tags) : undefined
    if (
      !entries ||
      entries.length > 15 ||
      entries.some(([, v]) => typeof v !== 'string' || v.length < 1 || v.length > 255)
    ) {
      throw invalid('order_tags', 'should be a flat map of at most 15 text values', JSON.stringify(tags))
    }
  }
  if (body.order_expiry_time !== undefined) {
    const at = Date.parse(body.order_expiry_time)
    if (Number.isNaN(at) || at <= Date.now()) {
      throw invalid('order_expiry_time', 'should be a time in the future', body.order_expiry_time)
    }
  }
}

const DAY = 24 * 60 * 60 * 1000

/** @typedef {Record<string, unknown> & { refund_id: string, refund_amount: number, refund_status: string }} Refund */
/** @typedef {Record<string, unknown> & { dispute_id: number, dispute_type: string, dispute_status: string }} Dispute */

/** A dispute's times: "2023-01-18T11:26:58" (IST, without the offset). @param {number} ms */
const disputeTime = (ms) => istTimestamp(ms).slice(0, 19)

export class OrderBook {
  /** @type {Map<string, { order: Order, payments: Payment[], refunds: Refund[], expiresAt: number, terminatesAt?: number }>} */
  #orders = new Map()
  /** @type {Map<string, string>} payment_session_id -> order_id */
  #sessions = new Map()
  /** @type {Map<string, Dispute[]>} order_id -> the disputes raised on its payment */
  #disputes = new Map()

  /**
   * @param {{ now?: () => number }} [options]
   */
  constructor({ now = Date.now } = {}) {
    this.now = now
    /**
     * How a terminate is answered: 'immediate' (TERMINATED at once) or 'requested'
     * (TERMINATION_REQUESTED, TERMINATED `terminationDelayMs` later unless a payment in flight
     * succeeds first), as Cashfree may do. A test switch.
     * @type {'immediate' | 'requested'}
     */
    this.terminateMode = 'immediate'
    this.terminationDelayMs = 2_000
  }

  /** @param {any} body @returns {Order} */
  create(body) {
    validateCreateOrder(body)
    const orderId =
      body.order_id ??
      `order_${randomBytes(12)
        .toString('base64url')
        .replace(/[^A-Za-z0-9]/g, '')}`
    if (this.#orders.has(orderId)) {
      throw new ApiError(409, 'order_already_exists', 'order with same id is already present')
    }
    const created = this.now()
    const expiresAt = body.order_expiry_time ? Date.parse(body.order_expiry_time) : created + 30 * DAY
    const session = `session_${randomBytes(24).toString('base64url')}`
    /** @type {Order} */
    const order = {
      cf_order_id: String(randomInt(1_000_000_000, 9_999_999_999)),
      order_id: orderId,
      entity: 'order',
      order_amount: body.order_amount,
      order_currency: body.order_currency,
      order_status: 'ACTIVE',
      payment_session_id: session,
      order_expiry_time: istTimestamp(expiresAt),
      created_at: istTimestamp(created),
      order_note: body.order_note ?? null,
      order_tags: body.order_tags ?? null,
      order_meta: {
        return_url: body.order_meta?.return_url ?? null,
        notify_url: body.order_meta?.notify_url ?? null,
        payment_methods: body.order_meta?.payment_methods ?? null,
      },
      customer_details: { ...body.customer_details, customer_uid: null },
      order_splits: [],
      cart_details: null,
      terminal_data: null,
    }
    this.#orders.set(orderId, { order, payments: [], refunds: [], expiresAt })
    this.#sessions.set(session, orderId)
    return structuredClone(order)
  }

  /** @param {string} orderId */
  #entry(orderId) {
    const entry = this.#orders.get(orderId)
    if (!entry) throw new ApiError(404, 'order_not_found', 'Order Reference Id does not exist')
    // Lazily expire: an ACTIVE order past its expiry with no attempt in flight.
    const inFlight = entry.payments.some((payment) => payment.payment_status === 'PENDING')
    if (entry.order.order_status === 'ACTIVE' && this.now() > entry.expiresAt && !inFlight) {
      entry.order.order_status = 'EXPIRED'
    }
    // A requested termination completes once its delay has passed.
    if (entry.order.order_status === 'TERMINATION_REQUESTED' && this.now() >= (entry.terminatesAt ?? 0)) {
      entry.order.order_status = 'TERMINATED'
    }
    return entry
  }

  /** @param {string} orderId @returns {Order} */
  get(orderId) {
    return structuredClone(this.#entry(orderId).order)
  }

  /** @param {string} orderId @returns {Payment[]} */
  payments(orderId) {
    return structuredClone(this.#entry(orderId).payments)
  }

  /** @param {string} session @returns {Order | undefined} */
  bySession(session) {
    const orderId = this.#sessions.get(session)
    return orderId ? this.get(orderId) : undefined
  }

  /** @param {string} orderId @param {any} body @returns {Order} */
  terminate(orderId, body) {
    validateRequest('TerminateOrderRequest', body)
    if (body.order_status !== 'TERMINATED') throw invalid('order_status', 'should be TERMINATED', body.order_status)
    const entry = this.#entry(orderId)
    if (entry.order.order_status !== 'ACTIVE') {
      throw new ApiError(400, 'order_inactive', `order is ${entry.order.order_status.toLowerCase()}`)
    }
    if (this.terminateMode === 'requested') {
      entry.order.order_status = 'TERMINATION_REQUESTED'
      entry.terminatesAt = this.now() + this.terminationDelayMs
    } else {
      entry.order.order_status = 'TERMINATED'
    }
    return structuredClone(entry.order)
  }

  /** Makes the order expire now (a test control). @param {string} orderId */
  expireNow(orderId) {
    const entry = this.#entry(orderId)
    entry.expiresAt = this.now() - 1
    return this.get(orderId)
  }

  /**
   * A payment attempt with an outcome (the hosted checkout's buttons, or the control API).
   * `lateSuccess` (a test switch) lets an attempt that began before expiry or termination
   * still succeed, as Cashfree's can within the transaction time limit. `at` (a test switch) stamps
   * the attempt with that time (ms) instead of now: Cashfree stamps attempts to the second, so two
   * attempts a test makes one after the other would otherwise share their time.
   * @param {string} orderId @param {PaymentOutcome} outcome
   * @param {{ errorCode?: string, lateSuccess?: boolean, at?: number }} [options]
   * @returns {{ order: Order, payment: Payment }}
   */
  pay(orderId, outcome, { errorCode, lateSuccess = false, at } = {}) {
    const entry = this.#entry(orderId)
    const late =
      lateSuccess &&
      outcome === 'SUCCESS' &&
      ['EXPIRED', 'TERMINATED', 'TERMINATION_REQUESTED'].includes(entry.order.order_status)
    if (entry.order.order_status !== 'ACTIVE' && !late) {
      throw new ApiError(400, 'order_inactive', `order is ${entry.order.order_status.toLowerCase()}`)
    }
    const time = istTimestamp(at ?? this.now())
    const failed = outcome === 'FAILED' || outcome === 'USER_DROPPED'
    /** @type {Payment} */
    const payment = {
      cf_payment_id: String(randomInt(1_000_000_000, 9_999_999_999)),
      order_id: orderId,
      entity: 'payment',
      is_captured: outcome === 'SUCCESS',
      order_amount: entry.order.order_amount,
      order_currency: entry.order.order_currency,
      payment_amount: entry.order.order_amount,
      payment_currency: entry.order.order_currency,
      payment_status: outcome,
      payment_message: {
        SUCCESS: '00::Transaction success',
        FAILED: 'Transaction declined by the bank',
        USER_DROPPED: 'User dropped and did not complete the payment',
        PENDING: 'Transaction pending',
      }[outcome],
      payment_time: time,
      payment_completion_time: outcome === 'PENDING' ? null : time,
      bank_reference: outcome === 'SUCCESS' ? String(randomInt(100_000_000_000, 999_999_999_999)) : null,
      auth_id: null,
      payment_group: 'upi',
      payment_method: { upi: { channel: 'collect', upi_id: 'test@upi' } },
      error_details: failed
        ? {
            error_code: errorCode ?? (outcome === 'FAILED' ? 'TRANSACTION_DECLINED' : 'USER_DROPPED'),
            error_description: outcome === 'FAILED' ? 'Transaction declined by the bank' : 'User dropped',
            error_reason: outcome === 'FAILED' ? 'auth_declined' : 'user_dropped',
            error_source: 'customer',
          }
        : null,
      payment_gateway_details: {
        gateway_name: 'CASHFREE',
        gateway_order_id: entry.order.cf_order_id,
        gateway_payment_id: null,
        gateway_order_reference_id: null,
        gateway_settlement: 'CASHFREE',
      },
      international_payment: { international: false },
    }
    entry.payments.push(payment)
    if (outcome === 'SUCCESS') entry.order.order_status = 'PAID'
    return { order: structuredClone(entry.order), payment: structuredClone(payment) }
  }

  /**
   * POST /orders/{id}/refunds: only for a PAID order, at most what was paid (less earlier
   * refunds), refund_id unique per order. Returns the RefundEntity, PENDING.
   * @param {string} orderId @param {any} body
   */
  refund(orderId, body) {
    validateRequest('OrderCreateRefundRequest', body)
    const entry = this.#entry(orderId)
    if (entry.order.order_status !== 'PAID') throw new ApiError(400, 'order_not_paid', 'order is not paid')
    const id = body.refund_id
    if (entry.refunds.some((r) => r.refund_id === id)) {
      throw new ApiError(409, 'refund_already_exists', 'refund with same id is already present')
    }
    const refunded = entry.refunds.reduce((sum, r) => sum + Number(r.refund_amount), 0)
    const amount = body?.refund_amount
    if (typeof amount !== 'number' || !(amount > 0) || amount > entry.order.order_amount - refunded) {
      throw new ApiError(400, 'refund_amount_invalid', 'refund_amount : Invalid amount entered ')
    }
    const paid = entry.payments.find((p) => p.payment_status === 'SUCCESS')
    const refund = {
      cf_payment_id: paid?.cf_payment_id ?? null,
      cf_refund_id: String(randomInt(1_000_000_000, 9_999_999_999)),
      refund_id: id,
      order_id: orderId,
      entity: 'refund',
      refund_amount: amount,
      refund_currency: 'INR',
      refund_note: body.refund_note ?? null,
      refund_status: 'PENDING',
      refund_type: 'MERCHANT_INITIATED',
      refund_mode: body.refund_speed ?? 'STANDARD',
      refund_arn: null,
      status_description: 'In Progress',
      metadata: null,
      refund_splits: [],
      created_at: istTimestamp(this.now()),
      processed_at: null,
    }
    entry.refunds.push(refund)
    return structuredClone(refund)
  }

  /** @param {string} orderId */
  refunds(orderId) {
    return structuredClone(this.#entry(orderId).refunds)
  }

  /** @param {string} orderId @param {string} refundId @returns {Refund} */
  getRefund(orderId, refundId) {
    const refund = this.#entry(orderId).refunds.find((r) => r.refund_id === refundId)
    if (!refund) throw new ApiError(404, 'refund_not_found', 'Refund Id does not exist')
    return structuredClone(refund)
  }

  /**
   * A refund made in Cashfree's dashboard (a test control): Cashfree names it, and it is refunded
   * at once (the dashboard's refunds are not ours to follow). Returns it as its webhook carries it.
   * @param {string} orderId @param {number} amount
   */
  dashboardRefund(orderId, amount) {
    const refund = this.refund(orderId, {
      refund_id: `dashboard_${randomBytes(6).toString('hex')}`,
      refund_amount: amount,
      refund_note: 'Refund from the merchant dashboard',
    })
    return this.settleRefund(orderId, refund.refund_id, 'SUCCESS')
  }

  /**
   * A customer's bank raises a dispute on a paid order (a test control): the DisputesEntity,
   * CHARGEBACK_CREATED or DISPUTE_CREATED, with evidence due in a week.
   * @param {string} orderId @param {{ type?: string, amount?: number }} [options]
   * @returns {Dispute}
   */
  openDispute(orderId, { type = 'CHARGEBACK', amount } = {}) {
    const entry = this.#entry(orderId)
    if (entry.order.order_status !== 'PAID') throw new ApiError(400, 'order_not_paid', 'order is not paid')
    if (!['DISPUTE', 'CHARGEBACK', 'RETRIEVAL', 'PRE_ARBITRATION', 'ARBITRATION'].includes(type)) {
      throw invalid('dispute_type', 'is not valid', type)
    }
    const paid = entry.payments.find((p) => p.payment_status === 'SUCCESS')
    const now = this.now()
    /** @type {Dispute} */
    const dispute = {
      dispute_id: randomInt(100_000_000, 999_999_999),
      dispute_type: type,
      reason_code: '1401',
      reason_description: 'Fraud Transaction',
      dispute_amount: amount ?? entry.order.order_amount,
      dispute_amount_currency: 'INR',
      created_at: disputeTime(now),
      respond_by: disputeTime(now + 7 * DAY),
      updated_at: disputeTime(now),
      resolved_at: '9999-09-09T00:00:00',
      dispute_status: `${type === 'CHARGEBACK' ? 'CHARGEBACK' : 'DISPUTE'}_CREATED`,
      cf_dispute_remarks: null,
      preferred_evidence: [],
      dispute_evidence: [],
      order_details: {
        order_id: orderId,
        order_currency: entry.order.order_currency,
        order_amount: entry.order.order_amount,
        cf_payment_id: paid?.cf_payment_id ?? null,
        payment_currency: 'INR',
        payment_amount: paid?.payment_amount ?? entry.order.order_amount,
      },
      customer_details: {
        customer_name: entry.order.customer_details.customer_name ?? null,
        customer_phone: entry.order.customer_details.customer_phone ?? null,
        customer_email: entry.order.customer_details.customer_email ?? null,
      },
    }
    this.#disputes.set(orderId, [...(this.#disputes.get(orderId) ?? []), dispute])
    return structuredClone(dispute)
  }

  /**
   * A dispute moved along by the bank (a test control).
   * @param {number} disputeId @param {string} status @returns {Dispute}
   */
  moveDispute(disputeId, status) {
    const dispute = [...this.#disputes.values()].flat().find((d) => d.dispute_id === disputeId)
    if (!dispute) throw new ApiError(404, 'dispute_not_found', 'Dispute Id does not exist')
    dispute.dispute_status = status
    dispute.updated_at = disputeTime(this.now())
    return structuredClone(dispute)
  }

  /** GET /orders/{id}/disputes. @param {string} orderId @returns {Dispute[]} */
  disputes(orderId) {
    this.#entry(orderId)
    return structuredClone(this.#disputes.get(orderId) ?? [])
  }

  /**
   * A refund reaching its end (a test control; Cashfree takes days): SUCCESS with its bank
   * reference, or CANCELLED. Returns the refund as REFUND_STATUS_WEBHOOK carries it.
   * @param {string} orderId @param {string} refundId @param {'SUCCESS' | 'CANCELLED'} status
   */
  settleRefund(orderId, refundId, status) {
    const refund = this.#entry(orderId).refunds.find((r) => r.refund_id === refundId)
    if (!refund) throw new ApiError(404, 'refund_not_found', 'Refund Id does not exist')
    if (refund.refund_status !== 'PENDING') throw new ApiError(400, 'refund_final', `refund is ${refund.refund_status}`)
    refund.refund_status = status
    refund.status_description = status === 'SUCCESS' ? 'Refund processed successfully' : 'Refund cancelled'
    refund.processed_at = istTimestamp(this.now())
    if (status === 'SUCCESS') refund.refund_arn = String(randomInt(100_000_000_000, 999_999_999_999))
    return structuredClone(refund)
  }
}
