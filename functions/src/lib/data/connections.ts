/**
 * connections/{key}: two members who picked each other after an evening, and where they met; one a
 * pair, its key a hash of the two. The only module that names the collection
 * (dev/lint/data-owners.test.mjs): the evening after makes and removes connections, the groups keep
 * pairs who met before apart unless they connected, a booking's view counts them, the insights
 * count who connected, the account exports and forgets them, all through these.
 */
import { createHash } from 'node:crypto'
import { pairId } from '@yaari/domain/after-night-rules'
import type { Firestore } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { collectionOf } from '../collections'
import { checkedReader, deleteFound, readWhereAny } from '../documents'

const ConnectionSchema = v.object({
  members: v.tuple([v.string(), v.string()]),
  event_id: v.string(),
  event_date: v.string(),
  /** Each member's first name as the other saw it that evening. */
  names: v.record(v.string(), v.string()),
  at: v.number(),
})
export type ConnectionRecord = v.InferOutput<typeof ConnectionSchema>

const connections = (firestore: Firestore) => collectionOf(firestore, 'connections')
const records = checkedReader('connections', ConnectionSchema)
/** The key of a pair's one connection: whichever of the two asks, the same. */
const pairKey = (a: string, b: string) =>
  createHash('sha256')
    .update(`pair:${pairId(a, b)}`)
    .digest('hex')
    .slice(0, 16)

/** The pair's connection, if they have one. */
export const connectionOfPair = async (firestore: Firestore, a: string, b: string) =>
  records.one(await connections(firestore).doc(pairKey(a, b)).get())

/**
 * Makes the pair's connection and answers its id; throws already-exists when they have it (both
 * picked at once, or met again).
 */
export async function createConnection(firestore: Firestore, record: ConnectionRecord): Promise<string> {
  const ref = connections(firestore).doc(pairKey(...record.members))
  await ref.create(record)
  return ref.id
}

/** Removes the pair's connection, if any. */
export async function removeConnectionOfPair(firestore: Firestore, a: string, b: string): Promise<void> {
  await connections(firestore).doc(pairKey(a, b)).delete()
}

/** A connection by its id (as a member's list names it). */
export const connectionById = async (firestore: Firestore, id: string) =>
  records.one(await connections(firestore).doc(id).get())

export async function deleteConnection(firestore: Firestore, id: string): Promise<void> {
  await connections(firestore).doc(id).delete()
}

/** Every connection of a member, with its id. */
export const connectionsOf = async (firestore: Firestore, uid: string) =>
  records.withIds(await connections(firestore).where('members', 'array-contains', uid).get())

/** The connections that involve any of up to 30 members (a Firestore `array-contains-any`'s most). */
export const connectionsInvolving = (firestore: Firestore, uids: readonly string[]) =>
  readWhereAny(records, connections(firestore), 'members', 'array-contains-any', uids)

/** The connections made after one evening of an event. */
export const connectionsOfDate = async (firestore: Firestore, eventId: string, date: string) =>
  records.all(await connections(firestore).where('event_id', '==', eventId).where('event_date', '==', date).get())

/** Deletes every connection of the member (their account is deleted). */
export const forgetConnections = (firestore: Firestore, uid: string): Promise<void> =>
  deleteFound(connections(firestore).where('members', 'array-contains', uid))
