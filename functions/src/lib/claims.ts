/**
 * Counted limits without transactions: a limit of N is N documents, each claimed with create(),
 * which is atomic in Firestore and in the local stand-in (a read-then-write transaction is not:
 * the stand-in does not isolate them). A claim that finds all N taken is over the limit.
 */
import { errorCode } from '@yaari/domain/error-code'
import type { DocumentReference, DocumentSnapshot, QueryDocumentSnapshot } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { checkedReader } from './documents'

/** gRPC ALREADY_EXISTS: create() found the document there. */
export const isAlreadyExists = (error: unknown) => errorCode(error) === 6
/** A write refused because its precondition failed (the document changed since it was read). */
export const isFailedPrecondition = (error: unknown) => errorCode(error) === 9
/** A write to a document that is not there. */
export const isNotFound = (error: unknown) => errorCode(error) === 5

function shuffled<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[items[i], items[j]] = [items[j] as T, items[i] as T]
  }
  return items
}

/**
 * Creates the first of `refs` that does not exist; returns its index, or undefined when all
 * exist. Free ones are tried first, then the rest (one read as taken may be freed since).
 * `taken` says which exist when the caller has just read them; otherwise they are read here.
 */
export async function claimFirst(
  refs: DocumentReference[],
  data: Record<string, unknown>,
  taken?: (index: number) => boolean,
): Promise<number | undefined> {
  if (refs.length === 0) return undefined
  const exists: (index: number) => boolean =
    taken ??
    (await refs[0]!.firestore.getAll(...refs).then((snapshots) => (i: number) => snapshots[i]?.exists === true))
  const order = refs.map((_, i) => i)
  // Callers arriving together try the free ones in different orders, so fewer collide.
  const free = shuffled(order.filter((i) => !exists(i)))
  const used = order.filter((i) => exists(i))
  for (const i of [...free, ...used]) {
    try {
      await refs[i]!.create(data)
      return i
    } catch (error) {
      if (!isAlreadyExists(error)) throw error
    }
  }
  return undefined
}

/** What every claim of a seat or a member's hold holds: its order, and its hold time while unpaid. */
export const ClaimSchema = v.object({
  order_id: v.string(),
  user_id: v.string(),
  /** Absent once paid: a paid claim is kept, not swept. */
  hold_expires_at: v.optional(v.number()),
  /** When it was made (member_dates keeps that). */
  created_at: v.optional(v.number()),
})
export type Claim = v.InferOutput<typeof ClaimSchema>
const claims = checkedReader('claims', ClaimSchema)
/** A claim's record, read from its document. */
export const claimOf = (snapshot: DocumentSnapshot) => claims.one(snapshot)

/** A seat or claim counts while it is paid (no hold time) or its hold time is still ahead. */
export const isLive = (data: { hold_expires_at?: unknown } | undefined, now: number) =>
  data !== undefined && (typeof data.hold_expires_at !== 'number' || data.hold_expires_at > now)

/**
 * Deletes a document if, read now, it passes `check`, and only if nothing changed it since that
 * read (a precondition on its update time). Whether it was deleted.
 */
export async function deleteIfStill(ref: DocumentReference, check: (snapshot: DocumentSnapshot) => boolean) {
  const snapshot = await ref.get()
  if (!snapshot.exists || !check(snapshot)) return false
  try {
    await ref.delete({ lastUpdateTime: snapshot.updateTime! })
    return true
  } catch (error) {
    // Changed since we read it, so it is not ours to delete.
    if (!isFailedPrecondition(error) && !isNotFound(error)) throw error
    return false
  }
}

/**
 * Deletes a claim if it is still this order's. The delete is conditional on the version read,
 * so a claim freed and re-taken by another order in between is left alone.
 */
export const deleteIfOurs = (ref: DocumentReference, orderId: string): Promise<boolean> =>
  deleteIfStill(ref, (snapshot) => claimOf(snapshot)?.order_id === orderId)

/**
 * A claim whose hold time has passed (a seat, an unpaid-hold slot, a member-date claim), as the
 * sweep finds it: the order behind it, the date of a seat, and how to free it.
 */
export interface ExpiredClaim {
  orderId: string
  /** A seat's event and date; undefined for a member's claim. */
  seat?: { eventId: string; date: string }
  /** Deletes the claim if it is still this order's and still expired, read again now. Whether it did. */
  freeIfStill(now: number): Promise<boolean>
  /** Whether the claim is gone (freed by this run or another). */
  gone(): Promise<boolean>
}

/** The expired claim a query found. */
export function expiredClaim(snapshot: QueryDocumentSnapshot, seat?: { eventId: string; date: string }): ExpiredClaim {
  const orderId = claimOf(snapshot)?.order_id ?? ''
  return {
    orderId,
    ...(seat ? { seat } : {}),
    freeIfStill: (now) =>
      deleteIfStill(snapshot.ref, (fresh) => {
        const record = claimOf(fresh)
        return record !== undefined && record.order_id === orderId && !isLive(record, now)
      }),
    gone: async () => !(await snapshot.ref.get()).exists,
  }
}
