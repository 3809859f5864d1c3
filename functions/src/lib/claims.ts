/**
 * Counted limits without transactions: a limit of N is N documents, each claimed with create(),
 * which is atomic in Firestore and in the local stand-in (a read-then-write transaction is not:
 * the stand-in does not isolate them). A claim that finds all N taken is over the limit.
 */
import { errorCode } from '@yaari/domain/error-code'
import type { DocumentReference } from 'firebase-admin/firestore'

/** gRPC ALREADY_EXISTS: create() found the document there. */
export const isAlreadyExists = (error: unknown) => errorCode(error) === 6
/** A write refused because its precondition failed (the document changed since it was read). */
export const isFailedPrecondition = (error: unknown) => errorCode(error) === 9

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
