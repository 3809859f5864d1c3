/**
 * Payment state that holds against forged, replayed and late webhooks, Cashfree's in-between
 * states, races between settling runners, wrong amounts and refunds that do not go through.
 * Webhooks go to the real cashfreeWebhook over HTTP, signed with the stand-in's secret as
 * Cashfree signs them; races and wrong answers from the gateway run the reconcile in this process.
 */
import { createHmac, randomUUID } from 'node:crypto'
import { seatsCollectionPath } from '@yaari/domain/availability'
import { HOLD_MINUTES } from '@yaari/domain/booking'
import { bookingRequest } from '@yaari/domain/booking.fixture'
import { SEED_EVENTS } from '@yaari/domain/catalogue-seed'
import * as logger from 'firebase-functions/logger'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { functionUrl, standinControl } from '../../dev/lib/config.mjs'
import { STANDIN_CLIENT_SECRET } from '../../dev/payments/standin.mjs'
import type { PaymentGateway } from '../../functions/src/lib/cashfree'
import type { BookingRecord } from '../../functions/src/lib/data/bookings'
import { createBooking } from '../../functions/src/services/bookings/create'
import { reconcileBooking } from '../../functions/src/services/bookings/reconcile'
import { sweepExpiredHolds } from '../../functions/src/services/bookings/sweeps'
import { getBooking } from '../../functions/src/services/bookings/views'
import { adminDb, bookableDates, cashfreeOrder, fillTable, profiledMember, stackDeps } from './helpers'

const event = SEED_EVENTS[1]! // unplanned-sunday-social-mixup, Sundays, 10 seats
const dates = bookableDates(event)
const request = (eventDate: string) => bookingRequest(event.id, eventDate)
const record = async (orderId: string) =>
  (await adminDb().collection('bookings').doc(orderId).get()).data() as BookingRecord
const seatsOf = async (date: string, orderId: string) =>
  (await adminDb().collection(seatsCollectionPath(event.id, date)).where('order_id', '==', orderId).get()).docs
const afterHold = () => new Date(Date.now() + (HOLD_MINUTES + 1) * 60_000)
const seatsOfDate = (date: string) => adminDb().collection(seatsCollectionPath(event.id, date))

async function clearDate(date: string) {
  const seats = await seatsOfDate(date).get()
  await Promise.all(seats.docs.map((doc) => doc.ref.delete()))
}

async function hold(date: string) {
  const member = await profiledMember()
  const { order_id } = await createBooking(stackDeps(), member, request(date))
  return { member, orderId: order_id }
}

/** Posts a webhook body to cashfreeWebhook, signed as Cashfree signs it, stamped `at`. */
async function webhook(body: unknown, { at = Date.now(), key }: { at?: number; key?: string } = {}) {
  const raw = JSON.stringify(body)
  const timestamp = String(at)
  const signature = createHmac('sha256', STANDIN_CLIENT_SECRET)
    .update(timestamp + raw)
    .digest('base64')
  const response = await fetch(functionUrl('cashfreeWebhook'), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-webhook-timestamp': timestamp,
      'x-webhook-signature': signature,
      'x-webhook-version': '2025-01-01',
      ...(key ? { 'x-idempotency-key': key } : {}),
    },
    body: raw,
  })
  return { status: response.status, text: await response.text() }
}

const failedWebhook = (orderId: string) => ({
  type: 'PAYMENT_FAILED_WEBHOOK',
  data: {
    order: { order_id: orderId, order_amount: 799, order_currency: 'INR' },
    payment: { cf_payment_id: '1', payment_status: 'FAILED', payment_amount: 799 },
  },
  event_time: new Date().toISOString(),
})

// Alerts are read from the functions' logger (it writes through a console captured at load).
vi.mock('firebase-functions/logger', async (original) => {
  const actual = await original<typeof import('firebase-functions/logger')>()
  return { ...actual, error: vi.fn(actual.error) }
})
const alerted = (event: string) =>
  vi
    .mocked(logger.error)
    .mock.calls.some(([message, fields]) => message === event && (fields as { alert?: boolean })?.alert)

/** The gateway, with some of its answers replaced. */
function gatewayWith(overrides: Partial<PaymentGateway>): PaymentGateway {
  return { ...stackDeps().gateway, ...overrides }
}

afterEach(async () => {
  vi.mocked(logger.error).mockClear()
  await standinControl('/config', { terminateMode: 'immediate' })
})

describe('webhooks are only triggers', () => {
  it('a signed FAILED webhook for an order with no attempt, forged or replayed, leaves it payable', async () => {
    const { orderId } = await hold(dates[1]!)
    const body = failedWebhook(orderId)
    const key = randomUUID()
    expect(await webhook(body, { key })).toEqual({ status: 200, text: 'ok' })
    expect(await webhook(body, { key })).toEqual({ status: 200, text: 'duplicate' })
    expect(await webhook({ ...body, type: 'PAYMENT_USER_DROPPED_WEBHOOK' })).toMatchObject({ status: 200 })
    expect((await cashfreeOrder(orderId)).order_status).toBe('ACTIVE')
    expect(await record(orderId)).toMatchObject({ status: 'pending' })
    expect(await seatsOf(dates[1]!, orderId)).toHaveLength(1)

    await standinControl(`/orders/${orderId}/pay`, { outcome: 'SUCCESS' })
    expect(await record(orderId)).toMatchObject({ status: 'confirmed' })
  })

  it('a signed SUCCESS webhook for an unpaid order confirms nothing', async () => {
    const { orderId } = await hold(dates[1]!)
    const body = { ...failedWebhook(orderId), type: 'PAYMENT_SUCCESS_WEBHOOK' }
    expect((await webhook(body)).status).toBe(200)
    expect(await record(orderId)).toMatchObject({ status: 'pending' })
  })

  it('a body stamped outside the window is refused; a Cashfree retry 40 minutes on is heard', async () => {
    const { orderId } = await hold(dates[1]!)
    const body = failedWebhook(orderId)
    const hour = 3_600_000
    for (const at of [Date.parse('2001-09-09T01:46:40Z'), Date.now() - 25 * hour, Date.now() + hour]) {
      expect(await webhook(body, { at })).toEqual({ status: 401, text: 'timestamp outside the window' })
    }
    expect((await webhook(body, { at: Date.now() - 40 * 60_000 })).status).toBe(200)
  })

  it('REFUND_STATUS_WEBHOOK is heard, but the refund state comes from Cashfree', async () => {
    const response = await webhook({
      type: 'REFUND_STATUS_WEBHOOK',
      data: { refund: { order_id: 'yaari_20990101_nobody', refund_id: randomUUID(), refund_status: 'SUCCESS' } },
    })
    expect(response).toEqual({ status: 200, text: 'ok' })
  })
})

describe("Cashfree's in-between states and races", () => {
  it('TERMINATION_REQUESTED frees the seat; a payment that lands after still gets a seat', async () => {
    await standinControl('/config', { terminateMode: 'requested', terminationDelayMs: 60_000 })
    const date = dates[2]!
    const { orderId } = await hold(date)
    await sweepExpiredHolds(stackDeps({ now: afterHold }))
    expect((await cashfreeOrder(orderId)).order_status).toBe('TERMINATION_REQUESTED')
    expect(await record(orderId)).toMatchObject({ status: 'expired' })
    expect(await seatsOf(date, orderId)).toHaveLength(0)

    await standinControl(`/orders/${orderId}/pay`, { outcome: 'SUCCESS', lateSuccess: true })
    expect(await record(orderId)).toMatchObject({ status: 'confirmed' })
    expect(await seatsOf(date, orderId)).toHaveLength(1)
  })

  it('the latest attempt is the latest by its time, not by its place in the list', async () => {
    const date = dates[2]!
    const { orderId } = await hold(date)
    // Cashfree stamps attempts to the second: the first was two seconds before the second.
    await standinControl(`/orders/${orderId}/pay`, { outcome: 'FAILED', at: Date.now() - 2_000 })
    await standinControl(`/orders/${orderId}/pay`, { outcome: 'USER_DROPPED' })
    const real = stackDeps().gateway
    // Cashfree's list, newest first: position alone would say FAILED.
    const reversed = gatewayWith({ getPayments: async (id) => (await real.getPayments(id)).reverse() })
    await reconcileBooking(stackDeps({ gateway: reversed }), orderId)
    expect((await record(orderId)).last_attempt?.status).toBe('USER_DROPPED')
  })

  /**
   * A paid order (its webhook lost) reconciled by two runners at once: one still sees the order as
   * it was before the payment and ends the hold; the other sees it PAID a moment later and finds
   * the settle already taken. `meanwhile` runs while the second one waits.
   */
  async function settleRace(orderId: string, meanwhile: () => Promise<void> = async () => {}) {
    await standinControl(`/orders/${orderId}/pay`, { outcome: 'SUCCESS', signature: 'bad', retries: 0 })
    const real = stackDeps().gateway
    const stale = gatewayWith({
      getOrder: async (id) => ({ ...(await real.getOrder(id)), order_status: 'TERMINATED' }),
      terminateOrder: async (id) => ({ ...(await real.getOrder(id)), order_status: 'TERMINATED' }),
    })
    const slow = gatewayWith({
      getPayments: async (id) => {
        await new Promise((resolve) => setTimeout(resolve, 300))
        await meanwhile()
        return real.getPayments(id)
      },
    })
    await Promise.all([
      reconcileBooking(stackDeps({ gateway: stale, now: afterHold }), orderId),
      reconcileBooking(stackDeps({ gateway: slow }), orderId),
    ])
  }

  it('a payment that loses the settle race to an expiry still ends confirmed', async () => {
    const date = dates[3]!
    const { orderId } = await hold(date)
    await settleRace(orderId)
    expect(await record(orderId)).toMatchObject({ status: 'confirmed' })
    expect(await seatsOf(date, orderId)).toHaveLength(1)
    const transitions = await adminDb().collection('bookings').doc(orderId).collection('transitions').get()
    expect(transitions.docs.map((doc) => doc.id).sort()).toEqual(['recovered', 'settled'])
  })

  it('…and ends refunded, in full, when the table filled while it was being settled', async () => {
    const date = dates[3]!
    await clearDate(date)
    const { orderId } = await hold(date)
    await settleRace(orderId, () => fillTable(event, date)) // every seat the expiry freed is taken meanwhile
    expect(await record(orderId)).toMatchObject({
      status: 'refunded',
      refund: { status: 'pending', amount: event.prices.girls, reason: 'table-full' },
    })
    expect(await seatsOf(date, orderId)).toHaveLength(0)
    expect((await seatsOfDate(date).get()).size).toBe(event.capacity) // never over-full
    await clearDate(date)
  })

  it('a payment of another amount or currency confirms nothing: it is refunded and alerted', async () => {
    const date = dates[4]!
    const { orderId } = await hold(date)
    await standinControl(`/orders/${orderId}/pay`, { outcome: 'SUCCESS', signature: 'bad', retries: 0 })
    const real = stackDeps().gateway
    const tampered = gatewayWith({
      getPayments: async (id) => (await real.getPayments(id)).map((p) => ({ ...p, payment_amount: 1 })),
    })
    await reconcileBooking(stackDeps({ gateway: tampered }), orderId)
    expect(await record(orderId)).toMatchObject({
      status: 'refunded',
      refund: { amount: 1, reason: 'amount-mismatch' },
    })
    expect(await seatsOf(date, orderId)).toHaveLength(0)
    expect(alerted('payment-mismatch')).toBe(true)
  })
})

describe('refunds end true', () => {
  /** A paid booking refunded in full because the table filled before its payment arrived. */
  async function refundedBooking(date: string) {
    const { orderId } = await hold(date)
    await sweepExpiredHolds(stackDeps({ now: afterHold }))
    await fillTable(event, date)
    await standinControl(`/orders/${orderId}/pay`, { outcome: 'SUCCESS', lateSuccess: true })
    return orderId
  }

  it('pending until Cashfree pays it, then succeeded, from its REFUND_STATUS_WEBHOOK', async () => {
    const date = dates[5]!
    await clearDate(date)
    const orderId = await refundedBooking(date)
    const before = await record(orderId)
    expect(before).toMatchObject({ status: 'refunded', refund: { status: 'pending' } })
    const view = await getBooking(stackDeps(), { uid: before.user_id }, { orderId })
    expect(view.booking.refund).toMatchObject({ status: 'pending' })

    await standinControl(`/orders/${orderId}/refunds/${before.refund?.refund_id}/settle`, { status: 'SUCCESS' })
    expect((await record(orderId)).refund?.status).toBe('succeeded')
    expect((await record(orderId)).recheck_at).toBeUndefined()
    await clearDate(date)
  })

  it('cancelled by Cashfree: failed, alerted, and never shown as refunded', async () => {
    const date = dates[6]!
    await clearDate(date)
    const orderId = await refundedBooking(date)
    const { refund } = await record(orderId)
    await standinControl(`/orders/${orderId}/refunds/${refund?.refund_id}/settle`, {
      status: 'CANCELLED',
      signature: 'bad', // the webhook does not get in: the reconciler finds it
      retries: 0,
    })
    expect((await record(orderId)).refund?.status).toBe('pending')
    expect(alerted('refund-failed')).toBe(false)
    await reconcileBooking(stackDeps(), orderId)
    const after = await record(orderId)
    expect(after.refund?.status).toBe('failed')
    expect(alerted('refund-failed')).toBe(true)
    const view = await getBooking(stackDeps(), { uid: after.user_id }, { orderId })
    expect(view.booking).toMatchObject({ status: 'refunded', refund: { status: 'failed' } })
    await clearDate(date)
  })

  it('a refund Cashfree would not accept is asked again with the same refund id, never twice', async () => {
    const date = dates[7]!
    await clearDate(date)
    const { orderId } = await hold(date)
    await sweepExpiredHolds(stackDeps({ now: afterHold }))
    await fillTable(event, date)
    await standinControl(`/orders/${orderId}/pay`, {
      outcome: 'SUCCESS',
      lateSuccess: true,
      signature: 'bad',
      retries: 0,
    })
    const down = gatewayWith({
      refund: async () => {
        throw new Error('connect ECONNREFUSED')
      },
    })
    await reconcileBooking(stackDeps({ gateway: down }), orderId)
    expect(await record(orderId)).toMatchObject({ status: 'refunded', refund: { status: 'requested', attempts: 1 } })
    await reconcileBooking(stackDeps(), orderId)
    await reconcileBooking(stackDeps(), orderId)
    expect((await record(orderId)).refund?.status).toBe('pending')
    const refunds = await stackDeps().gateway.getRefund(orderId, String((await record(orderId)).refund?.refund_id))
    expect(refunds.refund_status).toBe('PENDING')
    await clearDate(date)
  })
})

describe('getBooking and Cashfree’s rate limits', () => {
  it('asks Cashfree about a booking at most once every few seconds, however often it is polled', async () => {
    const { member, orderId } = await hold(dates[0]!)
    let reads = 0
    const real = stackDeps().gateway
    const counting = gatewayWith({
      getOrder: (id) => {
        reads++
        return real.getOrder(id)
      },
    })
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => getBooking(stackDeps({ gateway: counting }), member, { orderId })),
    )
    expect(reads).toBeGreaterThanOrEqual(1)
    expect(reads).toBeLessThanOrEqual(2) // one per 5-second window; the 30 calls may straddle two
    // Only an answer that asked Cashfree says so: the page trusts a failed attempt only from such a one.
    expect(answers.filter((answer) => answer.booking.checkedAt !== undefined)).toHaveLength(reads)
  })
})
