/**
 * member_dates/{uid}_{eventId}_{date}: one live booking per member and date, claimed with create()
 * (lib/claims.ts), so a double click finds the first call's order instead of making a second one.
 * Carries its order and, while unpaid, its hold time. The only module that names the collection
 * (dev/lint/data-owners.test.mjs).
 */
import { FieldValue, type Firestore } from 'firebase-admin/firestore'
import { type Claim, claimOf, deleteIfOurs, type ExpiredClaim, expiredClaim, isAlreadyExists, isLive } from '../claims'
import { collectionOf } from '../collections'
import { deleteFound } from '../documents'
import { expiry } from '../retention'
import type { BookingRecord } from './bookings'

type Owner = Pick<BookingRecord, 'order_id' | 'user_id' | 'event_id' | 'event_date'>

const memberDates = (firestore: Firestore) => collectionOf(firestore, 'member_dates')
const memberDateRef = (firestore: Firestore, owner: Omit<Owner, 'order_id'>) =>
  memberDates(firestore).doc(`${owner.user_id}_${owner.event_id}_${owner.event_date}`)

/** The member's one booking for this date: undefined when it is ours now, else the claim there. */
export async function claimMemberDate(
  firestore: Firestore,
  owner: Owner,
  claim: { hold_expires_at: number; created_at: number },
): Promise<Claim | undefined> {
  const ref = memberDateRef(firestore, owner)
  try {
    await ref.create({
      order_id: owner.order_id,
      user_id: owner.user_id,
      ...claim,
      ...expiry('member_dates', claim.created_at, owner.event_date),
    })
    return undefined
  } catch (error) {
    if (!isAlreadyExists(error)) throw error
  }
  const snapshot = await ref.get()
  // Freed between our create and our read: try once more.
  if (!snapshot.exists) return claimMemberDate(firestore, owner, claim)
  const existing = claimOf(snapshot)
  if (!existing) throw new Error(`member_dates/${snapshot.id} holds no claim`)
  return existing
}

/** The order whose live claim on this date the member holds, if any. */
export async function liveDateClaim(firestore: Firestore, uid: string, eventId: string, date: string, now: number) {
  const claim = claimOf(await memberDateRef(firestore, { user_id: uid, event_id: eventId, event_date: date }).get())
  return claim && isLive(claim, now) ? claim.order_id : undefined
}

/** A paid booking takes the member's claim on its date from an ended booking that left it behind. */
export async function takeMemberDate(firestore: Firestore, owner: Owner, now: number): Promise<void> {
  await memberDateRef(firestore, owner).set({
    order_id: owner.order_id,
    user_id: owner.user_id,
    created_at: now,
    hold_expires_at: now,
    ...expiry('member_dates', now, owner.event_date),
  })
}

/** Frees the member's claim on the date, if it is still this order's. */
export const releaseMemberDate = (firestore: Firestore, owner: Owner) =>
  deleteIfOurs(memberDateRef(firestore, owner), owner.order_id)

/** A paid booking keeps its claim on the date for good: it loses its hold time (no sweep frees it). */
export async function keepMemberDate(firestore: Firestore, owner: Owner): Promise<void> {
  const ref = memberDateRef(firestore, owner)
  if (claimOf(await ref.get())?.order_id === owner.order_id) await ref.update({ hold_expires_at: FieldValue.delete() })
}

/** The claims whose hold time has passed. */
export const expiredDateClaims = async (firestore: Firestore, now: number): Promise<ExpiredClaim[]> =>
  (await memberDates(firestore).where('hold_expires_at', '<', now).get()).docs.map((doc) => expiredClaim(doc))

/** Deletes the member's claims (their account is deleted). */
export const forgetMemberDates = (firestore: Firestore, uid: string): Promise<void> =>
  deleteFound(memberDates(firestore).where('user_id', '==', uid))
