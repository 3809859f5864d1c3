/**
 * feedback/{night}_{uid}: a guest's rating of an evening, what to improve and a comment, saved
 * again while the evening after is open. The only module that names the collection
 * (dev/lint/data-owners.test.mjs): the evening after saves and shows it, the host's summary of
 * the night and the insights count it, the account exports and forgets it, all through these.
 */
import { IMPROVE_OPTIONS } from '@yaari/domain/after-night'
import type { Firestore } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { collectionOf } from '../collections'
import { checkedReader, deleteFound } from '../documents'
import { expiry } from '../retention'

const FeedbackSchema = v.object({
  night: v.string(),
  event_id: v.string(),
  event_date: v.string(),
  city: v.string(),
  user_id: v.string(),
  rating: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)),
  comment: v.string(),
  improve: v.array(v.picklist(IMPROVE_OPTIONS)),
  at: v.number(),
  updated_at: v.number(),
})
export type FeedbackRecord = v.InferOutput<typeof FeedbackSchema>

const feedback = (firestore: Firestore) => collectionOf(firestore, 'feedback')
const records = checkedReader('feedback', FeedbackSchema)
const key = (night: string, uid: string) => `${night}_${uid}`

/** The guest's feedback on an evening (`night`: its id), if they gave any. */
export const feedbackOf = async (firestore: Firestore, night: string, uid: string) =>
  records.one(await feedback(firestore).doc(key(night, uid)).get())

/** Saves the guest's feedback (again: the one record of theirs for that evening), kept as long as the evening's. */
export async function saveFeedbackRecord(firestore: Firestore, record: FeedbackRecord, now: number): Promise<void> {
  await feedback(firestore)
    .doc(key(record.night, record.user_id))
    .set({ ...record, ...expiry('feedback', now, record.event_date) })
}

/** Every guest's feedback on one evening of an event. */
export const feedbackOfDate = async (firestore: Firestore, eventId: string, date: string) =>
  records.all(await feedback(firestore).where('event_id', '==', eventId).where('event_date', '==', date).get())

/** Every feedback the member gave (their data export). */
export const feedbackBy = async (firestore: Firestore, uid: string) =>
  records.all(await feedback(firestore).where('user_id', '==', uid).get())

/** Deletes every feedback the member gave (their account is deleted). */
export const forgetFeedback = (firestore: Firestore, uid: string): Promise<void> =>
  deleteFound(feedback(firestore).where('user_id', '==', uid))
