/**
 * catalogue_archive/{eventId}: each archived event's last published copy, out of the snapshot
 * (decision 0020), written once by the archive's publish and never changed, so an archived event's
 * tickets and passes keep reading. The only module that names the collection
 * (dev/lint/data-owners.test.mjs).
 */
import type { YaariEvent } from '@yaari/domain/catalogue'
import type { Firestore, Transaction } from 'firebase-admin/firestore'
import { collectionOf } from '../collections'
import { reader } from '../documents'

/** An archived event as its document keeps it (the version that archived it beside). */
type ArchivedEvent = YaariEvent & { archived_version: number }
// Written only by an archive, from the live copy the publish read (checked when it went live).
const records = reader<ArchivedEvent>()
const archive = (firestore: Firestore) => collectionOf(firestore, 'catalogue_archive')

/** The events archived by versions after `version`, each with the version that archived it. */
export async function archivedAfter(firestore: Firestore, version: number): Promise<ArchivedEvent[]> {
  return records.all(await archive(firestore).where('archived_version', '>', version).get())
}

/** Keeps an event's last live copy as it is archived, in the publish's transaction. */
export function archiveInTransaction(
  firestore: Firestore,
  transaction: Transaction,
  live: YaariEvent,
  stamp: { version: number; publishedAt: string },
): void {
  // (set, not create: in a commit, only the version's line may fail, and it comes first)
  transaction.set(archive(firestore).doc(live.id), {
    ...live,
    status: 'archived',
    publishedAt: stamp.publishedAt,
    archived_version: stamp.version,
  })
}
