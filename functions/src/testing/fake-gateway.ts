/**
 * A Cashfree in memory for unit tests, behind the PaymentGateway the booking logic takes: orders
 * (ACTIVE until paid, terminated or expired), their payment attempts, refunds. Tests play the
 * member and Cashfree with `attempt`, `pay`, `setStatus`, and make the next calls fail with
 * `failNext`. Every call is recorded in `calls`.
 */
import {
  type CashfreeDispute,
  CashfreeError,
  type CashfreeOrder,
  type CashfreePayment,
  type CashfreeRefund,
  type CreateOrderBody,
  type PaymentGateway,
} from '../lib/cashfree'

type Method = keyof PaymentGateway

const tick = () => new Promise<void>((resolve) => setImmediate(resolve))

export class FakeGateway implements PaymentGateway {
  readonly orders = new Map<string, CashfreeOrder & { body: CreateOrderBody; idempotencyKey: string }>()
  readonly payments = new Map<string, CashfreePayment[]>()
  readonly refunds = new Map<string, CashfreeRefund>()
  readonly disputes = new Map<string, CashfreeDispute[]>()
  readonly calls: { method: Method; orderId: string; idempotencyKey?: string }[] = []
  /** What a terminate answers (Cashfree may answer TERMINATION_REQUESTED and settle later). */
  terminateTo: 'TERMINATED' | 'TERMINATION_REQUESTED' = 'TERMINATED'
  private readonly failures: { method: Method; error: Error }[] = []
  private readonly lostAnswers: { method: Method; error: Error }[] = []
  private sessions = 0

  /** The next call of `method` throws `error` (a CashfreeError, or any error for a lost answer). */
  /** Orders made from now on come without a checkout session (Cashfree answering oddly). */
  withoutSession = false

  failNext(method: Method, error: Error = new CashfreeError(500, 'internal_error', 'Cashfree is down', 'api_error')) {
    this.failures.push({ method, error })
  }

  /** The next call of `method` is carried out, but its answer is lost on the way (it throws `error`). */
  loseAnswer(method: Method, error: Error = new Error('socket hang up')) {
    this.lostAnswers.push({ method, error })
  }

  /** A payment attempt on the order, at `time` (ISO), with Cashfree's payment status. */
  attempt(orderId: string, status: string, time: string, amount = this.order(orderId).order_amount) {
    const list = this.payments.get(orderId) ?? []
    list.push({
      cf_payment_id: `pay_${list.length + 1}`,
      order_id: orderId,
      payment_status: status,
      payment_amount: amount,
      payment_currency: 'INR',
      payment_time: time,
    })
    this.payments.set(orderId, list)
  }

  /** A successful payment: the order becomes PAID. */
  pay(orderId: string, time: string, amount?: number) {
    this.attempt(orderId, 'SUCCESS', time, amount)
    this.setStatus(orderId, 'PAID')
  }

  setStatus(orderId: string, status: CashfreeOrder['order_status']) {
    this.order(orderId).order_status = status
  }

  private order(orderId: string) {
    const order = this.orders.get(orderId)
    if (!order) throw new Error(`the fake gateway has no order ${orderId}`)
    return order
  }

  private async call(method: Method, orderId: string, idempotencyKey?: string) {
    await tick()
    this.calls.push({ method, orderId, ...(idempotencyKey ? { idempotencyKey } : {}) })
    const index = this.failures.findIndex((failure) => failure.method === method)
    if (index >= 0) throw this.failures.splice(index, 1)[0]!.error
  }

  private notFound(orderId: string) {
    return new CashfreeError(404, 'order_not_found', `order ${orderId} does not exist`, 'invalid_request_error')
  }

  private view(orderId: string): CashfreeOrder {
    const { body: _body, idempotencyKey: _key, ...order } = this.order(orderId)
    return { ...order }
  }

  async createOrder(body: CreateOrderBody, idempotencyKey: string): Promise<CashfreeOrder> {
    const order = await this.createOrderAnswer(body, idempotencyKey)
    this.loseIfAsked('createOrder')
    return order
  }

  private loseIfAsked(method: Method) {
    const index = this.lostAnswers.findIndex((lost) => lost.method === method)
    if (index >= 0) throw this.lostAnswers.splice(index, 1)[0]!.error
  }

  private async createOrderAnswer(body: CreateOrderBody, idempotencyKey: string): Promise<CashfreeOrder> {
    await this.call('createOrder', body.order_id, idempotencyKey)
    const existing = this.orders.get(body.order_id)
    if (existing) {
      if (existing.idempotencyKey === idempotencyKey) return this.view(body.order_id)
      throw new CashfreeError(
        409,
        'order_already_exists',
        'order with same id is already present',
        'invalid_request_error',
      )
    }
    this.orders.set(body.order_id, {
      order_id: body.order_id,
      cf_order_id: String(this.orders.size + 1),
      order_status: 'ACTIVE',
      order_amount: body.order_amount,
      order_currency: body.order_currency,
      payment_session_id: this.withoutSession ? '' : `session_${++this.sessions}`,
      order_expiry_time: body.order_expiry_time,
      body: structuredClone(body),
      idempotencyKey,
    })
    return this.view(body.order_id)
  }

  async getOrder(orderId: string): Promise<CashfreeOrder> {
    await this.call('getOrder', orderId)
    if (!this.orders.has(orderId)) throw this.notFound(orderId)
    return this.view(orderId)
  }

  async getPayments(orderId: string): Promise<CashfreePayment[]> {
    await this.call('getPayments', orderId)
    if (!this.orders.has(orderId)) throw this.notFound(orderId)
    return structuredClone(this.payments.get(orderId) ?? [])
  }

  async terminateOrder(orderId: string): Promise<CashfreeOrder> {
    await this.call('terminateOrder', orderId)
    const order = this.orders.get(orderId)
    if (!order) throw this.notFound(orderId)
    if (order.order_status !== 'ACTIVE') {
      throw new CashfreeError(400, 'order_not_active', 'order is not active', 'invalid_request_error')
    }
    order.order_status = this.terminateTo
    return this.view(orderId)
  }

  async refund(
    orderId: string,
    body: { refund_id: string; refund_amount: number; refund_note?: string },
  ): Promise<CashfreeRefund> {
    await this.call('refund', orderId)
    if (this.refunds.has(body.refund_id)) {
      throw new CashfreeError(409, 'refund_already_exists', 'refund with same id exists', 'invalid_request_error')
    }
    const refund = {
      refund_id: body.refund_id,
      order_id: orderId,
      refund_amount: body.refund_amount,
      refund_status: 'PENDING',
    }
    this.refunds.set(body.refund_id, refund)
    return { ...refund }
  }

  async getRefund(orderId: string, refundId: string): Promise<CashfreeRefund> {
    await this.call('getRefund', orderId)
    const refund = this.refunds.get(refundId)
    if (!refund) throw new CashfreeError(404, 'refund_not_found', 'no such refund', 'invalid_request_error')
    return { ...refund }
  }

  async getRefunds(orderId: string): Promise<CashfreeRefund[]> {
    await this.call('getRefunds', orderId)
    return [...this.refunds.values()].filter((refund) => refund.order_id === orderId).map((refund) => ({ ...refund }))
  }

  async getDisputes(orderId: string): Promise<CashfreeDispute[]> {
    await this.call('getDisputes', orderId)
    return (this.disputes.get(orderId) ?? []).map((dispute) => ({ ...dispute }))
  }

  /** A refund made in Cashfree's dashboard (its own refund id), already through. */
  dashboardRefund(orderId: string, amount: number, refundId = `dashboard_${this.refunds.size + 1}`) {
    this.refunds.set(refundId, {
      refund_id: refundId,
      order_id: orderId,
      refund_amount: amount,
      refund_status: 'SUCCESS',
    })
  }

  /** A customer's bank raises (or moves along) a dispute on the order. */
  dispute(orderId: string, dispute: CashfreeDispute) {
    const list = (this.disputes.get(orderId) ?? []).filter((d) => d.dispute_id !== dispute.dispute_id)
    this.disputes.set(orderId, [...list, dispute])
  }

  /** Cashfree settles a refund: SUCCESS or CANCELLED. */
  settleRefund(refundId: string, status: 'SUCCESS' | 'CANCELLED') {
    const refund = this.refunds.get(refundId)
    if (!refund) throw new Error(`the fake gateway has no refund ${refundId}`)
    refund.refund_status = status
  }
}
