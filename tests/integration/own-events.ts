/**
 * Events of one test file's own, so files can run side by side on one stack: a copy of a seed
 * event (same city, prices, capacity, schedule and words) under an id made for this file and run,
 * published into the stack's catalogue as the team's publish writes it (the snapshot with a new
 * version, a pass number never given before), before the file's tests, and taken out of the
 * catalogue after them. Nothing another file does can fill, cancel or audit its dates, and its
 * tests need no emptying of anything first. The functions read it as any published event; the
 * services a test calls in this process get it in `ownCatalogue()`.
 *
 * Files that run stack-wide work (a job over every date, a publish, a count of every collection)
 * keep the seed's events and run alone, after the others (vitest.config.ts).
 */
import { randomUUID } from 'node:crypto'
import { type Catalogue, catalogueOf, type PublishedCatalogue, type YaariEvent } from '@yaari/domain/catalogue'
import { SEED } from '@yaari/domain/catalogue-seed'
import { afterAll } from 'vitest'
import { adminDb } from './stack-data'

/** This file's mark on its events' ids (a module per test file). */
const TAG = `t${randomUUID().slice(0, 5)}`
const own = new Map<string, YaariEvent>()

const LOCK = 'test_locks/catalogue'
/** A lock older than this was left by a file that died: taken over. */
const STALE_LOCK_MS = 30_000

/**
 * Runs `change` on the published catalogue with no other test file changing it meanwhile (the
 * stand-in does not isolate transactions; a create() does not succeed twice).
 */
async function underCatalogueLock<T>(change: () => Promise<T>): Promise<T> {
  const db = adminDb()
  for (;;) {
    try {
      await db.doc(LOCK).create({ at: Date.now(), by: TAG })
      break
    } catch {
      const held = await db.doc(LOCK).get()
      if (held.exists && Date.now() - Number(held.get('at')) > STALE_LOCK_MS) await db.doc(LOCK).delete()
      else await new Promise((resolve) => setTimeout(resolve, 25)) // its holder's write takes milliseconds
    }
  }
  try {
    return await change()
  } finally {
    await db.doc(LOCK).delete()
  }
}

/** Writes the published snapshot changed by `change` as the next version. */
async function republish(change: (snapshot: PublishedCatalogue) => Partial<PublishedCatalogue>) {
  const db = adminDb()
  const snapshot = (await db.doc('catalogue/published').get()).data() as PublishedCatalogue
  const next = {
    ...snapshot,
    ...change(snapshot),
    version: snapshot.version + 1,
    publishedAt: new Date().toISOString(),
  }
  await db.doc('catalogue/published').set(next)
  await db.doc('catalogue/version').set({ version: next.version, published_at: next.publishedAt })
  return next
}

/** Takes this file's events out of the catalogue (their records stay, under ids no one uses again). */
async function withdrawOwnEvents() {
  const ids = new Set([...own.values()].map((event) => event.id))
  await underCatalogueLock(() =>
    republish((snapshot) => ({ events: snapshot.events.filter((event) => !ids.has(event.id)) })),
  )
}

/** This file's own copy of seed event `seedId`, published; the same copy on every call. */
export async function ownEvent(seedId: string): Promise<YaariEvent> {
  const known = own.get(seedId)
  if (known) return known
  const seed = SEED.eventById(seedId)
  if (!seed) throw new Error(`No seed event ${seedId}`)
  if (own.size === 0) afterAll(withdrawOwnEvents)
  const { shortId: _older, ...copy } = seed
  const event = { ...copy, id: `${seedId}-${TAG}` } as YaariEvent
  let published = event
  await underCatalogueLock(() =>
    republish((snapshot) => {
      // A pass number never given before, archived events' included (as a publish gives one).
      const passCode = Math.max(snapshot.highestPassCode ?? 0, ...snapshot.events.map((e) => e.passCode)) + 1
      published = { ...event, passCode }
      return { events: [...snapshot.events, published], highestPassCode: passCode }
    }),
  )
  own.set(seedId, published)
  return published
}

/** The seed events test files copy, by the names the files give them. */
const SEED_IDS = {
  firstHello: 'first-hello-stranger-meetup',
  midweekDinner: 'midweek-wednesday-dinner',
  sundayMixer: 'unplanned-sunday-social-mixup',
} as const

/**
 * This file's own copies (ownEvent) of the seed events named, published in the order named:
 * `const { firstHello, sundayMixer } = await ownEvents('firstHello', 'sundayMixer')`.
 */
export async function ownEvents<Name extends keyof typeof SEED_IDS>(
  ...names: Name[]
): Promise<Record<Name, YaariEvent>> {
  const events = {} as Record<Name, YaariEvent>
  for (const name of names) events[name] = await ownEvent(SEED_IDS[name])
  return events
}

/** The seed's catalogue with this file's own events: what the services a test runs in this process read. */
export function ownCatalogue(): Catalogue {
  return catalogueOf({ ...SEED.snapshot, events: [...SEED.events, ...own.values()] })
}
