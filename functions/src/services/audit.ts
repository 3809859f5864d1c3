/**
 * The audit log (audit_log/{id}): every action of the team that changed something (on a date, an
 * event, a city or a member's account), and every view or export of a guest list, with who, when,
 * what it was about and what changed. Written only by the functions, by any service that acts for
 * the team; read by city (a host reads their cities' lines).
 */
import type { City, YaariEvent } from '@yaari/domain/catalogue'
import { AUDIT_PAGE, type AuditEntry, type Roles } from '@yaari/domain/host'
import type { Firestore, Timestamp, Transaction, WriteBatch } from 'firebase-admin/firestore'
import { isAlreadyExists } from '../lib/claims'
import { collectionOf } from '../lib/collections'
import { reader } from '../lib/documents'
import { expiry } from '../lib/retention'

/** Who acted: a signed-in host or admin, or the team's command line. */
export type Actor = { uid: string; email: string | undefined } | { command: string }

/** How a record names who acted: a person's email (or uid), or the command that ran. */
export const actorName = (actor: Actor) => ('uid' in actor ? (actor.email ?? actor.uid) : `command: ${actor.command}`)
/** The account that acted, or null for the team's command line. */
export const actorUid = (actor: Actor) => ('uid' in actor ? actor.uid : null)

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
] as const
type AuditAction = (typeof AUDIT_ACTIONS)[number]

export interface AuditRecord {
  at: number
  action: AuditAction
  actor_uid: string | null
  actor: string
  /** The event it is about ('' when none). */
  event_id: string
  /** The date it is about ('' when none). */
  event_date: string
  /** The city of what it is about: what a host's audit page reads by (absent for a member's account). */
  city?: string
  /** What changed, e.g. { from: 10, to: 12 }. */
  change?: Record<string, unknown>
  /** When Firestore's TTL policy deletes it (retention.ts). */
  expire_at?: Timestamp
}

/** An event as an audit line names it: by its id, and read by its city. */
export type AuditedEvent = Pick<YaariEvent, 'id' | 'city'>

/**
 * What an audit line is about: one date of an event, an event (the catalogue's), a city, the
 * whole catalogue, or a member's account (the last two in no city: only admins read those lines).
 */
export type AuditSubject =
  | { event: AuditedEvent; date: string }
  | { event: AuditedEvent; date?: undefined }
  | { city: City }
  | { catalogue: 'whole' }
  | { account: string }

/** What a line is about, named in a word: the event's id, the city's, or '' for the rest. */
export function subjectName(about: AuditSubject): string {
  if ('event' in about) return about.event.id
  if ('city' in about) return about.city
  return ''
}

export interface AuditInput {
  action: AuditAction
  about: AuditSubject
  change?: Record<string, unknown>
  at: number
}

/** A date of an event, as an audit line is about it. */
export const onDate = (event: AuditedEvent, date: string): AuditSubject => ({ event, date })

/** The record's fields of what it is about (empty where a line is about no event or date). */
function subjectFields(about: AuditSubject): Pick<AuditRecord, 'event_id' | 'event_date' | 'city'> {
  if ('event' in about) {
    return { event_id: about.event.id, event_date: about.date ?? '', city: about.event.city }
  }
  if ('city' in about) return { event_id: '', event_date: '', city: about.city }
  return { event_id: '', event_date: '' }
}

/** The audit line for an entry, to write alone or beside the change it records. */
export function auditRecord(actor: Actor, entry: AuditInput): AuditRecord {
  return {
    at: entry.at,
    action: entry.action,
    actor_uid: actorUid(actor),
    actor: actorName(actor),
    ...subjectFields(entry.about),
    ...(entry.change ? { change: entry.change } : {}),
    ...expiry('audit_log', entry.at),
  }
}

export const auditLog = (firestore: Firestore) => collectionOf(firestore, 'audit_log')

/** Adds the audit line to the transaction that makes the change it records: both are written, or neither. */
export function auditInTransaction(transaction: Transaction, firestore: Firestore, actor: Actor, entry: AuditInput) {
  transaction.set(auditLog(firestore).doc(), auditRecord(actor, entry))
}

/**
 * Adds the audit line to the batch that writes the change it records: both are written, or neither.
 * With an id, once (a second batch with the same id fails as a whole).
 */
export function auditInBatch(
  batch: WriteBatch,
  firestore: Firestore,
  actor: Actor,
  entry: AuditInput,
  id?: string,
): void {
  batch.create(id ? auditLog(firestore).doc(id) : auditLog(firestore).doc(), auditRecord(actor, entry))
}
const auditRecords = reader<AuditRecord>()

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
    .flatMap((snapshot) => auditRecords.withIds(snapshot))
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
