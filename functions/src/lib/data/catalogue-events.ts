/**
 * catalogue_events/{id}: the event records the team edits (decisions 0018, 0020): a draft, a saved
 * change or the copy that was published, with who saved it last and when. The only module that
 * names the collection (dev/lint/data-owners.test.mjs): the editor, the publishes, the seed and the
 * covers' sweep read and write it through these.
 */
import { type EventRecord, eventRecordSchema } from '@yaari/domain/catalogue-records'
import type { DocumentReference, DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { collectionOf } from '../collections'

/** Who changed a record last, as the editor shows it. */
export interface Stamp {
  updated_at: number
  updated_by: string
}

/** A stored record without its stamp, checked again: what is stored is only ever what a schema passed. */
export function recordOf<T>(schema: v.GenericSchema<unknown, T>, data: Record<string, unknown> | undefined) {
  if (!data) return undefined
  const { updated_at: _at, updated_by: _by, ...record } = data
  const parsed = v.safeParse(schema, record)
  return parsed.success ? parsed.output : undefined
}

/**
 * An event record as stored, read with the copy and the cover as any text: a record saved before a
 * rule grew stricter (a character now refused, a cover another event's) stays listed, editable and
 * archivable, and its editor is told what to change when it saves. A publish checks the copy it puts
 * live with the whole schema.
 */
const storedEventSchema = v.strictObject({
  ...eventRecordSchema.entries,
  title: v.string(),
  kind: v.string(),
  description: v.string(),
  whatToExpect: v.array(v.string()),
  groupSize: v.string(),
  venueArea: v.string(),
  image: v.string(),
})

/** An event record with its stamp. */
export interface StoredEvent {
  record: EventRecord
  stamp: Stamp
}

const events = (firestore: Firestore) => collectionOf(firestore, 'catalogue_events')

function storedOf(snapshot: DocumentSnapshot): StoredEvent | undefined {
  const data = snapshot.data()
  const record = recordOf(storedEventSchema, data)
  if (!record) return undefined
  const at: unknown = data?.updated_at
  const by: unknown = data?.updated_by
  return {
    record,
    stamp: { updated_at: typeof at === 'number' ? at : 0, updated_by: typeof by === 'string' ? by : '' },
  }
}

/** The record's document (a transaction or a batch writes it). */
export const eventRecordRef = (firestore: Firestore, id: string): DocumentReference => events(firestore).doc(id)

/** One event's record, read in the transaction when given. */
export async function readStoredEvent(
  firestore: Firestore,
  id: string,
  transaction?: Transaction,
): Promise<StoredEvent | undefined> {
  const ref = eventRecordRef(firestore, id)
  return storedOf(transaction ? await transaction.get(ref) : await ref.get())
}

/** Every event record (the editor's list). */
export const readStoredEvents = async (firestore: Firestore): Promise<StoredEvent[]> =>
  (await events(firestore).get()).docs.flatMap((doc) => storedOf(doc) ?? [])

/** Whether `id` is a record's id, or an older link (`shortId`) that redirects to one. */
export async function eventAddressUsed(firestore: Firestore, id: string): Promise<boolean> {
  const [record, shortLink] = await Promise.all([
    eventRecordRef(firestore, id).get(),
    events(firestore).where('shortId', '==', id).limit(1).get(),
  ])
  return record.exists || !shortLink.empty
}

/** The covers every record names, a record that no longer passes its schema too (its cover is still in use). */
export async function coversInRecords(firestore: Firestore): Promise<string[]> {
  return (await events(firestore).get()).docs.flatMap((doc) => {
    const image: unknown = doc.get('image')
    return typeof image === 'string' && image ? [image] : []
  })
}
