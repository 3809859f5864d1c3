/**
 * A member's daily (or hourly) allowance kept as numbered slots ({collection}/{uid}_{day}_{n}),
 * each claimed with create() (lib/claims.ts), so a script's loop is refused however many requests
 * it sends at once. The collections that count this way (data-exports.ts, photo-uploads.ts,
 * report-slots.ts, alert-slots.ts) each make theirs here.
 */
import { IST_OFFSET_MINUTES, istToday } from '@yaari/domain/schedule'
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

/** The IST day of `now`, or its hour ("2026-12-05T19"): the window a member's slots are counted in. */
const windows = {
  day: (now: number) => istToday(new Date(now)),
  hour: (now: number) => `${istToday(new Date(now))}T${new Date(now + IST_OFFSET_MINUTES * 60_000).getUTCHours()}`,
}

export function dailySlots(collection: Collection & RetainedCollection, per: keyof typeof windows = 'day'): DailySlots {
  const slots = (firestore: Firestore) => collectionOf(firestore, collection)
  return {
    claim: async (firestore, uid, limit, now) => {
      const day = windows[per](now)
      const refs = Array.from({ length: limit }, (_, i) => slots(firestore).doc(`${uid}_${day}_${i + 1}`))
      return (await claimFirst(refs, { user_id: uid, day, at: now, ...expiry(collection, now) })) !== undefined
    },
    forget: (firestore, uid) => deleteFound(slots(firestore).where('user_id', '==', uid)),
  }
}
