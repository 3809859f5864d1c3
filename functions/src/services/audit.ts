/**
 * The audit log (audit_log/{id}): every host action that changed something, and every view or
 * export of a guest list, with who, when and what. Written only by the functions.
 */
import { eventById } from '@yaari/domain/catalogue'
import { AUDIT_PAGE, type AuditEntry, type Roles } from '@yaari/domain/host'
import type { Firestore, Timestamp } from 'firebase-admin/firestore'
import { collectionOf } from '../../lib/collections'
import { isAlreadyExists } from '../../lib/records'
import { expiry } from '../../lib/retention'

/** Who acted: a signed-in host or admin, or the team's command line. */
export type Actor = { uid: string; email: string | undefined } | { command: string }

export const AUDIT_ACTIONS = [
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
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export interface AuditRecord {
  at: number
  action: AuditAction
  actor_uid: string | null
  actor: string
  event_id: string
  event_date: string
  /** The event's city: what a host's audit page reads by (absent for what is about no event). */
  city?: string
  /** What changed, e.g. { from: 10, to: 12 }. */
  change?: Record<string, unknown>
  /** When Firestore's TTL policy deletes it (retention.ts). */
  expire_at?: Timestamp
}

export interface AuditInput {
  action: AuditAction
  eventId: string
  eventDate: string
  /** The city, when the event is not (yet) in the published catalogue. */
  city?: string
  change?: Record<string, unknown>
  at: number
}

/** The audit line for an entry, to write alone or beside the change it records. */
/** The date a request names, as its audit line names it. */
export const onDate = ({ eventId, eventDate }: { eventId: string; eventDate: string }) => ({ eventId, eventDate })

export function auditRecord(actor: Actor, entry: AuditInput): AuditRecord {
  return {
    at: entry.at,
    action: entry.action,
    actor_uid: 'uid' in actor ? actor.uid : null,
    actor: 'uid' in actor ? (actor.email ?? actor.uid) : `command: ${actor.command}`,
    event_id: entry.eventId,
    event_date: entry.eventDate,
    ...((entry.city ?? eventById(entry.eventId)?.city) ? { city: entry.city ?? eventById(entry.eventId)?.city } : {}),
    ...(entry.change ? { change: entry.change } : {}),
    ...expiry('audit_log', entry.at),
  }
}

export const auditLog = (firestore: Firestore) => collectionOf(firestore, 'audit_log')

/**
 * Writes an audit line. With an id, once: a step repeated after a run was cut off writes the line
 * it missed, and never a second one.
 */
export async function recordAudit(firestore: Firestore, actor: Actor, entry: AuditInput, id?: string): Promise<void> {
  const record = auditRecord(actor, entry)
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

/**
 * The newest audit entries about events in the host's cities, read by city (an admin reads every
 * line, what is about no event included).
 */
export async function listAudit(firestore: Firestore, roles: Roles, limit = AUDIT_PAGE): Promise<AuditEntry[]> {
  const newest = (query: FirebaseFirestore.Query) => query.orderBy('at', 'desc').limit(limit).get()
  const cities = roles.admin ? [] : [...roles.hostCities]
  const snapshots = roles.admin
    ? [await newest(auditLog(firestore))]
    : await Promise.all(cities.map((city) => newest(auditLog(firestore).where('city', '==', city))))
  return snapshots
    .flatMap((snapshot) => snapshot.docs.map((doc) => ({ id: doc.id, record: doc.data() as AuditRecord })))
    .sort((a, b) => b.record.at - a.record.at)
    .slice(0, limit)
    .map(({ id, record }) => ({
      id,
      at: new Date(record.at).toISOString(),
      action: record.action,
      actor: record.actor,
      eventId: record.event_id,
      eventDate: record.event_date,
      ...(record.change ? { change: record.change } : {}),
    }))
}
