/**
 * The console's catalogue editor (decision 0018): list, save, publish and archive events, save
 * cities. Who may: an admin anything; a host the events of the cities they host in (the record's
 * city before and after an edit), never a city. Every change is audited with what changed. A
 * save keeps the record; a publish makes it what members see, refused when it would drop a date
 * that has bookings (that goes through cancelling the date, which refunds in full).
 */
import type { RequestOf } from '@yaari/domain/callable'
import { catalogueCities, type PublishedCatalogue } from '@yaari/domain/catalogue'
import type {
  archiveCatalogueEventCall,
  CatalogueEditorView,
  EditorEvent,
  publishCatalogueEventCall,
  saveCatalogueCityCall,
  saveCatalogueEventCall,
} from '@yaari/domain/catalogue-editor'
import {
  CATALOGUE_MESSAGES,
  datesBookedMessage,
  type EventRecord,
  MAX_PASS_CODE,
} from '@yaari/domain/catalogue-records'
import type { Roles } from '@yaari/domain/host'
import { availableDates } from '@yaari/domain/schedule'
import type { Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import { type Actor, auditLog, auditRecord } from '../host/audit'
import { countLiveSeats } from '../seats'
import {
  cityOf,
  cityRecords,
  editorEvent,
  eventOf,
  eventRecords,
  publishRecords,
  readPublished,
  stampOf,
} from './records'

export interface Editor {
  actor: Actor
  roles: Roles
}

/** A cover is a picture the site carries or one uploaded through the editor, never any other URL. */
export type CoverCheck = (url: string) => boolean

const mayEdit = (roles: Roles, city: string) => roles.admin || roles.hostCities.includes(city)

function refuseOtherCity(roles: Roles, ...cities: string[]) {
  if (!cities.every((city) => mayEdit(roles, city)))
    throw new HttpsError('permission-denied', CATALOGUE_MESSAGES.notYourCity)
}

/** What the editor lists: every city, and the events of the cities the caller edits. */
export async function listCatalogue(firestore: Firestore, roles: Roles): Promise<CatalogueEditorView> {
  const [published, events, cities] = await Promise.all([
    readPublished(firestore),
    eventRecords(firestore).get(),
    cityRecords(firestore).get(),
  ])
  return {
    version: published.version,
    cities: cities.docs.flatMap((doc) => cityOf(doc.data()) ?? []),
    events: events.docs
      .flatMap((doc) => editorEvent(doc.data(), published) ?? [])
      .filter((event) => mayEdit(roles, event.city))
      .sort((a, b) => a.city.localeCompare(b.city) || a.title.localeCompare(b.title)),
  }
}

/** The record of an event the caller may edit: not-found, or refused for another city's host. */
async function editableRecord(firestore: Firestore, roles: Roles, id: string): Promise<EventRecord> {
  const record = eventOf((await eventRecords(firestore).doc(id).get()).data())
  if (!record) throw new HttpsError('not-found', CATALOGUE_MESSAGES.notFound)
  refuseOtherCity(roles, record.city)
  return record
}

/** What a publish or an archive answers: the record as it now stands, and the version it made. */
async function answerOf(firestore: Firestore, id: string, catalogue: PublishedCatalogue) {
  const data = (await eventRecords(firestore).doc(id).get()).data() ?? {}
  return { event: editorEvent(data, catalogue) as EditorEvent, version: catalogue.version }
}

/** The fields an edit changed, each as { from, to } (a new record: every field, from nothing). */
function changedFields(before: EventRecord | undefined, after: EventRecord): Record<string, unknown> {
  const change: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(after)) {
    const previous = before?.[key as keyof EventRecord]
    if (JSON.stringify(previous) !== JSON.stringify(value)) change[key] = { from: previous ?? null, to: value }
  }
  return change
}

/** Saves an event's record (a new one as a draft); members see nothing of it until it is published. */
export async function saveEvent(
  firestore: Firestore,
  { actor, roles }: Editor,
  { event, isNew }: RequestOf<typeof saveCatalogueEventCall>,
  isCoverUrl: CoverCheck,
  now: number,
): Promise<{ event: EditorEvent }> {
  const draft = event as Omit<EventRecord, 'status'>
  if (draft.image && !draft.image.startsWith('/') && !isCoverUrl(draft.image))
    throw new HttpsError('invalid-argument', `image: ${CATALOGUE_MESSAGES.cover}`)
  if (!catalogueCities().some((city) => city.id === draft.city))
    throw new HttpsError('invalid-argument', `city: ${CATALOGUE_MESSAGES.cityUnknown}`)
  refuseOtherCity(roles, draft.city)
  const ref = eventRecords(firestore).doc(draft.id)
  const record = await firestore.runTransaction(async (transaction) => {
    const stored = await transaction.get(ref)
    const before = eventOf(stored.data())
    if (isNew && stored.exists) throw new HttpsError('already-exists', `id: ${CATALOGUE_MESSAGES.slugTaken}`)
    if (!isNew && !before) throw new HttpsError('not-found', CATALOGUE_MESSAGES.notFound)
    if (before) refuseOtherCity(roles, before.city)
    if (before?.status === 'archived') throw new HttpsError('failed-precondition', CATALOGUE_MESSAGES.archived)
    const next: EventRecord = { ...draft, status: before?.status ?? 'draft' }
    const change = changedFields(before, next)
    if (Object.keys(change).length === 0) return next
    transaction.set(ref, { ...next, ...stampOf(actor, now) })
    transaction.set(
      auditLog(firestore).doc(),
      auditRecord(actor, { action: 'save-event', eventId: next.id, eventDate: '', city: next.city, change, at: now }),
    )
    return next
  })
  const published = await readPublished(firestore)
  const saved = (await ref.get()).data()
  return { event: editorEvent(saved ?? { ...record }, published) as EditorEvent }
}

/**
 * The dates members could book under `before` that `after` no longer offers, with a seat taken:
 * an edit may not drop them (cancelling a date refunds its guests; an edit would strand them).
 */
async function bookedDatesDropped(
  firestore: Firestore,
  before: PublishedCatalogue['events'][number] | undefined,
  after: EventRecord,
  now: number,
): Promise<string[]> {
  if (!before) return []
  const kept = new Set(availableDates(after, new Date(now)))
  const dropped = availableDates(before, new Date(now)).filter((date) => !kept.has(date))
  const taken = await Promise.all(dropped.map((date) => countLiveSeats(firestore, after.id, date, now)))
  return dropped.filter((_, i) => (taken[i] ?? 0) > 0)
}

/** Publishes an event's record: the next catalogue version, which every page and function reads. */
export async function publishEvent(
  firestore: Firestore,
  { actor, roles }: Editor,
  { id }: RequestOf<typeof publishCatalogueEventCall>,
  now: number,
): Promise<{ event: EditorEvent; version: number }> {
  const record = await editableRecord(firestore, roles, id)
  if (record.status === 'archived') throw new HttpsError('failed-precondition', CATALOGUE_MESSAGES.archived)
  if (!record.image) throw new HttpsError('invalid-argument', `image: ${CATALOGUE_MESSAGES.cover}`)
  const next: EventRecord = { ...record, status: 'published' }
  const catalogue = await publishRecords(
    firestore,
    actor,
    { events: [next] },
    { action: 'publish-event', eventId: id, eventDate: '', city: record.city, change: {} },
    now,
    async (previous) => {
      const live = previous.events.find((event) => event.id === id)
      if (!live && previous.events.length >= MAX_PASS_CODE)
        throw new HttpsError('resource-exhausted', CATALOGUE_MESSAGES.tooManyEvents)
      const dropped = await bookedDatesDropped(firestore, live, next, now)
      if (dropped.length) throw new HttpsError('failed-precondition', datesBookedMessage(dropped))
    },
  )
  return answerOf(firestore, id, catalogue)
}

/** Archives an event: off the listing and not for sale; its tickets and passes stay valid. */
export async function archiveEvent(
  firestore: Firestore,
  { actor, roles }: Editor,
  { id }: RequestOf<typeof archiveCatalogueEventCall>,
  now: number,
): Promise<{ event: EditorEvent; version: number }> {
  const record = await editableRecord(firestore, roles, id)
  const catalogue = await publishRecords(
    firestore,
    actor,
    { events: [{ ...record, status: 'archived' }] },
    {
      action: 'archive-event',
      eventId: id,
      eventDate: '',
      city: record.city,
      change: { status: { from: record.status, to: 'archived' } },
    },
    now,
  )
  return answerOf(firestore, id, catalogue)
}

/** Saves a city and publishes it (an admin's: a city is live for members, or listed as coming, or off). */
export async function saveCity(
  firestore: Firestore,
  actor: Actor,
  { city }: RequestOf<typeof saveCatalogueCityCall>,
  now: number,
): Promise<{ city: typeof city; version: number }> {
  const before = cityOf((await cityRecords(firestore).doc(city.id).get()).data())
  const change: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(city)) {
    const previous = before?.[key as keyof typeof city]
    if (previous !== value) change[key] = { from: previous ?? null, to: value }
  }
  const published = await publishRecords(
    firestore,
    actor,
    { cities: [city] },
    { action: 'save-city', eventId: '', eventDate: '', city: city.id, change },
    now,
  )
  return { city, version: published.version }
}
