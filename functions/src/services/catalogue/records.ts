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
import { CATALOGUE_MESSAGES, type EventRecord, eventRecordSchema } from '@yaari/domain/catalogue-records'
import { errorCode } from '@yaari/domain/error-code'
import type { Firestore, Transaction } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import * as v from 'valibot'
import { isAlreadyExists } from '../../lib/claims'
import { readSnapshot, writePublished } from '../../lib/data/catalogue'
import type { Stamp, StoredEvent } from '../../lib/data/catalogue-events'
import { createVersionLine } from '../../lib/data/catalogue-versions'
import { fieldRefusal } from '../../lib/validate'
import { type Actor, type AuditInput, actorName, auditInTransaction, subjectName } from '../audit'

/** When a publish is made and which version it is. */
interface VersionStamp {
  version: number
  publishedAt: string
}

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

export const stampOf = (actor: Actor, now: number): Stamp => ({ updated_at: now, updated_by: actorName(actor) })

/** The editor's view of an event record: flagged whenever what is saved is not what members see. */
export function editorEvent({ record, stamp }: StoredEvent, published: PublishedCatalogue): EditorEvent {
  const live = published.events.find((event) => event.id === record.id)
  return {
    ...record,
    updatedAt: new Date(stamp.updated_at).toISOString(),
    updatedBy: stamp.updated_by,
    unpublishedChanges: record.status !== 'archived' && !matchesLiveCopy(record, live),
  }
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
        const previous = await readSnapshot(firestore, transaction)
        const { next, write, audited } = await change(previous, transaction)
        const version = Math.max(previous.version, 0) + 1
        const stamp = { version, publishedAt: new Date(now).toISOString() }
        const catalogue = next(stamp)
        if (Buffer.byteLength(JSON.stringify(catalogue)) > MAX_SNAPSHOT_BYTES)
          throw new HttpsError('resource-exhausted', CATALOGUE_MESSAGES.tooLarge)
        // First, so that the publish that loses this race has written nothing when its commit fails.
        createVersionLine(firestore, transaction, {
          version,
          at: now,
          by: actorName(actor),
          action: audit.action,
          subject: subjectName(audit.about),
        })
        // The records (an archived copy) before the snapshot: a reader that sees the new version finds them.
        write?.(transaction, stamp)
        writePublished(firestore, transaction, catalogue)
        auditInTransaction(transaction, firestore, actor, {
          ...audit,
          ...(audited ? { change: audited } : {}),
          at: now,
        })
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
