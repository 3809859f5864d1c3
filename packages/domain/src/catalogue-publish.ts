/**
 * Publishing the catalogue (decisions 0018, 0020): what members see is a snapshot made of the
 * records the team edits (catalogue-records.ts). `publishedCatalogueOf` makes the first snapshot of
 * the records (the seed's); from then on a publish changes one record of it (`withPublishedEvent`,
 * `withPublishedCity`, `withoutEvent`), so what anyone else saved and did not publish never rides
 * along. An event keeps the pass number of its first publish; a number is never given twice.
 */
import type { PublishedCatalogue, YaariEvent } from './catalogue'
import type { CatalogueStatus, CityRecord, EventRecord } from './catalogue-records'
import { MAX_PASS_CODE } from './pass'

/** The highest pass number ever given (archived events keep theirs, out of the snapshot's events). */
const highestPassCode = (catalogue: PublishedCatalogue) =>
  Math.max(0, catalogue.highestPassCode ?? 0, ...catalogue.events.map((event) => event.passCode))

/** The next pass number: one after the highest ever given, so none is reused. */
function nextPassCode(catalogue: PublishedCatalogue): number {
  const next = highestPassCode(catalogue) + 1
  if (next > MAX_PASS_CODE) throw new Error('Every pass number is taken')
  return next
}

/**
 * The published catalogue made of the records (the seed's first version): cities and events
 * published or archived (an archived event's tickets stay readable), drafts left out. An event
 * keeps the pass number it was published with; a first publish takes the next number never used.
 */
export function publishedCatalogueOf(
  records: { cities: readonly CityRecord[]; events: readonly EventRecord[] },
  previous: PublishedCatalogue,
  stamp: { version: number; publishedAt: string },
): PublishedCatalogue {
  let next: PublishedCatalogue = { ...previous, ...stamp }
  for (const city of records.cities) next = withPublishedCity(next, city, stamp)
  for (const event of records.events) if (event.status !== 'draft') next = withPublishedEvent(next, event, stamp)
  return next
}

/**
 * `catalogue` with one event published (or archived) as `record` says, and nothing else changed:
 * what the team saved of any other event stays unpublished. A new event takes the next pass
 * number and goes last; a published one keeps its number and its place.
 */
export function withPublishedEvent(
  catalogue: PublishedCatalogue,
  record: Omit<YaariEvent, 'passCode' | 'status' | 'publishedAt'> & { status: CatalogueStatus },
  stamp: { version: number; publishedAt: string },
): PublishedCatalogue {
  if (record.status === 'draft') throw new Error('A draft is never published')
  const { status, ...fields } = record
  const live = catalogue.events.find((event) => event.id === record.id)
  const event: YaariEvent = {
    ...fields,
    passCode: live?.passCode ?? nextPassCode(catalogue),
    status,
    publishedAt: stamp.publishedAt,
  }
  const events = live
    ? catalogue.events.map((known) => (known.id === record.id ? event : known))
    : [...catalogue.events, event]
  return { ...catalogue, ...stamp, events, highestPassCode: Math.max(highestPassCode(catalogue), event.passCode) }
}

/**
 * `catalogue` without an event, which is archived: it leaves the snapshot for a document of its own
 * (its tickets and passes keep reading from there), its pass number kept as given.
 */
export function withoutEvent(
  catalogue: PublishedCatalogue,
  id: string,
  stamp: { version: number; publishedAt: string },
): PublishedCatalogue {
  return {
    ...catalogue,
    ...stamp,
    events: catalogue.events.filter((event) => event.id !== id),
    highestPassCode: highestPassCode(catalogue),
  }
}

/** `catalogue` with one city as `record` says (published: on the selector; otherwise off it). */
export function withPublishedCity(
  catalogue: PublishedCatalogue,
  record: CityRecord,
  stamp: { version: number; publishedAt: string },
): PublishedCatalogue {
  const others = catalogue.cities.filter((city) => city.id !== record.id)
  const known = catalogue.cities.findIndex((city) => city.id === record.id)
  const cities =
    record.status !== 'published'
      ? others
      : known < 0
        ? [...others, { id: record.id, name: record.name, live: record.live }]
        : catalogue.cities.map((city) =>
            city.id === record.id ? { id: record.id, name: record.name, live: record.live } : city,
          )
  return { ...catalogue, ...stamp, cities }
}

/** A value with its objects' keys sorted, at every depth: two copies compare equal as JSON. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical)
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, field]) => field !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, field]) => [key, canonical(field)]),
    )
  return value
}

/**
 * Whether the record the team saved says what members see of it, field for field (prices,
 * schedule and every nested field included; the status and pass number aside).
 */
export function matchesLiveCopy(
  record: Omit<YaariEvent, 'passCode' | 'status'> & { status: CatalogueStatus },
  live: YaariEvent | undefined,
): boolean {
  if (!live) return false
  const { status: _s, ...saved } = record
  const { status: _l, passCode: _p, publishedAt: _at, ...shown } = live
  return JSON.stringify(canonical(saved)) === JSON.stringify(canonical(shown))
}
