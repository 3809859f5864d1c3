/**
 * push_subscriptions/{digest of the endpoint}: each device a member allowed pushes on (the same
 * endpoint saved twice is one device; a device that changes hands is the new member's). The only
 * module that names the collection (dev/lint/data-owners.test.mjs).
 */
import { createHash } from 'node:crypto'
import type { Firestore } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { collectionOf } from '../collections'
import { checkedReader, deleteFound } from '../documents'
import { expiry } from '../retention'

const SubscriptionSchema = v.object({
  uid: v.string(),
  endpoint: v.string(),
  keys: v.object({ p256dh: v.string(), auth: v.string() }),
  created_at: v.number(),
  /** Saved again (the app does so when push is allowed on the device): kept while the device is in use. */
  seen_at: v.number(),
})
export type SubscriptionRecord = v.InferOutput<typeof SubscriptionSchema>

const subscriptions = (firestore: Firestore) => collectionOf(firestore, 'push_subscriptions')
const records = checkedReader('push_subscriptions', SubscriptionSchema)

/** A device's id: a digest of its endpoint. */
export const deviceId = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex').slice(0, 40)

/** The device saved under this endpoint, if any. */
export const readDevice = async (firestore: Firestore, endpoint: string) =>
  records.one(await subscriptions(firestore).doc(deviceId(endpoint)).get())

/** Saves the device under the member, kept while it is in use. */
export async function saveDevice(firestore: Firestore, record: SubscriptionRecord, now: number): Promise<void> {
  await subscriptions(firestore)
    .doc(deviceId(record.endpoint))
    .set({ ...record, ...expiry('push_subscriptions', now) })
}

/** The member's devices, with their ids. */
export const devicesOf = async (firestore: Firestore, uid: string) =>
  records.withIds(await subscriptions(firestore).where('uid', '==', uid).get())

/** Forgets a device (the push service no longer knows it, or the member has too many). */
export async function removeDevice(firestore: Firestore, id: string): Promise<void> {
  await subscriptions(firestore).doc(id).delete()
}

/** Deletes the member's devices (their account is deleted). */
export const forgetDevices = (firestore: Firestore, uid: string): Promise<void> =>
  deleteFound(subscriptions(firestore).where('uid', '==', uid))
