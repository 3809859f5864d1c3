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
import { type Catalogue, catalogueOf, EMPTY_CATALOGUE, NO_CATALOGUE, type YaariEvent } from '@yaari/domain/catalogue'
import type { Firestore } from 'firebase-admin/firestore'
import { publishedVersion, readSnapshot } from './data/catalogue'
import { archivedAfter } from './data/catalogue-archive'

/** The catalogue this instance built last, and the version document's number it was built for. */
let built: { wanted: number; catalogue: Catalogue } | undefined
/** The archived events read so far, and the newest version they were archived in. */
const archived = new Map<string, YaariEvent>()
let archivedThrough = -1

/** The archived events archived after the ones this instance holds. */
async function readNewlyArchived(firestore: Firestore): Promise<void> {
  for (const { archived_version: version, ...event } of await archivedAfter(firestore, archivedThrough)) {
    archived.set(event.id, event)
    archivedThrough = Math.max(archivedThrough, version)
  }
}

/** The published catalogue as it stands: rebuilt only when its version moved since this instance read it. */
export async function loadCatalogue(firestore: Firestore): Promise<Catalogue> {
  const wanted = (await publishedVersion(firestore)) ?? NO_CATALOGUE.version
  if (built?.wanted === wanted) return built.catalogue
  if (wanted === NO_CATALOGUE.version) {
    built = { wanted, catalogue: EMPTY_CATALOGUE }
    return EMPTY_CATALOGUE
  }
  // The snapshot first, then the archive: an event archived in between is in one or the other
  // (an archive writes its document before the snapshot that leaves it out).
  const current = await readSnapshot(firestore)
  await readNewlyArchived(firestore)
  // (a snapshot written before archived events moved out holds them itself: theirs stand)
  const onSale = new Set(current.events.map((event) => event.id))
  const catalogue = catalogueOf({
    ...current,
    events: [...current.events, ...[...archived.values()].filter((event) => !onSale.has(event.id))],
  })
  built = { wanted: current === NO_CATALOGUE ? NO_CATALOGUE.version : wanted, catalogue }
  return catalogue
}
