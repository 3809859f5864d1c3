/**
 * catalogue/published and catalogue/version: the snapshot members read (the cities and the events
 * on sale), and the small document with its version alone, read first by every request (decisions
 * 0018, 0020). The only module that names the collection (dev/lint/data-owners.test.mjs).
 */
import { NO_CATALOGUE, type PublishedCatalogue } from '@yaari/domain/catalogue'
import type { Firestore, Transaction } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { collectionOf } from '../collections'
import { checkedReader, reader } from '../documents'

const catalogue = (firestore: Firestore) => collectionOf(firestore, 'catalogue')
const publishedRef = (firestore: Firestore) => catalogue(firestore).doc('published')
const versionRef = (firestore: Firestore) => catalogue(firestore).doc('version')
const versions = checkedReader('catalogue', v.object({ version: v.number() }))
// The snapshot is written only by a publish, from records each checked whole with the catalogue's
// schemas as it was made (services/catalogue/records.ts); it is read as written.
const snapshots = reader<PublishedCatalogue>()

/** The published version's number, or undefined before the first publish. */
export const publishedVersion = async (firestore: Firestore): Promise<number | undefined> =>
  versions.one(await versionRef(firestore).get())?.version

/** The published snapshot as stored (none before the first publish), read in the transaction when given. */
export async function readSnapshot(firestore: Firestore, transaction?: Transaction): Promise<PublishedCatalogue> {
  const ref = publishedRef(firestore)
  return snapshots.one(transaction ? await transaction.get(ref) : await ref.get()) ?? NO_CATALOGUE
}

/** Writes `snapshot` as the published catalogue, in a transaction that has read nothing after writing. */
export function writePublished(firestore: Firestore, transaction: Transaction, snapshot: PublishedCatalogue): void {
  transaction.set(publishedRef(firestore), snapshot)
  transaction.set(versionRef(firestore), { version: snapshot.version, published_at: snapshot.publishedAt })
}
