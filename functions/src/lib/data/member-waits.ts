/**
 * member_waits/{uid}_{n}: the member's MAX_WAITLISTS numbered places in lines, each claimed with
 * create() by one waitlist entry (like the unpaid holds' slots), so a member waits on a few dates at
 * most however many requests they send at once. The only module that names the collection
 * (dev/lint/data-owners.test.mjs).
 */
import { MAX_WAITLISTS } from '@yaari/domain/waitlist'
import type { Firestore } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { claimFirst } from '../claims'
import { collectionOf } from '../collections'
import { checkedReader, deleteFound } from '../documents'
import { expiry } from '../retention'

const SlotSchema = v.object({ entry_id: v.string(), user_id: v.string() })
const records = checkedReader('member_waits', SlotSchema)
const slotRef = (firestore: Firestore, uid: string, n: number) =>
  collectionOf(firestore, 'member_waits').doc(`${uid}_${n}`)
const slotRefs = (firestore: Firestore, uid: string) =>
  Array.from({ length: MAX_WAITLISTS }, (_, i) => slotRef(firestore, uid, i + 1))

/**
 * Claims one of the member's places for the entry, kept until its date: the place's number, or
 * undefined when every place is taken. `isStale` says which entries no longer hold theirs (gone,
 * or out of line: a removal cut off), whose places are freed and tried again.
 */
export async function claimWaitSlot(
  firestore: Firestore,
  uid: string,
  entryId: string,
  eventDate: string,
  now: number,
  isStale: (entryIds: string[]) => Promise<boolean[]>,
): Promise<number | undefined> {
  const refs = slotRefs(firestore, uid)
  const claim = { entry_id: entryId, user_id: uid, ...expiry('member_waits', now, eventDate) }
  const index = await claimFirst(refs, claim)
  if (index !== undefined) return index + 1
  const slots = await firestore.getAll(...refs)
  const stale = await isStale(slots.map((slot) => records.one(slot)?.entry_id ?? '-'))
  const freed = slots.filter((_, i) => stale[i])
  if (freed.length === 0) return undefined
  await Promise.all(freed.map((slot) => slot.ref.delete({ lastUpdateTime: slot.updateTime! }).catch(() => {})))
  const retry = await claimFirst(refs, claim)
  return retry === undefined ? undefined : retry + 1
}

/** Frees the member's place `n`, if the entry still holds it. */
export async function freeWaitSlot(firestore: Firestore, uid: string, n: number, entryId: string): Promise<void> {
  const ref = slotRef(firestore, uid, n)
  const snapshot = await ref.get()
  if (records.one(snapshot)?.entry_id === entryId)
    await ref.delete({ lastUpdateTime: snapshot.updateTime! }).catch(() => {})
}

/** Deletes every place of the member's (their account is deleted). */
export const forgetWaitSlots = (firestore: Firestore, uid: string): Promise<void> =>
  deleteFound(collectionOf(firestore, 'member_waits').where('user_id', '==', uid))
