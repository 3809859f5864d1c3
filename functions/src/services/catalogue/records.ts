/**
 * The catalogue's records in Firestore (decisions 0018, 0020): the events and cities the team edits
 * (catalogue_events, catalogue_cities), and publishing one of them into the snapshot members read
 * (catalogue/published, with catalogue/version beside it). A publish changes exactly the record it
 * names: the snapshot it read with that one record replaced, so nobody's saved-but-unpublished edit
 * rides along. Publishes are serialised by the history line of the version they make
 * (catalogue_versions/{n}, created once, as the commit's first write): of two publishes that read
 * the same version, one writes and the other writes nothing and tries again on the newer one.
 */
import type { PublishedCatalogue } from '@yaari/domain/catalogue'
import type { EditorEvent } from '@yaari/domain/catalogue-editor'
import { matchesLiveCopy } from '@yaari/domain/catalogue-publish'
import {
  CATALOGUE_MESSAGES,
  cityRecordSchema,
  type EventRecord,
  eventRecordSchema,
} from '@yaari/domain/catalogue-records'
import { errorCode } from '@yaari/domain/error-code'
import type { Firestore, Transaction } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import * as v from 'valibot'
import { NO_CATALOGUE, writePublished } from '../../lib/catalogue'
import { isAlreadyExists } from '../../lib/claims'
import { collectionOf, refs } from '../../lib/collections'
import { reader } from '../../lib/documents'
import { fieldRefusal } from '../../lib/validate'
import { type Actor, type AuditInput, actorName, auditLog, auditRecord, subjectName } from '../audit'

/** Who changed a record last, as the editor shows it. */
interface Stamp {
  updated_at: number
  updated_by: string
}

/** When a publish is made and which version it is. */
interface VersionStamp {
  version: number
  publishedAt: string
}

export const eventRecords = (firestore: Firestore) => collectionOf(firestore, 'catalogue_events')
export const cityRecords = (firestore: Firestore) => collectionOf(firestore, 'catalogue_cities')

/** A stored record without its stamp, checked again: what is stored is only ever what a schema passed. */
function recordOf<T>(schema: v.GenericSchema<unknown, T>, data: Record<string, unknown> | undefined): T | undefined {
  if (!data) return undefined
  const { updated_at: _at, updated_by: _by, ...record } = data
  const parsed = v.safeParse(schema, record)
  return parsed.success ? parsed.output : undefined
}

/**
 * An event record as stored, read with the copy and the cover as any text: a record saved before a
 * rule grew stricter (a character now refused, a cover another event's) stays listed, editable and
 * archivable, and its editor is told what to change when it saves. A publish checks the copy it puts
 * live with the whole schema (`strictProblem`).
 */
const storedEventSchema = v.strictObject({
  ...eventRecordSchema.entries,
  title: v.string(),
  kind: v.string(),
  description: v.string(),
  whatToExpect: v.array(v.string()),
  groupSize: v.string(),
  venueArea: v.string(),
  image: v.string(),
})
export const eventOf = (data: Record<string, unknown> | undefined): EventRecord | undefined =>
  recordOf(storedEventSchema, data)

/** What the whole schema says of a stored record, as the refusal a publish answers, or undefined when it passes. */
export function strictProblem(record: EventRecord): HttpsError | undefined {
  const parsed = v.safeParse(eventRecordSchema, record)
  if (parsed.success) return undefined
  const issue = parsed.issues[0]
  const field = issue.path?.[0]?.key
  return typeof field === 'string'
    ? fieldRefusal('invalid-argument', field, issue.message)
    : new HttpsError('invalid-argument', issue.message)
}
export const cityOf = (data: Record<string, unknown> | undefined) => recordOf(cityRecordSchema, data)

export const stampOf = (actor: Actor, now: number): Stamp => ({ updated_at: now, updated_by: actorName(actor) })

/** The editor's view of an event record: flagged whenever what is saved is not what members see. */
export function editorEvent(data: Record<string, unknown>, published: PublishedCatalogue): EditorEvent | undefined {
  const record = eventOf(data)
  if (!record) return undefined
  const live = published.events.find((event) => event.id === record.id)
  return {
    ...record,
    updatedAt: new Date(Number(data.updated_at ?? 0)).toISOString(),
    updatedBy: String(data.updated_by ?? ''),
    unpublishedChanges: record.status !== 'archived' && !matchesLiveCopy(record, live),
  }
}

const publishedRecords = reader<PublishedCatalogue>()

/** The published snapshot as stored (the one before the first publish: none). */
export async function readPublished(firestore: Firestore, transaction?: Transaction): Promise<PublishedCatalogue> {
  const ref = refs.publishedCatalogue(firestore)
  const snapshot = transaction ? await transaction.get(ref) : await ref.get()
  return publishedRecords.one(snapshot) ?? NO_CATALOGUE
}

/**
 * The most the snapshot may weigh: one Firestore document holds at most 1 MiB, and a publish past
 * this is refused with a message rather than failing in Firestore (decision 0020). It holds the
 * events on sale only (archived ones have documents of their own): about 800 at today's length.
 */
const MAX_SNAPSHOT_BYTES = 900_000

/** How many times a publish that lost a race to another one reads the newer version and tries again. */
const PUBLISH_ATTEMPTS = 6

/** gRPC ABORTED: Firestore gave up a transaction that kept contending (real Firestore only). */
const isAborted = (error: unknown) => errorCode(error) === 10

/** What one publish changes: the next snapshot made of the one read, and the records written beside it. */
export interface CatalogueChange {
  next: (stamp: VersionStamp) => PublishedCatalogue
  /** Writes beside the publish (a record's status, an archived copy), made after the version's line and before the snapshot. */
  write?: (transaction: Transaction, stamp: VersionStamp) => void
  /** The audit line's change, once the transaction knows it. */
  audited?: Record<string, unknown>
}

/**
 * Publishes the next version of the snapshot: `change` reads what it needs in the transaction (the
 * snapshot as `previous`, and the record that goes live) and says what the next snapshot is.
 * Answers the new snapshot; a publish that keeps losing to others answers `aborted` with a
 * message, never an internal error.
 */
export async function publishChange(
  firestore: Firestore,
  actor: Actor,
  audit: Omit<AuditInput, 'at'>,
  now: number,
  change: (previous: PublishedCatalogue, transaction: Transaction) => Promise<CatalogueChange>,
): Promise<PublishedCatalogue> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await firestore.runTransaction(async (transaction) => {
        const previous = await readPublished(firestore, transaction)
        const { next, write, audited } = await change(previous, transaction)
        const version = Math.max(previous.version, 0) + 1
        const stamp = { version, publishedAt: new Date(now).toISOString() }
        const catalogue = next(stamp)
        if (Buffer.byteLength(JSON.stringify(catalogue)) > MAX_SNAPSHOT_BYTES)
          throw new HttpsError('resource-exhausted', CATALOGUE_MESSAGES.tooLarge)
        // First, so that the publish that loses this race has written nothing when its commit fails.
        transaction.create(collectionOf(firestore, 'catalogue_versions').doc(String(version)), {
          version,
          at: now,
          by: actorName(actor),
          action: audit.action,
          subject: subjectName(audit.about),
        })
        // The records (an archived copy) before the snapshot: a reader that sees the new version finds them.
        write?.(transaction, stamp)
        writePublished(firestore, transaction, catalogue)
        transaction.set(
          auditLog(firestore).doc(),
          auditRecord(actor, { ...audit, ...(audited ? { change: audited } : {}), at: now }),
        )
        return catalogue
      })
    } catch (error) {
      const lost = isAlreadyExists(error) || isAborted(error)
      if (!lost) throw error
      if (attempt >= PUBLISH_ATTEMPTS) throw new HttpsError('aborted', CATALOGUE_MESSAGES.busy)
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 80))
    }
  }
}
