/**
 * What each function is given to run, in one table, with the reason beside each: memory, timeout,
 * concurrency (requests one instance serves at once) and instance bounds. The registrations
 * (callables.ts, webhook.ts, index.ts) read it by the function's name; a function not listed gets
 * the callables' defaults. The jobs' timeouts are what their batches are cut to: each stops taking
 * new work while the worst case of one more item would not end before the timeout, and leaves the
 * rest due for its next run (records.ts `mapLimit` with a deadline).
 */
import { defineInt } from 'firebase-functions/params'
import type { MemoryOption } from 'firebase-functions/v2/options'
import { GATEWAY_TIMEOUT_MS } from '../lib/cashfree'
import { SMTP_WORST_MS } from '../lib/smtp'

export { MAX_INPUT_PIXELS } from '../services/photos'

/**
 * Warm instances kept for the checkout path (createBooking, getBooking): a cold start costs a member
 * seconds at the moment they pay. 0 by default (an idle instance costs money); raise it for a launch.
 */
const CHECKOUT_MIN_INSTANCES = defineInt('CHECKOUT_MIN_INSTANCES', {
  default: 0,
  description: 'Warm instances kept for createBooking and getBooking (0: none; each costs an idle instance).',
})

export interface Sizing {
  memory: MemoryOption
  timeoutSeconds: number
  /** Requests one instance serves at once (above 1 needs a whole CPU). */
  concurrency: number
  cpu: number
  maxInstances: number
  minInstances?: typeof CHECKOUT_MIN_INSTANCES | number
  /** For a job: the longest one item of its batch can take (its calls' worst timeouts). */
  worstItemMs?: number
  why: string
}

/** Most callables: a few Firestore reads and writes, at most one gateway call. */
const CALLABLE: Sizing = {
  memory: '256MiB',
  timeoutSeconds: 30,
  concurrency: 40,
  cpu: 1,
  maxInstances: 10,
  why: 'a few Firestore reads and writes and at most one Cashfree call (15 s timeout): 30 s, 40 at once per instance',
}

export const SIZING: Record<string, Sizing> = {
  createBooking: {
    ...CALLABLE,
    timeoutSeconds: 60,
    minInstances: CHECKOUT_MIN_INSTANCES,
    maxInstances: 20,
    why: 'the checkout path: seat claims, then Cashfree creates the order (15 s timeout), undone on failure; warm instances by param',
  },
  getBooking: {
    ...CALLABLE,
    minInstances: CHECKOUT_MIN_INSTANCES,
    maxInstances: 20,
    why: 'polled while a payment confirms; reads Cashfree at most every 5 s per booking (15 s timeout)',
  },
  uploadProfilePhoto: {
    memory: '1GiB',
    timeoutSeconds: 60,
    concurrency: 2,
    cpu: 1,
    maxInstances: 5,
    why: 'decodes up to 40 MP (160 MB as RGBA, plus resize buffers): 2 at once fit 1 GiB; rare, so few instances',
  },
  deleteMyAccount: {
    ...CALLABLE,
    timeoutSeconds: 120,
    why: 'cancels every upcoming booking with its refund (Cashfree, 15 s each) and deletes photos',
  },
  hostCancelDate: {
    ...CALLABLE,
    timeoutSeconds: 300,
    why: 'refunds every paid guest of a date at once (up to 60 Cashfree refunds, 4 at a time); the job finishes what it leaves',
  },
  uploadEventCover: {
    memory: '1GiB',
    timeoutSeconds: 60,
    concurrency: 2,
    cpu: 1,
    maxInstances: 5,
    why: 'decodes a cover of up to 40 MP and encodes it twice (a WebP and a 1200 x 630 JPEG, sharp): two at once in 1 GiB',
  },
  publishCatalogueEvent: {
    ...CALLABLE,
    memory: '512MiB',
    why: 'reads the snapshot (about 1 KB an event, at most 900 KB) and writes it back with one event changed, in one transaction',
  },
  publicPages: {
    ...CALLABLE,
    memory: '512MiB',
    concurrency: 8,
    maxInstances: 10,
    why: "renders one page at a time with the app's server render (~2 MB of code, ~20 ms a page); the CDN keeps each 5 minutes",
  },
  sweepCovers: {
    ...CALLABLE,
    timeoutSeconds: 300,
    concurrency: 1,
    maxInstances: 1,
    worstItemMs: 10_000,
    why: 'hourly: deletes the covers uploaded over a day ago that no record or published event uses (two files each)',
  },
  exportGuestList: { ...CALLABLE, memory: '512MiB', why: 'builds a CSV of up to a few hundred rows in memory' },
  reportClientError: {
    ...CALLABLE,
    timeoutSeconds: 10,
    concurrency: 80,
    maxInstances: 3,
    why: "a browser's error report: one log line, no I/O; few instances, each rate-limiting, so a flood costs little",
  },
  cashfreeWebhook: {
    ...CALLABLE,
    maxInstances: 20,
    why: "Cashfree's deliveries: verify, then reconcile one booking (up to 3 Cashfree reads)",
  },
  sweepExpiredHolds: {
    ...CALLABLE,
    timeoutSeconds: 300,
    concurrency: 1,
    maxInstances: 1,
    worstItemMs: 3 * GATEWAY_TIMEOUT_MS,
    why: 'every 5 minutes: ends each expired hold (its order read and closed at Cashfree); one run at a time',
  },
  reconcilePayments: {
    ...CALLABLE,
    memory: '512MiB',
    timeoutSeconds: 540,
    concurrency: 1,
    maxInstances: 1,
    worstItemMs: 3 * GATEWAY_TIMEOUT_MS,
    why: 'every 10 minutes: up to 200 bookings, each up to 3 Cashfree calls (15 s timeout); the rest waits for the next run',
  },
  queueReminders: {
    ...CALLABLE,
    timeoutSeconds: 300,
    concurrency: 1,
    maxInstances: 1,
    worstItemMs: 5_000,
    why: 'every 15 minutes: Firestore only (one mail record per booking)',
  },
  morningAfter: {
    ...CALLABLE,
    timeoutSeconds: 300,
    concurrency: 1,
    maxInstances: 1,
    worstItemMs: 5_000,
    why: 'every 15 minutes: Firestore only (a night record, then one mail record and one booking update per guest who came)',
  },
  settleCancelledDates: {
    ...CALLABLE,
    timeoutSeconds: 540,
    concurrency: 1,
    maxInstances: 1,
    worstItemMs: 3 * GATEWAY_TIMEOUT_MS,
    why: 'every 5 minutes: refunds each paid booking of a cancelled date in full (Cashfree, 15 s each)',
  },
  deliverPushes: {
    ...CALLABLE,
    timeoutSeconds: 300,
    concurrency: 1,
    maxInstances: 1,
    worstItemMs: 15_000,
    why: "every minute: up to 100 notices, 4 at a time, each to the member's devices at once (10 s timeout per push)",
  },
  escalateAlerts: {
    ...CALLABLE,
    timeoutSeconds: 120,
    concurrency: 1,
    maxInstances: 1,
    worstItemMs: 15_000,
    why: "every minute: the open alerts over 3 minutes old (a few a night): the team's accounts, a notice and a push per admin",
  },
  tellGroups: {
    ...CALLABLE,
    timeoutSeconds: 300,
    concurrency: 1,
    maxInstances: 1,
    worstItemMs: 5_000,
    why: "every 5 minutes: Firestore only (today's dates in their reveal window: the paid bookings, the groups, a notice per guest)",
  },
  rollInsights: {
    ...CALLABLE,
    timeoutSeconds: 300,
    concurrency: 1,
    maxInstances: 1,
    worstItemMs: 10_000,
    why: 'hourly: Firestore only (per date of the 10 days past and every date on sale, up to six months ahead, nearest first: its bookings, seats, feedback and night; once per member their earliest seat; one write per changed month), stopping at the deadline',
  },
  deliverMail: {
    ...CALLABLE,
    timeoutSeconds: 300,
    concurrency: 1,
    maxInstances: 1,
    worstItemMs: SMTP_WORST_MS,
    why: 'every minute: up to 100 mails, 4 at a time, each up to the SMTP timeouts (10 s connect + 30 s socket)',
  },
}

/** The sizing of a function: its row, or the callables' defaults. */
export const sizingOf = (name: string): Sizing => SIZING[name] ?? CALLABLE

/** The options a registration takes from a sizing (the reason stays here). */
export function runOptions(name: string) {
  const { why: _why, worstItemMs: _worst, ...options } = sizingOf(name)
  return options
}

/**
 * When a job must stop taking new items: its timeout, less the worst case of one item, less a
 * margin for writing what it did.
 */
export function jobDeadline(name: string, startedAt: number): number {
  const sizing = sizingOf(name)
  return startedAt + sizing.timeoutSeconds * 1000 - (sizing.worstItemMs ?? 0) - 10_000
}
