/**
 * The published catalogue this instance holds (decision 0018). Every entry point (a callable, the
 * webhook, a job) calls `refreshCatalogue` before it reads a price, a capacity, a city or a
 * schedule: it reads the one small version document and, only when the version moved, the
 * snapshot, then installs it, so every lookup of the domain's catalogue reads what the team
 * published and never what a client sent. A project with no catalogue yet has no events.
 */
import { currentCatalogue, installCatalogue, NO_CATALOGUE, type PublishedCatalogue } from '@yaari/domain/catalogue'
import type { Firestore, Transaction } from 'firebase-admin/firestore'
import { refs } from './collections'

export { NO_CATALOGUE }

let loaded: number | undefined

/** Installs the published catalogue when its version differs from the one held (or none is held yet). */
export async function refreshCatalogue(firestore: Firestore): Promise<PublishedCatalogue> {
  const version = (await refs.catalogueVersion(firestore).get()).get('version')
  const wanted = typeof version === 'number' ? version : NO_CATALOGUE.version
  if (loaded !== wanted) {
    const snapshot =
      wanted === NO_CATALOGUE.version
        ? NO_CATALOGUE
        : ((await refs.publishedCatalogue(firestore).get()).data() as PublishedCatalogue | undefined)
    installCatalogue(snapshot ?? NO_CATALOGUE)
    loaded = snapshot?.version ?? NO_CATALOGUE.version
  }
  return currentCatalogue()
}

/** Writes `snapshot` as the published catalogue, in a transaction that has read nothing after writing. */
export function writePublished(firestore: Firestore, transaction: Transaction, snapshot: PublishedCatalogue): void {
  transaction.set(refs.publishedCatalogue(firestore), snapshot)
  transaction.set(refs.catalogueVersion(firestore), { version: snapshot.version, published_at: snapshot.publishedAt })
}
