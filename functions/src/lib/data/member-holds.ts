/**
 * member_holds/{uid}_{n}, n = 1..MAX_LIVE_HOLDS: the member's unpaid holds across dates, each slot
 * claimed with create() (lib/claims.ts) and freed when its booking is paid or ends. The only module
 * that names the collection (dev/lint/data-owners.test.mjs).
 */
import { MAX_LIVE_HOLDS } from '@yaari/domain/booking'
import type { Firestore } from 'firebase-admin/firestore'
import { claimFirst, claimOf, deleteIfOurs, type ExpiredClaim, expiredClaim, isLive } from '../claims'
import { collectionOf } from '../collections'
import { deleteFound } from '../documents'
import { expiry } from '../retention'
import type { BookingRecord } from './bookings'

type Owner = Pick<BookingRecord, 'order_id' | 'user_id'>

const memberHolds = (firestore: Firestore) => collectionOf(firestore, 'member_holds')
const holdSlotRefs = (firestore: Firestore, uid: string) =>
  Array.from({ length: MAX_LIVE_HOLDS }, (_, i) => memberHolds(firestore).doc(`${uid}_${i + 1}`))

/**
 * One of the member's MAX_LIVE_HOLDS unpaid holds; undefined when all are in use. Tried in turn
 * with no read first: most members hold nothing, so the first create() is the only call.
 */
export async function claimHoldSlot(firestore: Firestore, owner: Owner, holdExpiresAt: number) {
  const index = await claimFirst(
    holdSlotRefs(firestore, owner.user_id),
    {
      order_id: owner.order_id,
      user_id: owner.user_id,
      hold_expires_at: holdExpiresAt,
      ...expiry('member_holds', holdExpiresAt),
    },
    () => false,
  )
  return index === undefined ? undefined : index + 1
}

/** Whether every one of the member's unpaid-hold slots is taken by a hold still running. */
export async function holdSlotsFull(firestore: Firestore, uid: string, now: number): Promise<boolean> {
  const slots = await firestore.getAll(...holdSlotRefs(firestore, uid))
  return slots.every((slot) => isLive(claimOf(slot), now))
}

/** Gives the order's hold slot back to the member (paid, or ended). */
export const releaseHoldSlot = (firestore: Firestore, owner: Owner) =>
  Promise.all(holdSlotRefs(firestore, owner.user_id).map((ref) => deleteIfOurs(ref, owner.order_id)))

/** The slots whose hold time has passed. */
export const expiredHoldClaims = async (firestore: Firestore, now: number): Promise<ExpiredClaim[]> =>
  (await memberHolds(firestore).where('hold_expires_at', '<', now).get()).docs.map((doc) => expiredClaim(doc))

/** Deletes the member's slots (their account is deleted). */
export const forgetHoldSlots = (firestore: Firestore, uid: string): Promise<void> =>
  deleteFound(memberHolds(firestore).where('user_id', '==', uid))
