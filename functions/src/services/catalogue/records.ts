/**
 * The catalogue's records in Firestore (decision 0018): the events and cities the team edits
 * (catalogue_events, catalogue_cities), and publishing them as the next version of the snapshot
 * members read (catalogue/published, with catalogue/version beside it). A publish reads every
 * record and the snapshot in one transaction and writes the next version, its history line
 * (catalogue_versions/{n}, created once: two publishes can never both be version n) and the
 * audit line together.
 */
import type { PublishedCatalogue } from '@yaari/domain/catalogue'
import type { EditorEvent } from '@yaari/domain/catalogue-editor'
import {
  type CityRecord,
  cityRecordSchema,
  type EventRecord,
  eventRecordSchema,
  publishedCatalogueOf,
} from '@yaari/domain/catalogue-records'
import type { Firestore, Transaction } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { NO_CATALOGUE, writePublished } from '../../lib/catalogue'
import { collectionOf, refs } from '../../lib/collections'
import { type Actor, type AuditInput, auditLog, auditRecord } from '../host/audit'

/** Who changed a record last, as the editor shows it. */
interface Stamp {
  updated_at: number
  updated_by: string
}

export const eventRecords = (firestore: Firestore) => collectionOf(firestore, 'catalogue_events')
export const cityRecords = (firestore: Firestore) => collectionOf(firestore, 'catalogue_cities')

export const actorName = (actor: Actor) => ('uid' in actor ? (actor.email ?? actor.uid) : `command: ${actor.command}`)

/** A stored record without its stamp, checked again: what is stored is only ever what a schema passed. */
function recordOf<T>(schema: v.GenericSchema<unknown, T>, data: Record<string, unknown> | undefined): T | undefined {
  if (!data) return undefined
  const { updated_at: _at, updated_by: _by, ...record } = data
  const parsed = v.safeParse(schema, record)
  return parsed.success ? parsed.output : undefined
}
export const eventOf = (data: Record<string, unknown> | undefined) => recordOf(eventRecordSchema, data)
export const cityOf = (data: Record<string, unknown> | undefined) => recordOf(cityRecordSchema, data)

export const stampOf = (actor: Actor, now: number): Stamp => ({ updated_at: now, updated_by: actorName(actor) })

/** The published copy of an event, as the records have it (pass number and status aside). */
function publishedFields(event: EventRecord | PublishedCatalogue['events'][number]) {
  const { status: _s, passCode: _p, ...fields } = event as EventRecord & { passCode?: number }
  return JSON.stringify(fields, Object.keys(fields).sort())
}

/** The editor's view of an event record. */
export function editorEvent(data: Record<string, unknown>, published: PublishedCatalogue): EditorEvent | undefined {
  const record = eventOf(data)
  if (!record) return undefined
  const live = published.events.find((event) => event.id === record.id)
  return {
    ...record,
    updatedAt: new Date(Number(data.updated_at ?? 0)).toISOString(),
    updatedBy: String(data.updated_by ?? ''),
    unpublishedChanges: record.status !== 'archived' && (!live || publishedFields(live) !== publishedFields(record)),
  }
}

/** The published snapshot as stored (the one before the first publish: none). */
export async function readPublished(firestore: Firestore, transaction?: Transaction): Promise<PublishedCatalogue> {
  const ref = refs.publishedCatalogue(firestore)
  const snapshot = transaction ? await transaction.get(ref) : await ref.get()
  return (snapshot.data() as PublishedCatalogue | undefined) ?? NO_CATALOGUE
}

/**
 * Publishes the records as the next version, with `change` (the records written in the same
 * transaction, applied over what was read) and its audit line. Answers the new snapshot.
 */
export async function publishRecords(
  firestore: Firestore,
  actor: Actor,
  change: { events?: EventRecord[]; cities?: CityRecord[] },
  audit: Omit<AuditInput, 'at'>,
  now: number,
  check?: (previous: PublishedCatalogue) => Promise<void>,
): Promise<PublishedCatalogue> {
  return firestore.runTransaction(async (transaction) => {
    const [previous, events, cities] = await Promise.all([
      readPublished(firestore, transaction),
      transaction.get(eventRecords(firestore)),
      transaction.get(cityRecords(firestore)),
    ])
    await check?.(previous)
    const merged = <T extends { id: string }>(stored: (T | undefined)[], changed: T[] = []) => {
      const byId = new Map(stored.filter((r): r is T => r !== undefined).map((r) => [r.id, r]))
      for (const record of changed) byId.set(record.id, record)
      return [...byId.values()]
    }
    const records = {
      events: merged(
        events.docs.map((doc) => eventOf(doc.data())),
        change.events,
      ),
      cities: merged(
        cities.docs.map((doc) => cityOf(doc.data())),
        change.cities,
      ),
    }
    const version = Math.max(previous.version, 0) + 1
    const next = publishedCatalogueOf(records, previous, { version, publishedAt: new Date(now).toISOString() })
    const stamp = stampOf(actor, now)
    for (const event of change.events ?? [])
      transaction.set(eventRecords(firestore).doc(event.id), { ...event, ...stamp })
    for (const city of change.cities ?? []) transaction.set(cityRecords(firestore).doc(city.id), { ...city, ...stamp })
    transaction.create(collectionOf(firestore, 'catalogue_versions').doc(String(version)), {
      version,
      at: now,
      by: actorName(actor),
      action: audit.action,
      subject: audit.eventId,
    })
    writePublished(firestore, transaction, next)
    transaction.set(auditLog(firestore).doc(), auditRecord(actor, { ...audit, at: now }))
    return next
  })
}
