/**
 * reports/{id}: a guest's report about another guest of an evening (or a host's, from the guest's
 * alert at the venue); the reporter's uid is known to the functions alone, and goes when they
 * delete their account (the report stays, a safety record). The only module that names the collection (dev/lint/data-owners.test.mjs): the evening
 * after files reports, the hosts list and resolve them, the groups keep a reported pair apart, the
 * account exports and forgets the reporter, all through these.
 */
import { REPORT_REASONS } from '@yaari/domain/after-night'
import { FieldValue, type Firestore, type Transaction, type WriteBatch } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { collectionOf } from '../collections'
import { checkedReader, readWhereAny } from '../documents'
import { expiry } from '../retention'

const ResolutionSchema = v.object({
  action: v.string(),
  reason: v.string(),
  by: v.string(),
  by_uid: v.nullable(v.string()),
  at: v.number(),
  until: v.optional(v.string()),
})
const ReportSchema = v.object({
  night: v.string(),
  event_id: v.string(),
  event_date: v.string(),
  city: v.string(),
  /** Absent once the reporter deleted their account. */
  reporter_uid: v.optional(v.string()),
  reported_uid: v.string(),
  reported_name: v.string(),
  reason: v.picklist(REPORT_REASONS),
  text: v.string(),
  at: v.number(),
  status: v.picklist(['open', 'resolved', 'dismissed']),
  resolution: v.optional(ResolutionSchema),
  /** Filed by a host from this alert (alerts/{id}) of the reporter's, rather than by the reporter. */
  alert: v.optional(v.string()),
})
export type ReportRecord = v.InferOutput<typeof ReportSchema>
export type ReportResolution = v.InferOutput<typeof ResolutionSchema>

const reports = (firestore: Firestore) => collectionOf(firestore, 'reports')
const records = checkedReader('reports', ReportSchema)

/** Whether the report with this id was filed (a guest reports another once an evening). */
export const reportFiled = async (firestore: Firestore, id: string) => (await reports(firestore).doc(id).get()).exists

/** Files a report under its id; throws already-exists when it was filed meanwhile. */
export async function fileReport(firestore: Firestore, id: string, record: ReportRecord, now: number): Promise<void> {
  await reports(firestore)
    .doc(id)
    .create({ ...record, ...expiry('reports', now) })
}

/**
 * Files a report in `transaction`, with what else it writes (the alert it was made from, marked in
 * the same transaction, which is what keeps it to one).
 */
export function fileReportIn(
  transaction: Transaction,
  firestore: Firestore,
  id: string,
  record: ReportRecord,
  now: number,
): void {
  transaction.set(reports(firestore).doc(id), { ...record, ...expiry('reports', now) })
}

export const reportById = async (firestore: Firestore, id: string) =>
  records.one(await reports(firestore).doc(id).get())

/** Marks the report resolved or dismissed, in the batch that also audits it and tells the reporter. */
export function resolveInBatch(
  batch: WriteBatch,
  firestore: Firestore,
  id: string,
  status: 'resolved' | 'dismissed',
  resolution: ReportResolution,
): void {
  batch.update(reports(firestore).doc(id), { status, resolution })
}

/** The reports about a member, with their ids. */
export const reportsAbout = async (firestore: Firestore, uid: string) =>
  records.withIds(await reports(firestore).where('reported_uid', '==', uid).get())

/** The reports about any of up to 30 members (a Firestore `in` query's most), for the group planner. */
export const reportsAboutAny = (firestore: Firestore, uids: readonly string[]) =>
  readWhereAny(records, reports(firestore), 'reported_uid', 'in', uids)

/** The reports of some cities (up to 30), or of every city, with their ids. */
export const reportsIn = async (firestore: Firestore, cities: readonly string[] | 'all') =>
  records.withIds(
    await (cities === 'all' ? reports(firestore) : reports(firestore).where('city', 'in', [...cities])).get(),
  )

/** The reports a member filed after one evening (`night`: its id). */
export const reportsFiledOn = async (firestore: Firestore, night: string, uid: string) =>
  records.all(await reports(firestore).where('night', '==', night).where('reporter_uid', '==', uid).get())

/** Every report the member filed (their data export). */
export const reportsBy = async (firestore: Firestore, uid: string) =>
  records.all(await reports(firestore).where('reporter_uid', '==', uid).get())

/** Removes the member as the reporter of their reports (their account is deleted; the reports stay). */
export async function forgetReporter(firestore: Firestore, uid: string): Promise<void> {
  const found = await reports(firestore).where('reporter_uid', '==', uid).get()
  await Promise.all(found.docs.map((doc) => doc.ref.update({ reporter_uid: FieldValue.delete() })))
}
