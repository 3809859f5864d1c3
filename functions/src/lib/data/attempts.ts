/**
 * {item}/attempts/{n}: the delivery attempts of a queued mail or notice (lib/delivery.ts), each
 * claimed with a create(), so two runs never deliver the same item at once; an attempt whose run
 * died is taken up again once its lease has passed, judged on Firestore's clock; a queued document
 * that holds no item leaves the queue. The only module that names the subcollection
 * (dev/lint/data-owners.test.mjs).
 */
import type { DocumentReference, DocumentSnapshot } from 'firebase-admin/firestore'
import { isAlreadyExists } from '../claims'
import { subcollectionOf } from '../collections'
import { expiry } from '../retention'

/** An attempt claimed: `settle` records how it ended. */
export interface Claim {
  settle(outcome: 'sent' | 'failed', error?: string): Promise<void>
}

/**
 * Claims attempt `attempt` of `item`, read as `snapshot`. Answers the claim, or undefined when another
 * run holds it; an attempt cut off (its lease over, no outcome) is counted on the item with
 * `countCutOff`, written only if nobody changed the item since it was read, so the next run claims a
 * new one.
 */
export async function claimAttempt(
  policy: { leaseMs: number },
  item: DocumentReference,
  snapshot: DocumentSnapshot,
  attempt: number,
  now: number,
  countCutOff: Record<string, unknown>,
): Promise<Claim | undefined> {
  const claim = subcollectionOf(item, 'attempts').doc(String(attempt))
  try {
    await claim.create({ started_at: now, ...expiry('attempts', now) })
  } catch (error) {
    if (!isAlreadyExists(error)) throw error
    const other = await claim.get()
    const held = other.createTime && other.readTime ? other.readTime.toMillis() - other.createTime.toMillis() : 0
    if (other.get('outcome') === undefined && held > policy.leaseMs && snapshot.updateTime)
      await item.update(countCutOff, { lastUpdateTime: snapshot.updateTime }).catch(() => undefined)
    return undefined
  }
  return {
    settle: async (outcome, error) => {
      await claim.update({ outcome, ...(error === undefined ? {} : { error }) })
    },
  }
}

/** Deletes an item's attempts (an SMTP answer in one may quote the address). */
export async function deleteAttempts(ref: DocumentReference): Promise<void> {
  const attempts = await subcollectionOf(ref, 'attempts').get()
  await Promise.all(attempts.docs.map((attempt) => attempt.ref.delete()))
}

/** Deletes a queued item with its attempts (an account's deletion: nothing of it stays behind). */
export async function deleteWithAttempts(ref: DocumentReference): Promise<void> {
  await deleteAttempts(ref)
  await ref.delete()
}

/**
 * A queued document that holds no item (written by hand, an older shape) is never delivered: it
 * leaves the queue with `failed` (its channel's fields) instead of taking a place in every run.
 * Whether it did.
 */
export async function leftTheQueue(snapshot: DocumentSnapshot, item: unknown, failed: Record<string, unknown>) {
  if (!snapshot.exists || item !== undefined) return false
  await snapshot.ref.update(failed)
  return true
}
