/**
 * host_messages/{messageId}: what a host sent a date's guests (each guest's mail keeps its path and
 * is written from it when sent). The only module that names the collection
 * (dev/lint/data-owners.test.mjs).
 */
import type { Firestore, WriteBatch } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { collectionOf } from '../collections'
import { checkedReader } from '../documents'
import { expiry } from '../retention'

const MessageSchema = v.object({
  event_id: v.string(),
  event_date: v.string(),
  subject: v.string(),
  text: v.string(),
  at: v.number(),
})
export type HostMessageRecord = v.InferOutput<typeof MessageSchema>

const messages = (firestore: Firestore) => collectionOf(firestore, 'host_messages')
const records = checkedReader('host_messages', MessageSchema)

/** Where a mail finds the message it sends. */
export const hostMessagePath = (messageId: string) => `host_messages/${messageId}`

/** The message with this id, if a host sent it. */
export const readHostMessageById = async (firestore: Firestore, messageId: string) =>
  records.one(await messages(firestore).doc(messageId).get())

/** A message a mail sends (by the path the mail keeps), or undefined when it is gone. */
export async function readHostMessage(firestore: Firestore, path: string): Promise<HostMessageRecord | undefined> {
  const [collection, id, ...rest] = path.split('/')
  if (collection !== 'host_messages' || !id || rest.length > 0) return undefined
  return readHostMessageById(firestore, id)
}

/** Stores the message in the batch that also writes its audit line (created once: a second send of the id fails it). */
export function createMessageInBatch(
  batch: WriteBatch,
  firestore: Firestore,
  messageId: string,
  message: HostMessageRecord,
): void {
  batch.create(messages(firestore).doc(messageId), { ...message, ...expiry('host_messages', message.at) })
}
