/**
 * audit_log/{id}: every action of the team that changed something, and every view or export of a
 * guest list (services/audit.ts shapes the lines). The only module that names the collection
 * (dev/lint/data-owners.test.mjs).
 */
import type { Firestore, Transaction, WriteBatch } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { isAlreadyExists } from '../claims'
import { collectionOf } from '../collections'
import { checkedReader } from '../documents'

const AUDIT_ACTIONS = [
  'share-venue',
  'change-venue',
  'set-capacity',
  'close-sales',
  'reopen-sales',
  'cancel-date',
  'cancel-seat',
  'view-guest-list',
  'export-guest-list',
  'message-guests',
  'moderate',
  'lift-moderation',
  'ready-door',
  'check-in',
  'undo-check-in',
  'remove-admission',
  'account-deleted',
  'save-event',
  'publish-event',
  'archive-event',
  'save-city',
  'seed-catalogue',
  'mark-attendance',
  'resolve-report',
  'plan-groups',
  'move-guest',
  'lock-group',
  'publish-groups',
  'set-coordinators',
  'raise-alert',
  'cancel-alert',
  'answer-alert',
  'escalate-alert',
  'report-alert',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

const AuditSchema = v.object({
  at: v.number(),
  action: v.picklist(AUDIT_ACTIONS),
  actor_uid: v.nullable(v.string()),
  actor: v.string(),
  /** The event it is about ('' when none). */
  event_id: v.string(),
  /** The date it is about ('' when none). */
  event_date: v.string(),
  /** The city of what it is about: what a host's audit page reads by (absent for a member's account). */
  city: v.optional(v.string()),
  /** What changed, e.g. { from: 10, to: 12 }. */
  change: v.optional(v.record(v.string(), v.unknown())),
  /** When Firestore's TTL policy deletes it (retention.ts). */
  expire_at: v.optional(v.unknown()),
})
export type AuditRecord = v.InferOutput<typeof AuditSchema>

const auditLog = (firestore: Firestore) => collectionOf(firestore, 'audit_log')
const records = checkedReader('audit_log', AuditSchema)

/** Writes a line. With an id, once: a step repeated after a run was cut off writes the line it missed, never a second. */
export async function writeLine(firestore: Firestore, record: AuditRecord, id?: string): Promise<void> {
  if (!id) {
    await auditLog(firestore).add(record)
    return
  }
  await auditLog(firestore)
    .doc(id)
    .create(record)
    .catch((error: unknown) => {
      if (!isAlreadyExists(error)) throw error
    })
}

/** Writes a line in the batch that makes the change it records (with an id, once: the batch fails as a whole). */
export function lineInBatch(batch: WriteBatch, firestore: Firestore, record: AuditRecord, id?: string): void {
  batch.create(id ? auditLog(firestore).doc(id) : auditLog(firestore).doc(), record)
}

/** Writes a line in the transaction that makes the change it records. */
export function lineInTransaction(transaction: Transaction, firestore: Firestore, record: AuditRecord): void {
  transaction.set(auditLog(firestore).doc(), record)
}

/** The newest lines, every one or those of one city, with their ids. */
export async function newestLines(firestore: Firestore, limit: number, city?: string) {
  const query = city === undefined ? auditLog(firestore) : auditLog(firestore).where('city', '==', city)
  return records.withIds(await query.orderBy('at', 'desc').limit(limit).get())
}

/** Every line whose change names the member: they name `to` instead (their account is deleted). */
export async function renameMemberInLines(firestore: Firestore, uid: string, to: string): Promise<void> {
  const found = await auditLog(firestore).where('change.member', '==', uid).get()
  await Promise.all(found.docs.map((line) => line.ref.update({ 'change.member': to })))
}
