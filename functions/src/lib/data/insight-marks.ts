/**
 * insight_marks/{eventId}_{date}: a date whose money moved after its numbers were last rolled (a
 * refund weeks later, a payment settled late), for the next roll to count again whenever its evening
 * was. The only module that names the collection (dev/lint/data-owners.test.mjs): the paths that
 * move money mark, the roll reads and clears.
 */
import type { Firestore } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { isFailedPrecondition } from '../claims'
import { collectionOf } from '../collections'
import { checkedReader } from '../documents'
import { expiry } from '../retention'

const MarkSchema = v.object({ event_id: v.string(), event_date: v.string(), at: v.number() })
const marks = (firestore: Firestore) => collectionOf(firestore, 'insight_marks')
const records = checkedReader('insight_marks', MarkSchema)

/** Marks a date whose money moved for the next roll of its numbers, whenever its evening was. */
export async function markForInsights(firestore: Firestore, eventId: string, date: string, now: number): Promise<void> {
  await marks(firestore)
    .doc(`${eventId}_${date}`)
    .set({ event_id: eventId, event_date: date, at: now, ...expiry('insight_marks', now) })
}

/** A date marked, and how to clear its mark once rolled. */
export interface InsightMark {
  eventId: string
  date: string
  /** Clears the mark, unless it was written again since it was read (then the next roll takes it). */
  clear(): Promise<void>
}

/** Every date marked. */
export async function readMarks(firestore: Firestore): Promise<InsightMark[]> {
  const snapshot = await marks(firestore).get()
  return snapshot.docs.flatMap((doc) => {
    const mark = records.one(doc)
    if (!mark) return []
    const clear = () =>
      doc.ref
        .delete({ lastUpdateTime: doc.updateTime })
        .then(() => undefined)
        .catch((error: unknown) => {
          if (!isFailedPrecondition(error)) throw error
        })
    return [{ eventId: mark.event_id, date: mark.event_date, clear }]
  })
}
