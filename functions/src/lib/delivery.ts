/**
 * The one delivery queue that mail and push share. What must be delivered is a document that
 * carries when it is due; a job takes what is due, a batch at a time and a few at once, and stops
 * taking more at its deadline. Each attempt is claimed first (a `create()` of {item}/attempts/{n}),
 * so two runs never deliver the same item at once; an attempt whose run died is taken up again once
 * its lease has passed, judged on Firestore's clock (the claim's creation to the read), never on a
 * run's own (a run made "as of" another day, or an instance whose clock is off, must not take over
 * an attempt still being made). A failed attempt is tried again after a growing wait, or later when
 * the service asks for it, until the last; then the item is failed.
 *
 * Decision 0032 says why this stays a lease loop on Firestore rather than Cloud Tasks. The attempts
 * themselves are data/attempts.ts.
 */
import type { Query } from 'firebase-admin/firestore'
import { warn } from './log'
import { mapUntil } from './records'

export interface DeliveryPolicy {
  /** Waits after the 1st, 2nd, ... failed attempt; after the last, the item is failed. */
  retryDelaysMs: readonly number[]
  /** An attempt not finished after this long was cut off (its run died): the next run may take it up. */
  leaseMs: number
}

/** The most items one run takes, and how many it delivers at once. */
const BATCH = 100
const CONCURRENCY = 4

/** How many attempts an item gets. */
export const maxAttempts = (policy: DeliveryPolicy) => policy.retryDelaysMs.length + 1

/** When attempt `attempt` having failed, the next is due: the policy's wait, or what the service asked if longer. */
export const retryAt = (policy: DeliveryPolicy, attempt: number, now: number, askedMs = 0) =>
  now + Math.max(policy.retryDelaysMs[attempt - 1] ?? policy.retryDelaysMs.at(-1) ?? 0, askedMs)

/** What a run of a delivery job did. */
export interface DeliveryReport {
  due: number
  /** Due, but left for the next run (this run's time was up). */
  left: number
  sent: number
  retrying: number
  failed: number
}

/**
 * Delivers the items the queries find due (the first query's first: the time-critical), a batch
 * at most, a few at once, starting none after `deadline`. An item whose delivery throws is logged
 * as `label` and counted as retrying: it is still due, for the next run.
 */
export async function deliverDue<Outcome extends string>(
  queries: Query[],
  deliver: (id: string) => Promise<Outcome | 'sent' | 'retry' | 'failed'>,
  { label, deadline = Number.POSITIVE_INFINITY }: { label: string; deadline?: number },
): Promise<{ report: DeliveryReport; outcomes: (Outcome | 'sent' | 'retry' | 'failed' | undefined)[] }> {
  const found = await Promise.all(queries.map((query) => query.limit(BATCH).get()))
  const due = found.flatMap((snapshot) => snapshot.docs).slice(0, BATCH)
  const { results: outcomes, left } = await mapUntil(
    due,
    CONCURRENCY,
    async (doc) => {
      try {
        return await deliver(doc.id)
      } catch (error) {
        warn(label, { id: doc.id, error: String(error).slice(0, 300) })
        return 'retry' as const
      }
    },
    deadline,
  )
  const count = (outcome: string) => outcomes.filter((found) => found === outcome).length
  return {
    report: { due: due.length, left, sent: count('sent'), retrying: count('retry'), failed: count('failed') },
    outcomes,
  }
}
