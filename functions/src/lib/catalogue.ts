/**
 * The published catalogue (decisions 0018, 0020), read once per request. Every entry point (a
 * callable, the webhook, a job, a page) calls `loadCatalogue` before it reads a price, a capacity,
 * a city or a schedule, and passes the value it gets to the services: it reads the one small
 * version document and, only when the version moved since this instance last read, the snapshot
 * (the cities and the events on sale) and the archived events it has not read yet (each in a
 * document of its own, `catalogue_archive/{id}`, never changed once written), so every lookup reads
 * what the team published and never what a client sent, and an archived event's tickets and
 * passes keep reading. A project with no catalogue yet has no events.
 *
 * The instance keeps the last catalogue it built, by version (a cache of what Firestore says, not
 * a state anything else reads): the domain holds none.
 */
import {
  type Catalogue,
  catalogueOf,
  EMPTY_CATALOGUE,
  NO_CATALOGUE,
  type PublishedCatalogue,
  type YaariEvent,
} from '@yaari/domain/catalogue'
import type { Firestore, Transaction } from 'firebase-admin/firestore'
import { collectionOf, refs } from './collections'

export { NO_CATALOGUE }

/** The catalogue this instance built last, and the version document's number it was built for. */
let built: { wanted: number; catalogue: Catalogue } | undefined
/** The archived events read so far, and the newest version they were archived in. */
const archived = new Map<string, YaariEvent>()
let archivedThrough = -1

/** An archived event as its document keeps it (the version that archived it beside). */
type ArchivedEvent = YaariEvent & { archived_version: number }

export const archiveOf = (firestore: Firestore) => collectionOf(firestore, 'catalogue_archive')

/** The archived events archived after the ones this instance holds. */
async function readNewlyArchived(firestore: Firestore): Promise<void> {
  const fresh = await archiveOf(firestore).where('archived_version', '>', archivedThrough).get()
  for (const doc of fresh.docs) {
    const { archived_version: version, ...event } = doc.data() as ArchivedEvent
    archived.set(event.id, event)
    archivedThrough = Math.max(archivedThrough, version)
  }
}

/** The published catalogue as it stands: rebuilt only when its version moved since this instance read it. */
export async function loadCatalogue(firestore: Firestore): Promise<Catalogue> {
  const version = (await refs.catalogueVersion(firestore).get()).get('version')
  const wanted = typeof version === 'number' ? version : NO_CATALOGUE.version
  if (built?.wanted === wanted) return built.catalogue
  if (wanted === NO_CATALOGUE.version) {
    built = { wanted, catalogue: EMPTY_CATALOGUE }
    return EMPTY_CATALOGUE
  }
  // The snapshot first, then the archive: an event archived in between is in one or the other
  // (an archive writes its document before the snapshot that leaves it out).
  const snapshot = (await refs.publishedCatalogue(firestore).get()).data() as PublishedCatalogue | undefined
  await readNewlyArchived(firestore)
  const current = snapshot ?? NO_CATALOGUE
  // (a snapshot written before archived events moved out holds them itself: theirs stand)
  const onSale = new Set(current.events.map((event) => event.id))
  const catalogue = catalogueOf({
    ...current,
    events: [...current.events, ...[...archived.values()].filter((event) => !onSale.has(event.id))],
  })
  built = { wanted: snapshot ? wanted : NO_CATALOGUE.version, catalogue }
  return catalogue
}

/** Writes `snapshot` as the published catalogue, in a transaction that has read nothing after writing. */
export function writePublished(firestore: Firestore, transaction: Transaction, snapshot: PublishedCatalogue): void {
  transaction.set(refs.publishedCatalogue(firestore), snapshot)
  transaction.set(refs.catalogueVersion(firestore), { version: snapshot.version, published_at: snapshot.publishedAt })
}
