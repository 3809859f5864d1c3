/**
 * The console's catalogue editor (decisions 0018, 0020): list, save, publish and archive events,
 * save cities. Who may: an admin anything; a host the events of the cities they host in (the
 * record's city before and after an edit), never a city. Every change is audited with what
 * changed. A save keeps the record and never touches what members see; a publish makes that one
 * record what members see (refused when it would drop a date that has bookings: that goes through
 * cancelling the date, which refunds in full); an archive takes the live copy off sale as it was
 * published. A save writes the fields it was given and never the status, so a save and a publish
 * racing each other lose nothing: the publish puts live the copy it read, and a later save shows
 * as an unpublished change.
 */
import type { RequestOf } from '@yaari/domain/callable'
import type { Catalogue, PublishedCatalogue } from '@yaari/domain/catalogue'
import type {
  archiveCatalogueEventCall,
  CatalogueEditorView,
  EditorEvent,
  EventDraft,
  listCatalogueCall,
  publishCatalogueEventCall,
  saveCatalogueCityCall,
  saveCatalogueEventCall,
} from '@yaari/domain/catalogue-editor'
import { withoutEvent, withPublishedCity, withPublishedEvent } from '@yaari/domain/catalogue-publish'
import {
  CATALOGUE_MESSAGES,
  datesBookedMessage,
  type EventRecord,
  NEW_EVENTS_PER_DAY,
  RESERVED_SLUGS,
} from '@yaari/domain/catalogue-records'
import type { Roles } from '@yaari/domain/host'
import type { Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import { isAlreadyExists } from '../../lib/claims'
import { type Context, nowOf } from '../../lib/context'
import { readSnapshot } from '../../lib/data/catalogue'
import { archiveInTransaction } from '../../lib/data/catalogue-archive'
import { cityRecordRef, readCities, readCity } from '../../lib/data/catalogue-cities'
import {
  eventAddressUsed,
  eventRecordRef,
  readStoredEvent,
  readStoredEvents,
  type StoredEvent,
} from '../../lib/data/catalogue-events'
import { fieldRefusal } from '../../lib/validate'
import { type Actor, type AuditInput, auditInBatch } from '../audit'
import { bookedDatesDropped, changedFields, mayEdit, refuseOtherCity } from './checks'
import { claimDailySlot, countedPublish } from './limits'
import { editorEvent, publishChange, stampOf, strictProblem } from './records'

/** Who edits the catalogue: a host or an admin (or an operator's command), with the cities they may edit. */
export type Editor = Actor & { roles: Roles }

/** A cover is a picture the site carries or one uploaded through the editor for this event, never any other URL. */
export type CoverCheck = (url: string, eventId: string) => boolean

/**
 * What the editor lists: every city, and the events of the cities the caller edits; with `id`, that
 * event alone (one document read, not the collection).
 */
export async function listCatalogue(
  { firestore }: Pick<Context, 'firestore'>,
  { roles }: Pick<Editor, 'roles'>,
  { id }: RequestOf<typeof listCatalogueCall> = {},
): Promise<CatalogueEditorView> {
  const [published, events, cities] = await Promise.all([
    readSnapshot(firestore),
    id === undefined
      ? readStoredEvents(firestore)
      : readStoredEvent(firestore, id).then((stored) => (stored ? [stored] : [])),
    readCities(firestore),
  ])
  return {
    version: published.version,
    cities,
    events: events
      .map((stored) => editorEvent(stored, published))
      .filter((event) => mayEdit(roles, event.city))
      .sort((a, b) => a.city.localeCompare(b.city) || a.title.localeCompare(b.title)),
  }
}

/** The record of an event the caller may edit: not-found, or refused for another city's host. */
async function editableRecord(firestore: Firestore, roles: Roles, id: string): Promise<EventRecord> {
  const record = (await storedEvent(firestore, id)).record
  refuseOtherCity(roles, record.city)
  return record
}

/** An event's record with its stamp; not-found when there is none. */
async function storedEvent(firestore: Firestore, id: string): Promise<StoredEvent> {
  const stored = await readStoredEvent(firestore, id)
  if (!stored) throw new HttpsError('not-found', CATALOGUE_MESSAGES.notFound)
  return stored
}

/** What a publish or an archive answers: the record as it now stands, and the version it made. */
async function answerOf(firestore: Firestore, id: string, catalogue: PublishedCatalogue) {
  return { event: editorEvent(await storedEvent(firestore, id), catalogue), version: catalogue.version }
}

/**
 * Whether `id` would take an address someone already uses: another record's, the live
 * catalogue's, or an older link (`shortId`) that redirects to another event.
 */
async function addressTaken(firestore: Firestore, catalogue: Catalogue, id: string): Promise<boolean> {
  return catalogue.canonicalEventId(id) !== undefined || eventAddressUsed(firestore, id)
}

/** Saves an event's record (a new one as a draft); members see nothing of it until it is published. */
export async function saveEvent(
  context: Context & { isCoverUrl: CoverCheck },
  actor: Editor,
  { event: draft, isNew }: RequestOf<typeof saveCatalogueEventCall>,
): Promise<{ event: EditorEvent }> {
  const { firestore, catalogue, isCoverUrl } = context
  const { roles } = actor
  const now = nowOf(context)
  if (draft.image && !draft.image.startsWith('/') && !isCoverUrl(draft.image, draft.id))
    throw fieldRefusal('invalid-argument', 'image', CATALOGUE_MESSAGES.coverUpload)
  if (!catalogue.cities.some((city) => city.id === draft.city))
    throw fieldRefusal('invalid-argument', 'city', CATALOGUE_MESSAGES.cityUnknown)
  refuseOtherCity(roles, draft.city)
  const ref = eventRecordRef(firestore, draft.id)
  const stamp = stampOf(actor, now)
  let savedAt = now
  const line = (change: Record<string, unknown>): AuditInput => ({
    action: 'save-event',
    about: { event: draft },
    change,
    at: now,
  })
  if (isNew) {
    if (RESERVED_SLUGS.includes(draft.id)) throw fieldRefusal('invalid-argument', 'id', CATALOGUE_MESSAGES.reservedSlug)
    if (await addressTaken(firestore, catalogue, draft.id))
      throw fieldRefusal('already-exists', 'id', CATALOGUE_MESSAGES.slugTaken)
    await claimDailySlot(firestore, actor, 'new-event', NEW_EVENTS_PER_DAY, CATALOGUE_MESSAGES.tooManyNewEvents, now)
    const batch = firestore.batch()
    // The record first: when the address was taken meanwhile, the batch writes nothing.
    batch.create(ref, { ...draft, status: 'draft', ...stamp })
    auditInBatch(batch, firestore, actor, line(changedFields(undefined, draft)))
    await batch.commit().catch((error: unknown) => {
      if (isAlreadyExists(error)) throw fieldRefusal('already-exists', 'id', CATALOGUE_MESSAGES.slugTaken)
      throw error
    })
  } else {
    const stored = await storedEvent(firestore, draft.id)
    const before = stored.record
    refuseOtherCity(roles, before.city)
    if (before.status === 'archived') throw new HttpsError('failed-precondition', CATALOGUE_MESSAGES.archived)
    const change = changedFields(before, draft)
    // Nothing changed: the copy this editor has is the one stored, saved when it was.
    if (Object.keys(change).length === 0) savedAt = stored.stamp.updated_at
    else {
      const batch = firestore.batch()
      // The fields the editor sends, never the status (only a publish or an archive sets it), nor
      // the older link or the guests' rating, which are not the editor's to change.
      batch.update(ref, { ...(draft satisfies EventDraft), ...stamp })
      auditInBatch(batch, firestore, actor, line(change))
      await batch.commit()
    }
  }
  const [published, saved] = await Promise.all([readSnapshot(firestore), storedEvent(firestore, draft.id)])
  // The time of the copy this call saved (or found unchanged), whatever was saved after it: a
  // Publish that names it puts live this copy, or is refused when another save came since.
  const event = editorEvent(saved, published)
  return { event: { ...event, updatedAt: new Date(savedAt).toISOString() } }
}

/**
 * Publishes an event's record as the editor saved it (`savedAt`): the next catalogue version, with
 * this one event changed. A save by anyone since is refused, not published: a save goes live only
 * by its own publish. Every check a publish makes is made on the copy that goes live, inside the
 * transaction that puts it there.
 */
export async function publishEvent(
  context: Pick<Context, 'firestore' | 'now'> & { isCoverUrl: CoverCheck },
  actor: Editor,
  { id, savedAt }: RequestOf<typeof publishCatalogueEventCall>,
): Promise<{ event: EditorEvent; version: number }> {
  const { firestore, isCoverUrl } = context
  const { roles } = actor
  const now = nowOf(context)
  const first = await editableRecord(firestore, roles, id)
  const ref = eventRecordRef(firestore, id)
  const catalogue = await countedPublish(firestore, { actor, roles }, now, () =>
    publishChange(
      firestore,
      actor,
      { action: 'publish-event', about: { event: { id, city: first.city } } },
      now,
      async (previous, transaction) => {
        const stored = await readStoredEvent(firestore, id, transaction)
        if (!stored) throw new HttpsError('not-found', CATALOGUE_MESSAGES.notFound)
        const { record } = stored
        refuseOtherCity(roles, record.city)
        if (record.status === 'archived') throw new HttpsError('failed-precondition', CATALOGUE_MESSAGES.archived)
        if (stored.stamp.updated_at !== Date.parse(savedAt))
          throw new HttpsError('failed-precondition', CATALOGUE_MESSAGES.changedSince)
        const problem = strictProblem(record)
        if (problem) throw problem
        if (!record.image) throw fieldRefusal('invalid-argument', 'image', CATALOGUE_MESSAGES.cover)
        if (!record.image.startsWith('/') && !isCoverUrl(record.image, record.id))
          throw fieldRefusal('invalid-argument', 'image', CATALOGUE_MESSAGES.coverUpload)
        if (!previous.cities.some((city) => city.id === record.city))
          throw fieldRefusal('invalid-argument', 'city', CATALOGUE_MESSAGES.cityUnknown)
        const live = previous.events.find((event) => event.id === id)
        // Moving a live event takes it out of its city too: the caller must edit both.
        if (live) refuseOtherCity(roles, live.city)
        const next: EventRecord = { ...record, status: 'published' }
        const dropped = await bookedDatesDropped(firestore, live, next, now)
        if (dropped.length) throw new HttpsError('failed-precondition', datesBookedMessage(dropped))
        return {
          next: (stamp) => withPublishedEvent(previous, next, stamp),
          write: (tx) => tx.update(ref, { status: 'published' }),
          audited: changedFields(live, next),
        }
      },
    ),
  )
  return answerOf(firestore, id, catalogue)
}

/**
 * Archives an event: its live copy, as it was published, goes off the listing and off sale, and
 * out of the snapshot into a document of its own (`catalogue_archive/{id}`), where its tickets and
 * passes keep reading it. What was saved since and never published stays unpublished. Archiving
 * again changes nothing.
 */
export async function archiveEvent(
  context: Pick<Context, 'firestore' | 'now'>,
  actor: Editor,
  { id }: RequestOf<typeof archiveCatalogueEventCall>,
): Promise<{ event: EditorEvent; version: number }> {
  const { firestore } = context
  const { roles } = actor
  const now = nowOf(context)
  const record = await editableRecord(firestore, roles, id)
  const ref = eventRecordRef(firestore, id)
  if (record.status === 'archived') return answerOf(firestore, id, await readSnapshot(firestore))
  const catalogue = await countedPublish(firestore, { actor, roles }, now, () =>
    publishChange(
      firestore,
      actor,
      {
        action: 'archive-event',
        about: { event: { id, city: record.city } },
        change: { status: { from: record.status, to: 'archived' } },
      },
      now,
      async (previous) => {
        const live = previous.events.find((event) => event.id === id)
        if (!live || live.status === 'archived')
          throw new HttpsError('failed-precondition', CATALOGUE_MESSAGES.notPublished)
        // The copy members see is the one archived: its city decides too.
        refuseOtherCity(roles, live.city)
        return {
          next: (stamp) => withoutEvent(previous, id, stamp),
          write: (tx, stamp) => {
            archiveInTransaction(firestore, tx, live, stamp)
            tx.update(ref, { status: 'archived' })
          },
        }
      },
    ),
  )
  return answerOf(firestore, id, catalogue)
}

/** Saves a city and publishes it (an admin's: a city is live for members, or listed as coming, or off). */
export async function saveCity(
  context: Pick<Context, 'firestore' | 'now'>,
  actor: Actor,
  { city }: RequestOf<typeof saveCatalogueCityCall>,
): Promise<{ city: typeof city; version: number }> {
  const { firestore } = context
  const now = nowOf(context)
  const before = await readCity(firestore, city.id)
  const change: Record<string, unknown> = {}
  const stored = new Map<string, unknown>(Object.entries(before ?? {}))
  for (const [key, value] of Object.entries(city)) {
    const previous = stored.get(key)
    if (previous !== value) change[key] = { from: previous ?? null, to: value }
  }
  const published = await publishChange(
    firestore,
    actor,
    { action: 'save-city', about: { city: city.id }, change },
    now,
    async (previous) => ({
      next: (stamp) => withPublishedCity(previous, city, stamp),
      write: (tx) => tx.set(cityRecordRef(firestore, city.id), { ...city, ...stampOf(actor, now) }),
    }),
  )
  return { city, version: published.version }
}
