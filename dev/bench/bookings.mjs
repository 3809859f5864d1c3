// @ts-check
/**
 * createBooking under load, through one function instance over HTTP (and through the Functions
 * emulator, reported without a budget): many members booking one date at once, and rounds of
 * members booking across every date.
 */
import { storedProfileOf } from '@yaari/domain/profile.fixture'
import { startFunctionInstance } from '../function-instance/start.mjs'
import { functionUrl, HOST, PROJECT_ID } from '../lib/config.mjs'
import { importTypeScript } from '../lib/typescript.mjs'
import { BOOKING_LOAD, CONTENTION } from './budgets.mjs'
import { quantile } from './stats.mjs'

/**
 * createBooking as members reach it: the built functions served like one Cloud Run instance
 * (dev/function-instance/serve.mjs: one process, requests at once, as v2 functions run), each call a
 * real callable request with the member's ID token from the Auth emulator, against the stack's
 * Firestore and payment stand-ins. The Functions emulator is measured too (measureBookingsThroughEmulator):
 * it starts one Node process per request in flight, so it shows what 50 processes on this
 * machine's cores cost rather than what an instance does, and has no budget.
 * @param {import('../lib/stack.mjs').Stack} stack
 */
export async function bookingHarness(stack) {
  const { SEED_EVENTS, availableDates, seatsCollectionPath, bookingRequest } = await importTypeScript(
    {
      contents:
        "export { SEED_EVENTS } from './packages/domain/src/catalogue-seed.ts'\n" +
        "export { bookingRequest } from './packages/domain/src/booking.fixture.ts'\n" +
        "export { seatsCollectionPath } from './packages/domain/src/availability.ts'\n" +
        "export { availableDates } from './packages/domain/src/schedule.ts'\n",
    },
    'catalogue',
  )
  process.env.FIRESTORE_EMULATOR_HOST = `${HOST}:${stack.ports.firestore}`
  process.env.METADATA_SERVER_DETECTION = 'none'
  const { initializeApp } = await import('firebase-admin/app')
  const { getFirestore } = await import('firebase-admin/firestore')
  const firestore = getFirestore(initializeApp({ projectId: PROJECT_ID }, 'bench'))
  const instance = await startFunctionInstance()

  /**
   * Members signed up on the Auth emulator, each with a saved profile (createBooking needs one).
   * @param {string} prefix @param {number} count
   * @returns {Promise<{ email: string, idToken: string }[]>}
   */
  const members = async (prefix, count) => {
    const list = []
    for (let i = 0; i < count; i += 25) {
      const batch = Array.from({ length: Math.min(25, count - i) }, async (_, j) => {
        const email = `${prefix}${Date.now()}_${i + j}@example.test`
        const response = await fetch(
          `http://${HOST}:${stack.ports.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=bench`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password: 'bench-password-1', returnSecureToken: true }),
          },
        )
        /** @type {{ idToken?: string, localId?: string }} */
        const account = await response.json()
        if (!response.ok || !account.idToken || !account.localId) throw new Error(`sign-up failed: ${response.status}`)
        await firestore
          .collection('user_profiles')
          .doc(account.localId)
          .set(storedProfileOf(account.localId, email, { name: 'Bench Member' }))
        return { email, idToken: account.idToken }
      })
      list.push(...(await Promise.all(batch)))
    }
    return list
  }
  /**
   * One createBooking call by the callable protocol; rejects with the callable's error code.
   * @param {string} url @param {{ email: string, idToken: string }} member @param {string} eventId @param {string} date
   */
  const bookAt = async (url, member, eventId, date) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.idToken}` },
      body: JSON.stringify({ data: bookingRequest(eventId, date) }),
    })
    /** @type {{ result?: unknown, error?: { status?: string, message?: string } }} */
    const body = await response.json().catch(() => ({}))
    if (response.ok && body.result) return body.result
    const code = (body.error?.status ?? 'INTERNAL').toLowerCase().replaceAll('_', '-')
    throw Object.assign(new Error(`${code}: ${body.error?.message ?? response.status}`), { code })
  }
  /** @type {{ eventId: string, date: string }[]} Every (event, date) members may book, so the load spreads as real bookings do. */
  const slots = SEED_EVENTS.flatMap((/** @type {{ id: string }} */ event) =>
    availableDates(event).map((/** @type {string} */ date) => ({ eventId: event.id, date })),
  )
  /** Frees every seat of every bookable date, so each measurement starts with open tables. */
  const freeAllSeats = async () => {
    for (const slot of slots) {
      const seats = await firestore.collection(seatsCollectionPath(slot.eventId, slot.date)).get()
      await Promise.all(
        seats.docs.map((/** @type {{ ref: { delete: () => Promise<unknown> } }} */ doc) => doc.ref.delete()),
      )
    }
  }
  return {
    SEED_EVENTS,
    slots,
    seatsCollectionPath,
    firestore,
    members,
    freeAllSeats,
    /** @param {{ email: string, idToken: string }} member @param {string} eventId @param {string} date */
    book: (member, eventId, date) => bookAt(instance.url('createBooking'), member, eventId, date),
    /** @param {{ email: string, idToken: string }} member @param {string} eventId @param {string} date */
    bookThroughEmulator: (member, eventId, date) => bookAt(functionUrl('createBooking'), member, eventId, date),
    stop: () => instance.stop(),
  }
}

/**
 * Many members booking one date at once (CONTENTION.requests for a table of `capacity`): how many
 * seats were held, how many were told it is sold out, and the seats Firestore holds afterwards.
 * @param {Awaited<ReturnType<typeof bookingHarness>>} harness
 */
export async function measureContention(harness) {
  const event = harness.SEED_EVENTS[0]
  const date = harness.slots.filter((slot) => slot.eventId === event.id).at(-1)?.date ?? ''
  const members = await harness.members('bench_rush', CONTENTION.requests)
  await harness.freeAllSeats()
  let holds = 0
  let soldOut = 0
  /** @type {string[]} */
  const otherErrors = []
  const started = performance.now()
  await Promise.all(
    members.map(async (member) => {
      try {
        await harness.book(member, event.id, date)
        holds++
      } catch (error) {
        if (/** @type {{ code?: string }} */ (error).code === 'resource-exhausted') soldOut++
        else otherErrors.push(String(error))
      }
    }),
  )
  const elapsedMs = Math.round(performance.now() - started)
  const seats = await harness.firestore.collection(harness.seatsCollectionPath(event.id, date)).get()
  const holders = new Set(seats.docs.map((/** @type {{ get: (f: string) => unknown }} */ doc) => doc.get('order_id')))
  return {
    eventId: event.id,
    date,
    requests: CONTENTION.requests,
    capacity: event.capacity,
    holds,
    soldOut,
    otherErrors: otherErrors.length,
    firstOtherError: otherErrors[0],
    seatDocuments: seats.size,
    distinctHolders: holders.size,
    overbooked: holds > event.capacity || seats.size > event.capacity,
    elapsedMs,
    measured: 'through one function instance over HTTP (dev/function-instance/serve.mjs), signed-in callable requests',
  }
}

/**
 * Rounds of createBooking calls: each round, every member of its group books once, all at once,
 * spread over every bookable date; latencies sorted, and how many were told the date is sold out.
 * @param {Awaited<ReturnType<typeof bookingHarness>>} harness
 * @param {(member: { email: string, idToken: string }, eventId: string, date: string) => Promise<unknown>} book
 * @param {{ email: string, idToken: string }[][]} rounds
 */
async function bookingRound(harness, book, rounds) {
  /** @type {number[]} */
  const latencies = []
  let soldOut = 0
  let next = 0
  for (const members of rounds) {
    await Promise.all(
      members.map(async (member) => {
        const slot = harness.slots[next++ % harness.slots.length]
        const started = performance.now()
        try {
          await book(member, slot?.eventId ?? '', slot?.date ?? '')
        } catch (error) {
          if (/** @type {{ code?: string }} */ (error).code !== 'resource-exhausted') throw error
          soldOut++
        }
        latencies.push(performance.now() - started)
      }),
    )
  }
  const sorted = latencies.sort((x, y) => x - y)
  return {
    calls: sorted.length,
    soldOut,
    p50Ms: Math.round(quantile(sorted, 0.5)),
    p95Ms: Math.round(quantile(sorted, 0.95)),
    maxMs: Math.round(sorted.at(-1) ?? 0),
  }
}

/** `rounds` groups of `size` fresh members. @param {Awaited<ReturnType<typeof bookingHarness>>} harness @param {string} prefix @param {number} rounds @param {number} size */
async function memberRounds(harness, prefix, rounds, size) {
  const all = await harness.members(prefix, rounds * size)
  return Array.from({ length: rounds }, (_, i) => all.slice(i * size, (i + 1) * size))
}

/**
 * createBooking's latency with BOOKING_LOAD.callers members booking at once, through one
 * function instance. @param {Awaited<ReturnType<typeof bookingHarness>>} harness
 */
export async function measureBookings(harness) {
  const rounds = await memberRounds(harness, 'bench_member', BOOKING_LOAD.rounds, BOOKING_LOAD.callers)
  await harness.freeAllSeats()
  const round = await bookingRound(harness, harness.book, rounds)
  return {
    callers: BOOKING_LOAD.callers,
    rounds: BOOKING_LOAD.rounds,
    ...round,
    p95BudgetMs: BOOKING_LOAD.p95BudgetMs,
    measured:
      'through one function instance over HTTP (dev/function-instance/serve.mjs, as Cloud Run runs a v2 function): signed-in callable requests, ID tokens verified, against the stack’s Firestore and payment stand-ins',
  }
}

/**
 * The same load through the Functions emulator, which runs each request in flight in a Node
 * process of its own: the first round starts BOOKING_LOAD.callers processes (reported as
 * warm-up), the second reuses them. Reported, not budgeted: on 2 cores it times 50 processes
 * sharing them. @param {Awaited<ReturnType<typeof bookingHarness>>} harness
 */
export async function measureBookingsThroughEmulator(harness) {
  const [warmUp = [], ...rounds] = await memberRounds(
    harness,
    'bench_emulated',
    BOOKING_LOAD.rounds + 1,
    BOOKING_LOAD.callers,
  )
  await harness.freeAllSeats()
  const warmUpStarted = performance.now()
  await bookingRound(harness, harness.bookThroughEmulator, [warmUp])
  const warmUpMs = Math.round(performance.now() - warmUpStarted)
  await harness.freeAllSeats()
  const round = await bookingRound(harness, harness.bookThroughEmulator, rounds)
  return {
    callers: BOOKING_LOAD.callers,
    rounds: BOOKING_LOAD.rounds,
    warmUpMs,
    ...round,
    measured:
      'through the Firebase Functions emulator (one Node process per request in flight, started during the warm-up round and reused): no budget',
  }
}
