/**
 * Counted limits without transactions: a limit of N is N documents, each claimed with create(),
 * which is atomic in Firestore and in the local stand-in (a read-then-write transaction is not:
 * the stand-in does not isolate them). A claim that finds all N taken is over the limit.
 */
import type { DocumentReference } from 'firebase-admin/firestore'

/** gRPC ALREADY_EXISTS: create() found the document there. */
export const isAlreadyExists = (error: unknown) => (error as { code?: unknown })?.code === 6

/**
 * Creates the first of `refs` that does not exist; returns its index, or undefined when all
 * exist. Free ones are tried first, then the rest (one read as taken may be freed since).
 */
export async function claimFirst(
  refs: DocumentReference[],
  data: Record<string, unknown>,
): Promise<number | undefined> {
  if (refs.length === 0) return undefined
  const existing = await refs[0]!.firestore.getAll(...refs)
  const order = refs.map((_, i) => i)
  const free = order.filter((i) => !existing[i]?.exists)
  const taken = order.filter((i) => existing[i]?.exists)
  for (const i of [...free, ...taken]) {
    try {
      await refs[i]!.create(data)
      return i
    } catch (error) {
      if (!isAlreadyExists(error)) throw error
    }
  }
  return undefined
}
