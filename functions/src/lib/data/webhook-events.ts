/**
 * webhook_events/{digest of the delivery's key}: each Cashfree webhook delivery handled, noted once
 * it was, so a retry of the same delivery is answered without being handled twice. The only module
 * that names the collection (dev/lint/data-owners.test.mjs).
 */
import { createHash } from 'node:crypto'
import type { Firestore } from 'firebase-admin/firestore'
import { collectionOf } from '../collections'
import { expiry } from '../retention'

const eventRef = (firestore: Firestore, key: string) =>
  collectionOf(firestore, 'webhook_events').doc(createHash('sha256').update(key).digest('hex').slice(0, 40))

/** Whether the delivery with this key was handled already. */
export const wasHandled = async (firestore: Firestore, key: string) => (await eventRef(firestore, key).get()).exists

/** Notes the delivery handled (a create(): two at once, one notes it). */
export async function noteHandled(firestore: Firestore, key: string, type: string, orderId: string, now: number) {
  await eventRef(firestore, key).create({ type, order_id: orderId, at: now, ...expiry('webhook_events', now) })
}
