// @ts-check
/**
 * The seat inventory against one member with a script and against failures, for `npm run bench`:
 * - holdsByOneMember: one member trying 20 holds on one date (one order comes back), then 20
 *   across dates (held = MAX_LIVE_HOLDS);
 * - abandonedCheckouts: every seat of a 10-seat date held and abandoned, then one sweep;
 * - waitlistChurn: 50 members waiting on a full 10-seat date, 10 members cancelling one after
 *   another: the time from each cancel to the next offer, the offers' order, the seats claimed;
 * - bookingsWithFaults: 200 bookings with random failures injected between createBooking's writes
 *   (thrown, or the process dying there) and at Cashfree, random payments and lost webhooks,
 *   then the scheduled jobs: no orphan seat, no paid booking left unconfirmed.
 * The functions' own handlers run in this process (a failpoint and a clock cannot cross HTTP),
 * against the stack's Firestore and payment stand-ins.
 */
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { seededRandom } from '@yaari/domain/random'
import { HOST, ROOT, standinControl } from '../lib/config.mjs'
import { importTypeScript } from '../lib/typescript.mjs'
import { STANDIN_CLIENT_ID, STANDIN_CLIENT_SECRET } from '../payments/standin.mjs'
import { INVENTORY, WAITLIST_CHURN } from './budgets.mjs'
import { quantile } from './stats.mjs'

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * @param {{ firestore: import('firebase-admin/firestore').Firestore, paymentsPort: number }} options
 */
export async function inventoryHarness({ firestore, paymentsPort }) {
  const code = await importTypeScript(join(ROOT, 'dev', 'bench', 'inventory-entry.ts'), 'inventory', {
    external: ['firebase-admin', 'firebase-admin/*', 'firebase-functions', 'firebase-functions/*', 'sharp'],
  })
  const gateway = code.cashfreeGateway({
    baseUrl: `http://${HOST}:${paymentsPort}/pg`,
    clientId: STANDIN_CLIENT_ID,
    clientSecret: STANDIN_CLIENT_SECRET,
  })
  /** @param {object} [overrides] */
  const deps = (overrides = {}) => ({
    firestore,
    catalogue: code.SEED,
    gateway,
    appOrigin: 'http://127.0.0.1:4173',
    cashfreeMode: 'sandbox',
    ...overrides,
  })
  const member = async () => {
    const uid = `bench_${randomUUID().replaceAll('-', '')}`
    const email = `${uid}@example.test`
    await firestore
      .collection('user_profiles')
      .doc(uid)
      .set(code.storedProfileOf(uid, email, { name: 'Bench Member' }))
    // A test account, which books without a verified mobile (as the stack's callables let it).
    return { uid, email, skipsMobileCheck: true }
  }
  /** @param {{ id: string }} event @param {string} date */
  const request = (event, date) => code.bookingRequest(event.id, date)
  /** Deletes every seat of these dates of this event. @param {{ id: string }} event @param {string[]} dates */
  const clearDates = async (event, dates) => {
    for (const date of dates) {
      const seats = await firestore.collection(`slots/${event.id}_${date}/seats`).get()
      await Promise.all(seats.docs.map((doc) => doc.ref.delete()))
    }
  }
  const later = () => new Date(Date.now() + (code.HOLD_MINUTES + 1) * 60_000)
  return { code, gateway, deps, member, request, clearDates, later }
}

/** @typedef {Awaited<ReturnType<typeof inventoryHarness>>} InventoryHarness */

/** One member, a script, one date and then many: one order per date, MAX_LIVE_HOLDS in all. @param {InventoryHarness} h */
export async function measureHoldsByOneMember(h) {
  const { code } = h
  const event = code.SEED_EVENTS[1]
  const dates = code.availableDates(event)
  const date = dates.at(-1)
  await h.clearDates(event, [date])
  const scripted = await h.member()
  const tries = INVENTORY.triesByOneMember
  const sameDate = await Promise.allSettled(
    Array.from({ length: tries }, () => code.createBooking(h.deps(), scripted, h.request(event, date))),
  )
  const orders = new Set(sameDate.flatMap((r) => (r.status === 'fulfilled' ? [r.value.order_id] : [])))
  const seatsHeld = (
    await h.deps().firestore.collection(`slots/${event.id}_${date}/seats`).where('user_id', '==', scripted.uid).get()
  ).size

  const other = await h.member()
  const slots = code.SEED_EVENTS.flatMap((/** @type {{ id: string }} */ e) =>
    code.availableDates(e).map((/** @type {string} */ d) => ({ event: e, date: d })),
  ).slice(0, tries)
  await Promise.all(code.SEED_EVENTS.map((/** @type {{ id: string }} */ e) => h.clearDates(e, code.availableDates(e))))
  const acrossDates = await Promise.allSettled(
    slots.map((/** @type {{ event: { id: string }, date: string }} */ slot) =>
      code.createBooking(h.deps(), other, h.request(slot.event, slot.date)),
    ),
  )
  const refused = acrossDates.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []))
  return {
    cap: code.MAX_LIVE_HOLDS,
    oneDate: {
      eventId: event.id,
      date,
      tries,
      distinctOrders: orders.size,
      seatsHeld,
      refused: sameDate.filter((r) => r.status === 'rejected').length,
    },
    acrossDates: {
      tries: slots.length,
      held: acrossDates.filter((r) => r.status === 'fulfilled').length,
      refusedForTheCap: refused.filter((e) => e?.message === code.BOOKING_MESSAGES.holdLimit).length,
      otherErrors: refused.filter((e) => e?.message !== code.BOOKING_MESSAGES.holdLimit).length,
    },
    measured: 'createBooking handler in this process, against the stack’s Firestore and payment stand-ins',
  }
}

/** Every seat of a date held and abandoned at checkout, then one sweep. @param {InventoryHarness} h */
export async function measureAbandonedCheckouts(h) {
  const { code } = h
  const event = code.SEED_EVENTS[0]
  const date = code.availableDates(event).at(-2)
  await h.clearDates(event, [date])
  const members = await Promise.all(Array.from({ length: event.capacity }, () => h.member()))
  await Promise.all(members.map((m) => code.createBooking(h.deps(), m, h.request(event, date))))
  /** @param {Date} [now] */
  const spotsLeft = async (now) => {
    const answer = await code.getAvailability(h.deps(now ? { now: () => now } : {}), { eventId: event.id })
    return answer.events[0].dates.find((/** @type {{ date: string }} */ d) => d.date === date)?.spotsLeft
  }
  const before = await spotsLeft()
  const at = h.later()
  const started = performance.now()
  const report = await code.sweepExpiredHolds(h.deps({ now: () => at }))
  const sweepMs = Math.round(performance.now() - started)
  const after = await spotsLeft(at)
  return {
    eventId: event.id,
    date,
    capacity: event.capacity,
    abandoned: members.length,
    spotsLeftBefore: before,
    spotsLeftAfterOneSweep: after,
    seatsBack: (after ?? 0) - (before ?? 0),
    sweep: { ...report, ms: sweepMs },
    measured: 'the sweepExpiredHolds job run once in this process with its clock past the holds',
  }
}

/**
 * INVENTORY.faultyBookings bookings with random failures, payments and lost webhooks, then
 * the scheduled jobs; the inventory audited before and after. @param {InventoryHarness} h
 */
export async function measureBookingsWithFaults(h) {
  const { code } = h
  const event = code.SEED_EVENTS[2]
  const dates = code.availableDates(event)
  await h.clearDates(event, dates)
  // The same faults on every run.
  const roll = seededRandom(INVENTORY.seed)
  const steps = code.CREATE_BOOKING_STEPS
  const real = h.gateway
  /** @type {Record<string, number>} */
  const outcomes = {}
  /** @type {Record<string, number>} */
  const injected = {}
  /** @type {Record<string, number>} */
  const payments = {}
  const count = (/** @type {Record<string, number>} */ table, /** @type {string} */ key) => {
    table[key] = (table[key] ?? 0) + 1
  }
  /** @type {Set<string>} */
  const uids = new Set()

  /** @param {number} i */
  const one = async (i) => {
    const m = await h.member()
    uids.add(m.uid)
    const date = dates[i % dates.length]
    const r = roll()
    const step = steps[Math.floor(roll() * steps.length)]
    /** @type {{ failpoint?: (at: string) => Promise<void> | void, gateway?: object }} */
    let faults = {}
    let fault = 'none'
    if (r < 0.25) {
      fault = `write fails after ${step}`
      faults = {
        failpoint: (at) => {
          if (at === step) throw new Error(`injected after ${step}`)
        },
      }
    } else if (r < 0.4) {
      fault = `process dies after ${step}`
      faults = { failpoint: (at) => (at === step ? new Promise(() => {}) : undefined) }
    } else if (r < 0.45) {
      fault = 'Cashfree down'
      faults = {
        gateway: {
          ...real,
          createOrder: async () => {
            throw new code.CashfreeError(500, 'internal_error', 'internal error', 'api_error')
          },
        },
      }
    } else if (r < 0.5) {
      fault = 'order made, answer lost'
      faults = {
        gateway: {
          ...real,
          createOrder: async (/** @type {any} */ body, /** @type {string} */ key) => {
            await real.createOrder(body, key)
            throw new TypeError('fetch failed')
          },
        },
      }
    }
    count(injected, fault.replace(/ after .*/, ' after a step'))
    const call = code.createBooking(h.deps(faults), m, h.request(event, date))
    const outcome = await Promise.race([
      call.then(
        (/** @type {{ order_id: string }} */ answer) => answer,
        (/** @type {Error} */ error) =>
          error.message === code.BOOKING_MESSAGES.soldOut ? 'sold out' : 'refused (injected fault)',
      ),
      sleep(3_000).then(() => 'died'),
    ])
    if (typeof outcome === 'string') return count(outcomes, outcome)
    count(outcomes, 'held')
    // What the member then does at checkout.
    const p = roll()
    const orderId = outcome.order_id
    if (p < 0.35) {
      count(payments, 'paid')
      await standinControl(`/orders/${orderId}/pay`, { outcome: 'SUCCESS' })
    } else if (p < 0.55) {
      count(payments, 'paid, webhook lost')
      await standinControl(`/orders/${orderId}/pay`, { outcome: 'SUCCESS', signature: 'bad' })
    } else if (p < 0.7) {
      count(payments, 'failed, not retried')
      await standinControl(`/orders/${orderId}/pay`, { outcome: 'FAILED' })
    } else {
      count(payments, 'abandoned')
    }
  }

  const started = performance.now()
  for (let i = 0; i < INVENTORY.faultyBookings; i += INVENTORY.batch) {
    await Promise.all(
      Array.from({ length: Math.min(INVENTORY.batch, INVENTORY.faultyBookings - i) }, (_, j) => one(i + j)),
    )
  }
  const bookingsMs = Math.round(performance.now() - started)

  const orderIdsOf = async (/** @type {string} */ date) =>
    (await h.deps().firestore.collection('bookings').where('event_date', '==', date).get()).docs
      .filter((doc) => uids.has(doc.get('user_id')) && doc.get('event_id') === event.id)
      .map((doc) => doc.id)
  const audit = async () => {
    const all = await Promise.all(
      dates.map(async (/** @type {string} */ date) =>
        code.auditInventory(h.deps().firestore, real, { eventId: event.id, date, orderIds: await orderIdsOf(date) }),
      ),
    )
    const sum = (/** @type {(a: any) => number} */ of) => all.reduce((total, a) => total + of(a), 0)
    return {
      seats: sum((a) => a.seats),
      orphanSeats: sum((a) => a.orphanSeats.length),
      pending: sum((a) => a.pending),
      confirmed: sum((a) => a.confirmed),
      paidUnconfirmed: sum((a) => a.paidUnconfirmed.length),
      payableEnded: sum((a) => a.payableEnded.length),
    }
  }
  const beforeJobs = await audit()
  const at = h.later()
  const sweep = await code.sweepExpiredHolds(h.deps({ now: () => at }))
  const reconcile = await code.reconcilePayments(h.deps({ now: () => at }))
  const afterJobs = await audit()
  return {
    eventId: event.id,
    dates: dates.length,
    bookings: INVENTORY.faultyBookings,
    seed: INVENTORY.seed,
    injected,
    outcomes,
    payments,
    bookingsMs,
    beforeJobs,
    jobs: { sweep, reconcile },
    afterJobs,
    measured:
      'createBooking handler in this process with failpoints between its writes and a faulty gateway; the scheduled jobs run once with their clock past the holds',
  }
}

/**
 * 50 members waiting on a full 10-seat date; 10 paid members cancel, one after another. For each
 * cancel: the time from the call to the next member's offer, and the most seats claimed at once.
 * @param {InventoryHarness} h
 */
export async function measureWaitlistChurn(h) {
  const { code } = h
  const event = code.SEED_EVENTS[0]
  const date = code.availableDates(event).at(-3)
  const db = h.deps().firestore
  const clearLine = async () => {
    const line = await db.collection('waitlist').where('event_id', '==', event.id).get()
    await Promise.all(line.docs.filter((doc) => doc.get('event_date') === date).map((doc) => doc.ref.delete()))
  }
  await h.clearDates(event, [date])
  await clearLine()
  const paid = await Promise.all(
    Array.from({ length: event.capacity }, async () => {
      const member = await h.member()
      const { order_id: orderId } = await code.createBooking(h.deps(), member, h.request(event, date))
      await standinControl(`/orders/${orderId}/pay`)
      await code.reconcileBooking(h.deps(), orderId)
      return { member, orderId }
    }),
  )
  const waiting = []
  for (let i = 0; i < WAITLIST_CHURN.waiting; i++) {
    const member = await h.member()
    await code.joinWaitlist(h.deps(), member, { eventId: event.id, eventDate: date })
    waiting.push(member)
  }
  const seats = db.collection(`slots/${event.id}_${date}/seats`)
  const offered = async () =>
    (
      await db
        .collection('waitlist')
        .where('event_id', '==', event.id)
        .where('event_date', '==', date)
        .where('status', '==', 'offered')
        .get()
    ).docs.map((doc) => String(doc.get('user_id')))
  let most = (await seats.count().get()).data().count
  /** @type {number[]} */
  const times = []
  for (const { member, orderId } of paid.slice(0, WAITLIST_CHURN.cancellations)) {
    const before = (await offered()).length
    const started = performance.now()
    await code.cancelBooking(h.deps(), member, { orderId })
    while ((await offered()).length <= before && performance.now() - started < 30_000) await sleep(5)
    times.push(performance.now() - started)
    most = Math.max(most, (await seats.count().get()).data().count)
  }
  const offers = await offered()
  const firstInLine = waiting.slice(0, offers.length).map((member) => member.uid)
  const sorted = [...times].sort((a, b) => a - b)
  await h.clearDates(event, [date])
  await clearLine()
  return {
    capacity: event.capacity,
    waiting: WAITLIST_CHURN.waiting,
    cancellations: times.length,
    offers: offers.length,
    inOrder: [...offers].sort().join() === [...firstInLine].sort().join(),
    mostSeatsClaimed: most,
    cancelToOfferMs: {
      p50: Math.round(quantile(sorted, 0.5)),
      p95: Math.round(quantile(sorted, 0.95)),
      max: Math.round(sorted.at(-1) ?? 0),
    },
    measured:
      'cancelBooking and joinWaitlist handlers in this process, against the stack’s Firestore and payment stand-ins',
  }
}
