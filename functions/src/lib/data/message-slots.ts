/**
 * message_slots/{prefix}_{n}: the numbered slots that count a host's messages (per date and day,
 * per host and day), each claimed with create(), so two sends at once never both take the last
 * one. The only module that names the collection (dev/lint/data-owners.test.mjs).
 */
import type { Firestore } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { isAlreadyExists } from '../claims'
import { collectionOf } from '../collections'
import { checkedReader } from '../documents'
import { expiry } from '../retention'

const records = checkedReader('message_slots', v.object({ message_id: v.string(), at: v.number() }))

/** A slot a message holds: `release` gives it back (the message was refused after all). */
export interface MessageSlot {
  release(): Promise<void>
}

/**
 * Claims one of `max` numbered slots under `prefix` for a message; a message that already holds one
 * (a retry after a run was cut off) keeps it. Undefined when all are taken.
 */
export async function claimMessageSlot(
  firestore: Firestore,
  prefix: string,
  max: number,
  messageId: string,
  now: number,
): Promise<MessageSlot | undefined> {
  for (let n = 1; n <= max; n++) {
    const ref = collectionOf(firestore, 'message_slots').doc(`${prefix}_${n}`)
    const slot = { release: async () => void (await ref.delete()) }
    try {
      await ref.create({ message_id: messageId, at: now, ...expiry('message_slots', now) })
      return slot
    } catch (error) {
      if (!isAlreadyExists(error)) throw error
      if (records.one(await ref.get())?.message_id === messageId) return slot
    }
  }
  return undefined
}
