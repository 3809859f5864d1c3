/**
 * The console's catalogue editor as both sides see it (decision 0018): the callables that list,
 * save, publish and archive events and cities, and upload a cover. Admins edit every city; a
 * host edits the events of the cities they host in; cities are the admins'. A save keeps the
 * record the team edits; only a publish changes what members see (a new catalogue version).
 */
import * as v from 'valibot'
import { contract } from './callable'
import {
  CATALOGUE_MESSAGES,
  type CityRecord,
  cityRecordSchema,
  type EventRecord,
  eventRecordSchema,
} from './catalogue-records'
import { MAX_PHOTO_BYTES } from './profile'

/**
 * An event as the editor sends it: every field but the status (which publishing and archiving
 * set), the older link it redirects from and its guests' rating (neither is the editor's to set:
 * a save keeps what the record has).
 */
export const eventDraftSchema = v.omit(eventRecordSchema, ['status', 'shortId', 'rating'])
export type EventDraft = v.InferOutput<typeof eventDraftSchema>

/** An event in the editor's list: the record, who changed it last, and whether members see this copy. */
export interface EditorEvent extends EventRecord {
  updatedAt: string
  updatedBy: string
  /** The record differs from what members see (never published, or edited since). */
  unpublishedChanges: boolean
}

export interface CatalogueEditorView {
  /** The published catalogue's version. */
  version: number
  cities: CityRecord[]
  events: EditorEvent[]
}

const slug = v.pipe(v.string(CATALOGUE_MESSAGES.notFound), v.regex(/^[a-z0-9-]{3,60}$/, CATALOGUE_MESSAGES.notFound))
export const saveCatalogueEventSchema = v.strictObject({
  event: eventDraftSchema,
  /** A new event: refused when its address is taken. */
  isNew: v.boolean('isNew must be true or false'),
})
export const catalogueEventSchema = v.strictObject({ id: slug })
/**
 * A publish names the copy it means: the `updatedAt` of the save the editor made (or read). A save
 * by anyone since is not published by it: "a save is live only by its own publish".
 */
export const publishCatalogueEventSchema = v.strictObject({
  id: slug,
  savedAt: v.pipe(
    v.string('savedAt must be the saved copy’s time'),
    v.isoTimestamp('savedAt must be the saved copy’s time'),
  ),
})
export const saveCatalogueCitySchema = v.strictObject({ city: cityRecordSchema })

// base64 is 4/3 of the bytes; a little over, so a 5 MB file is refused by its bytes with the message.
const MAX_COVER_BASE64 = Math.ceil((MAX_PHOTO_BYTES * 4) / 3) + 4
export const uploadEventCoverSchema = v.strictObject({
  id: slug,
  data: v.pipe(
    v.string('data must be the image as base64'),
    v.maxLength(MAX_COVER_BASE64, CATALOGUE_MESSAGES.coverSize),
    v.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'data must be the image as base64'),
  ),
})

const editor = <Schema extends v.GenericSchema, Response>(name: string, request: Schema) =>
  contract<Schema, Response>(name, request, [CATALOGUE_MESSAGES])

/**
 * The editor's list; with `id`, the event one editor opens alone ("new" names none: the cities
 * only). An event that does not exist, or is of a city the caller does not edit, is left out. Named
 * `id` as in the editor's other calls: an `eventId` is checked against the published catalogue,
 * and a draft is not in it.
 */
export const listCatalogueSchema = v.strictObject({ id: v.optional(slug) })
export const listCatalogueCall = editor<typeof listCatalogueSchema, CatalogueEditorView>(
  'listCatalogue',
  listCatalogueSchema,
)
export const saveCatalogueEventCall = editor<typeof saveCatalogueEventSchema, { event: EditorEvent }>(
  'saveCatalogueEvent',
  saveCatalogueEventSchema,
)
export const publishCatalogueEventCall = editor<
  typeof publishCatalogueEventSchema,
  { event: EditorEvent; version: number }
>('publishCatalogueEvent', publishCatalogueEventSchema)
export const archiveCatalogueEventCall = editor<typeof catalogueEventSchema, { event: EditorEvent; version: number }>(
  'archiveCatalogueEvent',
  catalogueEventSchema,
)
export const saveCatalogueCityCall = editor<typeof saveCatalogueCitySchema, { city: CityRecord; version: number }>(
  'saveCatalogueCity',
  saveCatalogueCitySchema,
)
export const uploadEventCoverCall = editor<typeof uploadEventCoverSchema, { image: string }>(
  'uploadEventCover',
  uploadEventCoverSchema,
)

export const CATALOGUE_CALLABLES = [
  listCatalogueCall,
  saveCatalogueEventCall,
  publishCatalogueEventCall,
  archiveCatalogueEventCall,
  saveCatalogueCityCall,
  uploadEventCoverCall,
] as const
