/**
 * alerts/{orderId}_{alertId}: a guest's alert to their date's coordinators during the evening: why,
 * their note, when, and its answer or cancellation. Only the guest who raised it and the date's
 * hosts read it; it goes to the audit log and the date's "After the evening". The only module that
 * names the collection (dev/lint/data-owners.test.mjs).
 */
import { ALERT_ANSWERS, ALERT_STATES, HELP_REASONS } from '@yaari/domain/help'
import type { Firestore, Transaction } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { isAlreadyExists } from '../claims'
import { collectionOf } from '../collections'
import { checkedReader } from '../documents'
import { expiry } from '../retention'

const AlertSchema = v.object({
  user_id: v.string(),
  order_id: v.string(),
  event_id: v.string(),
  event_date: v.string(),
  guest_name: v.string(),
  reason: v.picklist(HELP_REASONS),
  note: v.optional(v.string()),
  state: v.picklist(ALERT_STATES),
  raised_at: v.number(),
  answer: v.optional(
    v.object({
      kind: v.picklist(ALERT_ANSWERS),
      by_uid: v.string(),
      by_name: v.string(),
      by_gender: v.optional(v.string()),
      at: v.number(),
    }),
  ),
  cancelled_at: v.optional(v.number()),
  escalated_at: v.optional(v.number()),
  /** The report a host turned it into. */
  report_id: v.optional(v.string()),
})
export type AlertRecord = v.InferOutput<typeof AlertSchema>

const alerts = (firestore: Firestore) => collectionOf(firestore, 'alerts')
const records = checkedReader('alerts', AlertSchema)

export const alertDocId = (orderId: string, alertId: string) => `${orderId}_${alertId}`

/** Writes the alert once: the record now stored (the first one's, when the phone sent it twice). */
export async function createAlert(
  firestore: Firestore,
  id: string,
  record: AlertRecord,
  now: number,
): Promise<{ record: AlertRecord; created: boolean }> {
  const ref = alerts(firestore).doc(id)
  try {
    await ref.create({ ...record, ...expiry('alerts', now, record.event_date) })
    return { record, created: true }
  } catch (error) {
    if (!isAlreadyExists(error)) throw error
    return { record: records.existing(await ref.get()), created: false }
  }
}

/** One alert, by its document id. */
export async function readAlert(firestore: Firestore, id: string): Promise<AlertRecord | undefined> {
  return records.one(await alerts(firestore).doc(id).get())
}

/** Changes an open alert (answered, cancelled, escalated) in a transaction: the record after, or why not. */
export async function changeAlert(
  firestore: Firestore,
  id: string,
  change: (record: AlertRecord) => Partial<AlertRecord> | undefined,
): Promise<AlertRecord | undefined> {
  const ref = alerts(firestore).doc(id)
  return firestore.runTransaction(async (transaction) => {
    const record = records.one(await transaction.get(ref))
    if (!record) return undefined
    const patch = change(record)
    if (!patch) return record
    transaction.update(ref, patch)
    return { ...record, ...patch }
  })
}

/** The member's alerts about one booking, newest first. */
export async function alertsOfBooking(firestore: Firestore, uid: string, orderId: string) {
  const found = records.withIds(
    await alerts(firestore).where('user_id', '==', uid).where('order_id', '==', orderId).get(),
  )
  return found.sort((a, b) => b.record.raised_at - a.record.raised_at)
}

/** A date's alerts, newest first. */
export async function alertsOfDate(firestore: Firestore, eventId: string, date: string) {
  const found = records.withIds(
    await alerts(firestore).where('event_id', '==', eventId).where('event_date', '==', date).get(),
  )
  return found.sort((a, b) => b.record.raised_at - a.record.raised_at)
}

/** Open alerts raised at or before `before` and not yet sent on to the admins. */
export async function unansweredSince(firestore: Firestore, before: number) {
  const open = records.withIds(await alerts(firestore).where('state', '==', 'open').get())
  return open.filter(({ record }) => record.raised_at <= before && record.escalated_at === undefined)
}

/**
 * In `transaction`, marks the alert turned into report `reportId`: the record after, or undefined
 * when there is no such alert or it was turned into one already.
 */
export async function markReportedIn(
  transaction: Transaction,
  firestore: Firestore,
  id: string,
  reportId: string,
): Promise<AlertRecord | undefined> {
  const ref = alerts(firestore).doc(id)
  const record = records.one(await transaction.get(ref))
  if (!record || record.report_id) return undefined
  transaction.update(ref, { report_id: reportId })
  return { ...record, report_id: reportId }
}

/** Every alert the member raised, with its id. */
export const alertsOfMember = async (firestore: Firestore, uid: string) =>
  records.withIds(await alerts(firestore).where('user_id', '==', uid).get())

/** How many alerts the member raised after `since` (the abuse limit). */
export async function raisedSince(firestore: Firestore, uid: string, since: number): Promise<number> {
  return (await alertsOfMember(firestore, uid)).filter(({ record }) => record.raised_at > since).length
}

/** The member's account is deleted: their alerts go (the audit log keeps what happened, without them). */
export async function forgetAlertsOf(firestore: Firestore, uid: string): Promise<void> {
  const mine = await alerts(firestore).where('user_id', '==', uid).get()
  await Promise.all(mine.docs.map((doc) => doc.ref.delete()))
}
