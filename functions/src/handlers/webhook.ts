/**
 * cashfreeWebhook: Cashfree's payment, refund and dispute notifications. Only a valid signature over
 * the raw body, stamped inside the accepted window, is heard (401 otherwise). The event is
 * never believed: its type and body only say which booking to reconcile, and reconcileBooking
 * reads the order, its payments and refunds from Cashfree itself. So a forged type, a replay
 * or an out-of-order delivery changes nothing that Cashfree does not confirm. Deliveries already
 * handled (the same x-idempotency-key, stable across Cashfree's retries) are acknowledged at once.
 */

import '../lib/region' // first: the region applies to what is defined below
import { createHash } from 'node:crypto'
import { orderIdSchema } from '@yaari/domain/booking'
import { describeIssues } from '@yaari/domain/validation'
import { onRequest } from 'firebase-functions/v2/https'
import * as v from 'valibot'
import { isFreshWebhookTimestamp, isValidWebhookSignature } from '../lib/cashfree'
import { loadCatalogue } from '../lib/catalogue'
import { isAlreadyExists } from '../lib/claims'
import { nowOf } from '../lib/context'
import { noteHandled, wasHandled } from '../lib/data/webhook-events'
import { bookingSetup } from '../lib/deps'
import { ALERTS, alert, burstDetector, warn } from '../lib/log'
import type { BookingDeps } from '../lib/records'
import { CASHFREE_SECRETS, functionSettings } from '../lib/settings'
import { parseJsonBody } from '../lib/validate'
import { applyRefundsMadeElsewhere, recordDisputes } from '../services/bookings/outside'
import { reconcileBooking } from '../services/bookings/reconcile'
import { runOptions } from './sizing'

const orderId = orderIdSchema.entries.orderId

/** Any Cashfree webhook: a JSON object with its type (other fields, added over time, pass). */
const webhookSchema = v.object({ type: v.string('type must be text') })
/** Payment events name their order in data.order; refund events in data.refund. */
const paymentWebhookSchema = v.object({ data: v.object({ order: v.object({ order_id: orderId }) }) })
const refundWebhookSchema = v.object({ data: v.object({ refund: v.object({ order_id: orderId }) }) })
/** Dispute events (DISPUTE_CREATED, DISPUTE_UPDATED, DISPUTE_CLOSED) name it in data.order_details. */
const disputeWebhookSchema = v.object({ data: v.object({ order_details: v.object({ order_id: orderId }) }) })

/** Unverified webhooks that make an alert: this many within this window (per instance). */
const UNVERIFIED_ALERT = { threshold: 5, windowMs: 10 * 60_000 }
const unverified = burstDetector(UNVERIFIED_ALERT.threshold, UNVERIFIED_ALERT.windowMs)

/** A webhook refused as unverified: a warning each time, an alert when they keep coming. */
function refuseUnverified(now: number, reason: string, deliveredBy: string | undefined) {
  const { count, alert: repeated } = unverified(now)
  const fields = { reason, count, windowMinutes: UNVERIFIED_ALERT.windowMs / 60_000, deliveredBy }
  if (repeated) alert(ALERTS.webhookUnverified, fields)
  else warn('webhook-refused', fields)
  return { status: 401, body: reason }
}

async function cashfreeWebhookHandler(
  setup: Omit<BookingDeps, 'catalogue'>,
  secret: string,
  request: { rawBody: Buffer; headers: Record<string, string | string[] | undefined> },
): Promise<{ status: number; body: string }> {
  const header = (name: string) => {
    const value = request.headers[name]
    return Array.isArray(value) ? value[0] : value
  }
  const timestamp = header('x-webhook-timestamp')
  const now = nowOf(setup)
  const deliveredBy = header('user-agent')
  if (!isValidWebhookSignature(secret, request.rawBody, timestamp, header('x-webhook-signature'))) {
    return refuseUnverified(now, 'invalid signature', deliveredBy)
  }
  if (!isFreshWebhookTimestamp(timestamp, now))
    return refuseUnverified(now, 'timestamp outside the window', deliveredBy)
  const webhook = parseJsonBody(request.rawBody, webhookSchema, 'not a Cashfree webhook')
  if ('refusal' in webhook) return webhook.refusal
  // Read only for a delivery Cashfree signed: what it names is reconciled against what is published.
  const deps: BookingDeps = { ...setup, catalogue: await loadCatalogue(setup.firestore) }
  const { json: body, output } = webhook
  const { type } = output

  let order: string
  if (type.startsWith('PAYMENT_')) {
    const parsed = v.safeParse(paymentWebhookSchema, body)
    if (!parsed.success) return { status: 400, body: `not a payment webhook: ${describeIssues(parsed.issues)}` }
    order = parsed.output.data.order.order_id
  } else if (type.startsWith('REFUND_')) {
    const parsed = v.safeParse(refundWebhookSchema, body)
    if (!parsed.success) return { status: 400, body: `not a refund webhook: ${describeIssues(parsed.issues)}` }
    order = parsed.output.data.refund.order_id
  } else if (type.startsWith('DISPUTE_')) {
    const parsed = v.safeParse(disputeWebhookSchema, body)
    if (!parsed.success) return { status: 400, body: `not a dispute webhook: ${describeIssues(parsed.issues)}` }
    order = parsed.output.data.order_details.order_id
  } else {
    // Not subscribed; acknowledged so Cashfree does not retry it.
    return { status: 200, body: 'ignored' }
  }

  // One delivery, however often it comes: its key is stable across Cashfree's retries.
  const key = header('x-idempotency-key') || createHash('sha256').update(request.rawBody).digest('base64url')
  if (await wasHandled(deps.firestore, key)) return { status: 200, body: 'duplicate' }

  if (type.startsWith('DISPUTE_')) await recordDisputes(deps, order)
  else {
    await reconcileBooking(deps, order)
    // A refund we did not ask for was made in Cashfree's dashboard.
    if (type.startsWith('REFUND_')) await applyRefundsMadeElsewhere(deps, order)
  }
  // Marked only once handled: a delivery that failed half-way is handled again on its retry.
  await noteHandled(deps.firestore, key, type, order, nowOf(deps)).catch((error: unknown) => {
    if (!isAlreadyExists(error)) throw error
  })
  return { status: 200, body: 'ok' }
}

/** The endpoint Cashfree posts to (its secret bound: the signature is checked with it). */
export const cashfreeWebhook = onRequest(
  { ...runOptions('cashfreeWebhook'), secrets: CASHFREE_SECRETS },
  async (request, response) => {
    if (request.method !== 'POST') {
      response.status(405).send('POST only')
      return
    }
    const { status, body } = await cashfreeWebhookHandler(bookingSetup(), functionSettings().cashfree.clientSecret, {
      rawBody: request.rawBody,
      headers: request.headers,
    })
    response.status(status).send(body)
  },
)
