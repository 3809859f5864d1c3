/**
 * seatings/{eventId}_{date}: a date's groups, the host's plan (each group open or locked) and what
 * was published to the guests. A change is written only over the version the host last saw. The
 * only module that names the collection (dev/lint/data-owners.test.mjs).
 */
import { INTERESTS } from '@yaari/domain/profile-choices'
import type { DocumentSnapshot, Firestore, WriteBatch } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { collectionOf } from '../collections'
import { checkedReader } from '../documents'
import { expiry } from '../retention'

const group = { number: v.number(), members: v.array(v.string()) }
const PlanGroupSchema = v.object({ ...group, locked: v.boolean() })
const PublishedGroupSchema = v.object({
  ...group,
  /** The interests at least two of its guests share (of those who let us seat them by them). */
  shared: v.array(v.picklist(INTERESTS)),
})
const GroupPlanSchema = v.object({
  event_id: v.string(),
  event_date: v.string(),
  city: v.string(),
  groups: v.array(PlanGroupSchema),
  published: v.nullable(v.object({ at: v.number(), by: v.string(), groups: v.array(PublishedGroupSchema) })),
  updated_at: v.number(),
  updated_by: v.string(),
})
export type GroupPlanRecord = v.InferOutput<typeof GroupPlanSchema>
export type PublishedGroup = v.InferOutput<typeof PublishedGroupSchema>
export type PlanGroup = v.InferOutput<typeof PlanGroupSchema>

const groupPlanRef = (firestore: Firestore, eventId: string, date: string) =>
  collectionOf(firestore, 'seatings').doc(`${eventId}_${date}`)
const records = checkedReader('seatings', GroupPlanSchema)

export const readGroupPlan = async (firestore: Firestore, eventId: string, date: string) =>
  records.one(await groupPlanRef(firestore, eventId, date).get())

/** A date's groups as a change reads them: the record, and the version the change is written over. */
export interface GroupPlanRead {
  record: GroupPlanRecord | undefined
  version: DocumentSnapshot
}

export async function readGroupPlanForChange(
  firestore: Firestore,
  eventId: string,
  date: string,
): Promise<GroupPlanRead> {
  const version = await groupPlanRef(firestore, eventId, date).get()
  return { record: records.one(version), version }
}

/**
 * Writes the groups in the change's batch, only over the version read: the batch fails (failed
 * precondition, or already exists) when another host changed or made them since.
 */
export function writeGroupPlanInBatch(
  batch: WriteBatch,
  read: GroupPlanRead,
  record: GroupPlanRecord,
  now: number,
): void {
  const data = { ...record, ...expiry('seatings', now, record.event_date) }
  const { version } = read
  if (version.exists && version.updateTime) batch.update(version.ref, data, { lastUpdateTime: version.updateTime })
  else batch.create(version.ref, data)
}
