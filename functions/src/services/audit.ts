/**
 * The audit log (audit_log/{id}): every action of the team that changed something (on a date, an
 * event, a city or a member's account), and every view or export of a guest list, with who, when,
 * what it was about and what changed. Written only by the functions, by any service that acts for
 * the team; read by city (a host reads their cities' lines).
 */
import type { City, YaariEvent } from '@yaari/domain/catalogue'
import { AUDIT_PAGE, type AuditEntry, type Roles } from '@yaari/domain/host'
import type { Firestore, Transaction, WriteBatch } from 'firebase-admin/firestore'
import type { Context } from '../lib/context'
import {
  type AuditAction,
  type AuditRecord,
  lineInBatch,
  lineInTransaction,
  newestLines,
  writeLine,
} from '../lib/data/audit-log'
import { expiry } from '../lib/retention'

/** Who acted: a signed-in host or admin, or the team's command line. */
export type Actor = { uid: string; email: string | undefined } | { command: string }

/** How a record names who acted: a person's email (or uid), or the command that ran. */
export const actorName = (actor: Actor) => ('uid' in actor ? (actor.email ?? actor.uid) : `command: ${actor.command}`)
/** The account that acted, or null for the team's command line. */
export const actorUid = (actor: Actor) => ('uid' in actor ? actor.uid : null)

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
function auditRecord(actor: Actor, entry: AuditInput): AuditRecord {
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

/** Adds the audit line to the transaction that makes the change it records: both are written, or neither. */
export function auditInTransaction(transaction: Transaction, firestore: Firestore, actor: Actor, entry: AuditInput) {
  lineInTransaction(transaction, firestore, auditRecord(actor, entry))
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
  lineInBatch(batch, firestore, auditRecord(actor, entry), id)
}

/**
 * Writes an audit line. With an id, once: a step repeated after a run was cut off writes the line
 * it missed, and never a second one.
 */
export async function recordAudit(firestore: Firestore, actor: Actor, entry: AuditInput, id?: string): Promise<void> {
  await writeLine(firestore, auditRecord(actor, entry), id)
}

/**
 * The newest audit entries about events in the host's cities, read by city (an admin reads every
 * line, what is about no event included).
 */
export async function listAudit(
  { firestore }: Pick<Context, 'firestore'>,
  { roles }: { roles: Roles },
  limit = AUDIT_PAGE,
): Promise<{ entries: AuditEntry[] }> {
  const cities = roles.admin ? [] : [...roles.hostCities]
  const found = roles.admin
    ? [await newestLines(firestore, limit)]
    : await Promise.all(cities.map((city) => newestLines(firestore, limit, city)))
  const entries = found
    .flat()
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
  return { entries }
}
