/**
 * Booking a seat and paying for it (DESIGN.md, "createBooking" to "listMyBookings").
 *
 * Seats: each date has documents slots/{eventId}_{date}/seats/{n}, n = 1..capacity, claimed
 * with create(), which fails when the document exists. That is correct under any
 * concurrency, in real Firestore and in the local stand-in (which does not isolate
 * transactions), so a table is never over-full. A seat is held while its payment is open
 * (HOLD_MINUTES, as long as the Cashfree order) and freed when the payment fails or expires.
 *
 * State changes: a booking settles once (pending -> confirmed | failed | expired), guarded
 * by create() of bookings/{orderId}/transitions/settled; a payment that arrives after its seat
 * was freed is a second, also guarded, change ("recovered"). Webhooks, the return page and
 * retries may all race to apply the same change; only one applies it.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { FieldValue, type Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import * as v from 'valibot'
import { seatsCollectionPath } from '../../src/domain/availability'
import {
  BOOKING_MESSAGES,
  type BookingStatus,
  type BookingView,
  type CreateBookingResponse,
  createBookingSchema,
  HOLD_MINUTES,
  orderIdSchema,
  type VenueBrief,
  venueBriefPath,
  venueBriefSchema,
} from '../../src/domain/booking'
import { eventById, priceFor } from '../../src/domain/catalogue'
import { isBookableDate, weekdayName } from '../../src/domain/schedule'
import { describeIssues, noInputSchema } from '../../src/domain/validation'
import { CashfreeError, istTimestamp, isValidWebhookSignature, type PaymentGateway } from './lib/cashfree'
import { parseRequest } from './lib/validate'

/** gRPC ALREADY_EXISTS: create() found the document there. */
const isAlreadyExists = (error: unknown) => (error as { code?: unknown })?.code === 6

export interface BookingRecord {
  order_id: string
  user_id: string
  event_id: string
  event_date: string
  tier: string
  amount: number
  seat: number | null
  /** refund_due: the refund call failed and needs a person (logged as paid-without-seat). */
  status: BookingStatus | 'refund_due'
  payment_session_id: string
  hold_expires_at: number
  created_at: number
  paid_at?: number
  attendee: Record<string, unknown>
}

export interface BookingDeps {
  firestore: Firestore
  gateway: PaymentGateway
  /** Where the member's browser comes back after checkout, e.g. https://yaari.app */
  appOrigin: string
  now?: () => Date
}

const bookingRef = (firestore: Firestore, orderId: string) => firestore.collection('bookings').doc(orderId)

/** Tries seat numbers 1..capacity with create(); the first that did not exist is ours. */
async function claimSeat(
  firestore: Firestore,
  eventId: string,
  date: string,
  capacity: number,
  holder: { order_id: string; user_id: string; hold_expires_at: number },
): Promise<number | undefined> {
  const seats = firestore.collection(seatsCollectionPath(eventId, date))
  const taken = new Set((await seats.select().get()).docs.map((doc) => doc.id))
  const order = [...Array(capacity).keys()].map((i) => i + 1)
  // Free numbers first, then the rest (a seat read as taken may have been freed since).
  for (const n of [...order.filter((n) => !taken.has(String(n))), ...order.filter((n) => taken.has(String(n)))]) {
    try {
      await seats.doc(String(n)).create({ ...holder, status: 'held' })
      return n
    } catch (error) {
      if (!isAlreadyExists(error)) throw error
    }
  }
  return undefined
}

/** A paid seat: no longer a hold, so no sweep will ever free it. */
async function markSeatTaken(firestore: Firestore, eventId: string, date: string, seat: number): Promise<void> {
  await firestore
    .collection(seatsCollectionPath(eventId, date))
    .doc(String(seat))
    .update({ status: 'taken', hold_expires_at: FieldValue.delete() })
}

/** Frees a seat if it is still held for this order. */
async function releaseSeat(
  firestore: Firestore,
  { event_id, event_date, seat, order_id }: Pick<BookingRecord, 'event_id' | 'event_date' | 'seat' | 'order_id'>,
): Promise<void> {
  if (seat === null) return
  const ref = firestore.collection(seatsCollectionPath(event_id, event_date)).doc(String(seat))
  const current = await ref.get()
  if (current.exists && current.get('order_id') === order_id) await ref.delete()
}

/** A change whose first runner stopped half-way is finished by a later one after this long. */
const STALE_CHANGE_MS = 30_000

/**
 * Runs `apply` only for the first caller to claim this change of this booking. Every `apply` is
 * idempotent, so if that caller died before marking the change applied, a later caller (after
 * STALE_CHANGE_MS) finishes it instead of leaving the booking stuck.
 */
async function once(
  firestore: Firestore,
  orderId: string,
  change: string,
  apply: () => Promise<void>,
): Promise<boolean> {
  const marker = bookingRef(firestore, orderId).collection('transitions').doc(change)
  try {
    await marker.create({ at: Date.now(), applied: false })
  } catch (error) {
    if (!isAlreadyExists(error)) throw error
    const existing = await marker.get()
    if (existing.get('applied') !== false || Date.now() - Number(existing.get('at')) < STALE_CHANGE_MS) return false
  }
  await apply()
  await marker.update({ applied: true })
  return true
}

/**
 * Brings a booking in line with the gateway: PAID confirms it (re-claiming a seat if its hold
 * had been freed); a failed attempt or an expired hold ends the order and frees the seat.
 */
export async function reconcileBooking(
  deps: BookingDeps,
  orderId: string,
  options: { failedAttempt?: boolean } = {},
): Promise<void> {
  const { firestore, gateway } = deps
  let failedAttempt = options.failedAttempt ?? false
  const now = (deps.now ?? (() => new Date()))().getTime()
  const ref = bookingRef(firestore, orderId)
  const snapshot = await ref.get()
  if (!snapshot.exists) return
  const booking = snapshot.data() as BookingRecord
  if (booking.status === 'confirmed' || booking.status === 'refunded' || booking.status === 'refund_due') return

  let order = await gateway.getOrder(orderId)
  const holdOver = now > booking.hold_expires_at
  if (order.order_status === 'ACTIVE' && !failedAttempt) {
    // The member came back from checkout before the webhook: their last attempt may have failed.
    const last = (await gateway.getPayments(orderId)).at(-1)
    failedAttempt = last?.payment_status === 'FAILED' || last?.payment_status === 'USER_DROPPED'
  }
  if (order.order_status === 'ACTIVE' && (failedAttempt || holdOver)) {
    // The member failed, abandoned or ran out of time: close the order so it cannot be paid later.
    try {
      order = await gateway.terminateOrder(orderId)
    } catch (error) {
      if (!(error instanceof CashfreeError)) throw error
      order = await gateway.getOrder(orderId) // it may have been paid in the meantime
    }
  }

  if (order.order_status === 'PAID') {
    if (booking.status === 'pending') {
      await once(firestore, orderId, 'settled', async () => {
        await ref.update({ status: 'confirmed', paid_at: now })
        if (booking.seat !== null) {
          await markSeatTaken(firestore, booking.event_id, booking.event_date, booking.seat)
        }
      })
      return
    }
    // Paid after the hold was freed (failed or expired first): a seat again, or a refund.
    await once(firestore, orderId, 'recovered', async () => {
      const event = eventById(booking.event_id)
      const seats = firestore.collection(seatsCollectionPath(booking.event_id, booking.event_date))
      // A seat this order already re-claimed (a half-finished earlier run) is kept, not doubled.
      const already = (await seats.where('order_id', '==', orderId).get()).docs[0]
      const seat = already
        ? Number(already.id)
        : event
          ? await claimSeat(firestore, booking.event_id, booking.event_date, event.capacity, {
              order_id: orderId,
              user_id: booking.user_id,
              hold_expires_at: now,
            })
          : undefined
      if (seat === undefined) {
        // The table filled after this hold was released: never an over-full table; refund in full.
        try {
          await gateway.refund(orderId, {
            refund_id: `refund_${orderId}`.slice(0, 40),
            refund_amount: booking.amount,
            refund_note: 'The table filled before the payment arrived',
          })
          await ref.update({ status: 'refunded', paid_at: now, seat: null })
        } catch (error) {
          if (error instanceof CashfreeError && error.status === 409) {
            await ref.update({ status: 'refunded', paid_at: now, seat: null }) // refunded by an earlier run
            return
          }
          console.error(JSON.stringify({ event: 'paid-without-seat', orderId, error: String(error) }))
          await ref.update({ status: 'refund_due', paid_at: now, seat: null })
        }
        return
      }
      await markSeatTaken(firestore, booking.event_id, booking.event_date, seat)
      await ref.update({ status: 'confirmed', paid_at: now, seat })
    })
    return
  }

  if (booking.status !== 'pending') return
  if (order.order_status === 'TERMINATED' || order.order_status === 'EXPIRED') {
    const status: BookingStatus = failedAttempt ? 'failed' : 'expired'
    await once(firestore, orderId, 'settled', async () => {
      await ref.update({ status })
      await releaseSeat(firestore, booking)
    })
  }
}

/** Frees the seats of this date whose holds ran out (each through its booking's reconcile). */
async function sweepExpiredHolds(deps: BookingDeps, eventId: string, date: string, now: number): Promise<void> {
  const stale = await deps.firestore
    .collection(seatsCollectionPath(eventId, date))
    .where('hold_expires_at', '<', now)
    .get()
  await Promise.all(
    stale.docs.map((doc) =>
      reconcileBooking(deps, String(doc.get('order_id'))).catch((error: unknown) =>
        console.error(JSON.stringify({ event: 'sweep-failed', orderId: doc.get('order_id'), error: String(error) })),
      ),
    ),
  )
}

export async function createBookingHandler(
  deps: BookingDeps,
  member: { uid: string; email: string | undefined },
  data: unknown,
): Promise<CreateBookingResponse> {
  const input = parseRequest(createBookingSchema, data)
  const now = (deps.now ?? (() => new Date()))()
  const event = eventById(input.eventId)
  if (!event) throw new HttpsError('invalid-argument', 'eventId: Unknown event')
  if (!isBookableDate(event, input.eventDate, now)) {
    throw new HttpsError(
      'invalid-argument',
      `eventDate: ${input.eventDate} is not an upcoming ${weekdayName(event.weekday)} of ${event.title} that can be booked`,
    )
  }
  const profile = await deps.firestore.collection('user_profiles').doc(member.uid).get()
  if (!profile.exists) throw new HttpsError('failed-precondition', 'Please complete your profile first.')

  const amount = priceFor(event.id, input.tier) // never the client's amount
  const holdExpiresAt = now.getTime() + HOLD_MINUTES * 60_000
  await sweepExpiredHolds(deps, event.id, input.eventDate, now.getTime())

  const orderId = `yaari_${input.eventDate.replaceAll('-', '')}_${randomBytes(9)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, 'x')}`
  const seat = await claimSeat(deps.firestore, event.id, input.eventDate, event.capacity, {
    order_id: orderId,
    user_id: member.uid,
    hold_expires_at: holdExpiresAt,
  })
  if (seat === undefined) throw new HttpsError('resource-exhausted', BOOKING_MESSAGES.soldOut)

  const mobile = String(profile.get('mobile') ?? '').replace(/^\+91/, '')
  let order: Awaited<ReturnType<PaymentGateway['createOrder']>>
  try {
    order = await deps.gateway.createOrder(
      {
        order_id: orderId,
        order_amount: amount,
        order_currency: 'INR',
        customer_details: {
          customer_id: member.uid,
          customer_phone: mobile,
          customer_name: String(profile.get('name') ?? input.userProfile.name),
          ...(member.email ? { customer_email: member.email } : {}),
        },
        order_meta: { return_url: `${deps.appOrigin}/booking-success?order_id={order_id}` },
        order_expiry_time: istTimestamp(new Date(holdExpiresAt)),
        order_note: `${event.title}, ${input.eventDate}`.slice(0, 200),
        order_tags: { event_id: event.id, event_date: input.eventDate, user_id: member.uid },
      },
      randomUUID(),
    )
  } catch (error) {
    await releaseSeat(deps.firestore, { event_id: event.id, event_date: input.eventDate, seat, order_id: orderId })
    console.error(JSON.stringify({ event: 'cashfree-create-order-failed', orderId, error: String(error) }))
    if (error instanceof CashfreeError && error.status === 400) {
      throw new HttpsError('invalid-argument', `${BOOKING_MESSAGES.creationFailed} (${error.message})`)
    }
    throw new HttpsError('unavailable', BOOKING_MESSAGES.gatewayError)
  }
  if (!order.payment_session_id) throw new HttpsError('internal', BOOKING_MESSAGES.noSession)

  const { termsAccepted: _terms, ...attendee } = input.userProfile
  const record: BookingRecord = {
    order_id: orderId,
    user_id: member.uid,
    event_id: event.id,
    event_date: input.eventDate,
    tier: input.tier,
    amount,
    seat,
    status: 'pending',
    payment_session_id: order.payment_session_id,
    hold_expires_at: holdExpiresAt,
    created_at: now.getTime(),
    attendee,
  }
  await bookingRef(deps.firestore, orderId).create(record)
  return { order_id: orderId, payment_session_id: order.payment_session_id }
}

/**
 * The shared venue briefs for the confirmed bookings among these, by "{eventId}_{date}". A
 * pending, failed or refunded booking never learns where the table is.
 */
async function venueBriefsFor(firestore: Firestore, bookings: BookingRecord[]): Promise<Map<string, VenueBrief>> {
  const keys = new Set(
    bookings.filter((b) => b.status === 'confirmed').map((b) => venueBriefPath(b.event_id, b.event_date)),
  )
  const briefs = new Map<string, VenueBrief>()
  await Promise.all(
    [...keys].map(async (path) => {
      const snapshot = await firestore.doc(path).get()
      if (!snapshot.exists) return
      const { shared_at: _sharedAt, ...stored } = snapshot.data() ?? {}
      const parsed = v.safeParse(venueBriefSchema, stored)
      if (parsed.success) briefs.set(path, parsed.output)
      else console.error(JSON.stringify({ event: 'venue-brief-invalid', path }))
    }),
  )
  return briefs
}

function toView(booking: BookingRecord, briefs: Map<string, VenueBrief>): BookingView {
  const venueBrief =
    booking.status === 'confirmed' ? briefs.get(venueBriefPath(booking.event_id, booking.event_date)) : undefined
  return {
    ...(venueBrief ? { venueBrief } : {}),
    orderId: booking.order_id,
    status: booking.status === 'refund_due' ? 'refunded' : booking.status,
    eventId: booking.event_id,
    eventDate: booking.event_date,
    tier: booking.tier,
    amount: booking.amount,
    createdAt: new Date(booking.created_at).toISOString(),
  }
}

/** getBooking: the caller's own booking, checked with the gateway while it is pending. */
export async function getBookingHandler(
  deps: BookingDeps,
  member: { uid: string },
  data: unknown,
): Promise<{ booking: BookingView }> {
  const { orderId } = parseRequest(orderIdSchema, data)
  const ref = bookingRef(deps.firestore, orderId)
  const first = await ref.get()
  // Someone else's booking answers exactly like one that does not exist.
  if (!first.exists || first.get('user_id') !== member.uid) throw new HttpsError('not-found', 'No such booking.')
  if (first.get('status') === 'pending') await reconcileBooking(deps, orderId)
  const booking = (await ref.get()).data() as BookingRecord
  return { booking: toView(booking, await venueBriefsFor(deps.firestore, [booking])) }
}

/** listMyBookings: the caller's bookings, soonest date first. */
export async function listMyBookingsHandler(
  deps: BookingDeps,
  member: { uid: string },
  data: unknown,
): Promise<{ bookings: BookingView[] }> {
  parseRequest(noInputSchema, data)
  const snapshot = await deps.firestore.collection('bookings').where('user_id', '==', member.uid).get()
  const records = snapshot.docs.map((doc) => doc.data() as BookingRecord)
  const briefs = await venueBriefsFor(deps.firestore, records)
  const bookings = records.map((record) => toView(record, briefs))
  bookings.sort((a, b) => a.eventDate.localeCompare(b.eventDate) || a.createdAt.localeCompare(b.createdAt))
  return { bookings }
}

/** Any Cashfree webhook: a JSON object with its type (other fields, added over time, pass). */
const webhookSchema = v.object({ type: v.string('type must be text') })
/** What a payment webhook (type PAYMENT_...) must carry to be acted on. */
const paymentWebhookSchema = v.object({
  type: v.string(),
  data: v.object({ order: v.object({ order_id: orderIdSchema.entries.orderId }) }),
})

/**
 * cashfreeWebhook: only a valid signature over the raw body is heard (401 otherwise). The
 * event is a trigger: the booking is reconciled with the gateway's own order status.
 */
export async function cashfreeWebhookHandler(
  deps: BookingDeps,
  secret: string,
  request: { rawBody: Buffer; headers: Record<string, string | string[] | undefined> },
): Promise<{ status: number; body: string }> {
  const header = (name: string) => {
    const value = request.headers[name]
    return Array.isArray(value) ? value[0] : value
  }
  if (!isValidWebhookSignature(secret, request.rawBody, header('x-webhook-timestamp'), header('x-webhook-signature'))) {
    return { status: 401, body: 'invalid signature' }
  }
  let body: unknown
  try {
    body = JSON.parse(request.rawBody.toString('utf8'))
  } catch {
    return { status: 400, body: 'body is not JSON' }
  }
  const webhook = v.safeParse(webhookSchema, body)
  if (!webhook.success) return { status: 400, body: `not a Cashfree webhook: ${describeIssues(webhook.issues)}` }
  // Only payment events are subscribed; anything else is acknowledged so Cashfree does not retry it.
  if (!webhook.output.type.startsWith('PAYMENT_')) return { status: 200, body: 'ignored' }
  const parsed = v.safeParse(paymentWebhookSchema, body)
  if (!parsed.success) return { status: 400, body: `not a payment webhook: ${describeIssues(parsed.issues)}` }
  const event = parsed.output
  const orderId = event.data.order.order_id
  const failedAttempt = event.type === 'PAYMENT_FAILED_WEBHOOK' || event.type === 'PAYMENT_USER_DROPPED_WEBHOOK'
  await reconcileBooking(deps, orderId, { failedAttempt })
  return { status: 200, body: 'ok' }
}
