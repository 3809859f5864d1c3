/**
 * The audit log (audit_log/{id}): every host action that changed something, and every view or
 * export of a guest list, with who, when and what. Written only by the functions.
 */
import type { Firestore } from 'firebase-admin/firestore'

/** Who acted: a signed-in host or admin, or the team's command line. */
export type Actor = { uid: string; email: string | undefined } | { command: string }

export const AUDIT_ACTIONS = [
  'share-venue',
  'change-venue',
  'set-capacity',
  'close-sales',
  'reopen-sales',
  'cancel-date',
  'view-guest-list',
  'export-guest-list',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export interface AuditRecord {
  at: number
  action: AuditAction
  actor_uid: string | null
  actor: string
  event_id: string
  event_date: string
  /** What changed, e.g. { from: 10, to: 12 }. */
  change?: Record<string, unknown>
}

export async function recordAudit(
  firestore: Firestore,
  actor: Actor,
  entry: { action: AuditAction; eventId: string; eventDate: string; change?: Record<string, unknown>; at: number },
): Promise<void> {
  const record: AuditRecord = {
    at: entry.at,
    action: entry.action,
    actor_uid: 'uid' in actor ? actor.uid : null,
    actor: 'uid' in actor ? (actor.email ?? actor.uid) : `command: ${actor.command}`,
    event_id: entry.eventId,
    event_date: entry.eventDate,
    ...(entry.change ? { change: entry.change } : {}),
  }
  await firestore.collection('audit_log').add(record)
}
