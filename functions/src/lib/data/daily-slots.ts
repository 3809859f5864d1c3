/**
 * A member's daily allowance kept as numbered slots ({collection}/{uid}_{day}_{n}), each claimed
 * with create() (lib/claims.ts), so a script's loop is refused however many requests it sends at
 * once. The collections that count this way (data-exports.ts, photo-uploads.ts, report-slots.ts)
 * each make theirs here.
 */
import { istToday } from '@yaari/domain/schedule'
import type { Firestore } from 'firebase-admin/firestore'
import { claimFirst } from '../claims'
import { type Collection, collectionOf } from '../collections'
import { deleteFound } from '../documents'
import { expiry, type RetainedCollection } from '../retention'

export interface DailySlots {
  /** Takes one of the member's `limit` slots of the day (IST) of `now`: false when all are taken. */
  claim(firestore: Firestore, uid: string, limit: number, now: number): Promise<boolean>
  /** Deletes the member's slots (their account is deleted). */
  forget(firestore: Firestore, uid: string): Promise<void>
}

export function dailySlots(collection: Collection & RetainedCollection): DailySlots {
  const slots = (firestore: Firestore) => collectionOf(firestore, collection)
  return {
    claim: async (firestore, uid, limit, now) => {
      const day = istToday(new Date(now))
      const refs = Array.from({ length: limit }, (_, i) => slots(firestore).doc(`${uid}_${day}_${i + 1}`))
      return (await claimFirst(refs, { user_id: uid, day, at: now, ...expiry(collection, now) })) !== undefined
    },
    forget: (firestore, uid) => deleteFound(slots(firestore).where('user_id', '==', uid)),
  }
}
