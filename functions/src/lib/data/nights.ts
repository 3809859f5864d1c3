/**
 * nights/{eventId}_{date}: the evening after a date, written once by the morning-after job with the
 * guests who came, then marked asked, counted as connections are made and closed after its window.
 * The only module that names the collection (dev/lint/data-owners.test.mjs): the evening after, the
 * host's summary of the night, the insights and the account read it through these.
 */
import { nightId } from '@yaari/domain/after-night-rules'
import { FieldValue, type Firestore } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { isAlreadyExists, isNotFound } from '../claims'
import { collectionOf } from '../collections'
import { checkedReader } from '../documents'
import { expiry } from '../retention'

const GuestSchema = v.object({ order_id: v.string(), first_name: v.string() })
const NightSchema = v.object({
  event_id: v.string(),
  event_date: v.string(),
  city: v.string(),
  /** When the job recorded who came. */
  opened_at: v.number(),
  /** Every guest who came, by uid. */
  guests: v.record(v.string(), GuestSchema),
  /** When every guest was asked (their mail queued, their booking marked); absent while a run is under way. */
  asked_at: v.optional(v.number()),
  /** Connections made at this evening: a count, never who. */
  connections: v.number(),
  closed: v.boolean(),
  closed_at: v.optional(v.number()),
})
/** A guest of the evening: their booking, and the first name the others see. */
export type NightGuest = v.InferOutput<typeof GuestSchema>
/** Who came, and where the evening after stands. */
export type NightRecord = v.InferOutput<typeof NightSchema>

const nights = (firestore: Firestore) => collectionOf(firestore, 'nights')
const nightRef = (firestore: Firestore, eventId: string, date: string) => nights(firestore).doc(nightId(eventId, date))
const records = checkedReader('nights', NightSchema)

/** A date's night record, or undefined before its morning after. */
export const readNight = async (firestore: Firestore, eventId: string, date: string) =>
  records.one(await nightRef(firestore, eventId, date).get())

/** Several nights by id (nightId), those that exist. */
export async function readNights(firestore: Firestore, ids: readonly string[]): Promise<Map<string, NightRecord>> {
  if (ids.length === 0) return new Map()
  const snapshots = await firestore.getAll(...ids.map((id) => nights(firestore).doc(id)))
  return new Map(
    snapshots.flatMap((snapshot) => {
      const night = records.one(snapshot)
      return night ? [[snapshot.id, night] as const] : []
    }),
  )
}

/** Records who came to a date, once: a second run keeps what the first recorded. */
export async function recordNight(firestore: Firestore, record: NightRecord, now: number): Promise<void> {
  await nightRef(firestore, record.event_id, record.event_date)
    .create({ ...record, ...expiry('nights', now, record.event_date) })
    .catch((error: unknown) => {
      if (!isAlreadyExists(error)) throw error
    })
}

/** Marks a night's guests as asked. */
export async function markAsked(firestore: Firestore, eventId: string, date: string, now: number): Promise<void> {
  await nightRef(firestore, eventId, date).update({ asked_at: now })
}

/** Counts a connection made at this evening. */
export async function countConnection(firestore: Firestore, eventId: string, date: string): Promise<void> {
  await nightRef(firestore, eventId, date).update({ connections: FieldValue.increment(1) })
}

/** The nights not closed yet, with their ids. */
export const openNights = async (firestore: Firestore) =>
  records.withIds(await nights(firestore).where('closed', '==', false).get())

/** Closes a night past its window. */
export async function closeNightRecord(firestore: Firestore, id: string, now: number): Promise<void> {
  await nights(firestore).doc(id).update({ closed: true, closed_at: now })
}

/** The night no longer lists the member (nor their first name): their account is deleted. */
export async function forgetGuest(firestore: Firestore, eventId: string, date: string, uid: string): Promise<void> {
  await nightRef(firestore, eventId, date)
    .update({ [`guests.${uid}`]: FieldValue.delete() })
    .catch((error: unknown) => {
      if (!isNotFound(error)) throw error
    })
}
