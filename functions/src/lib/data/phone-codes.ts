/**
 * phone_codes/{uid}_{day}_{n}: the codes a member asked for on a day (IST), one document each,
 * claimed with create() so a script's loop is refused however many requests it sends at once.
 * The wait before the next code grows with each (resendWaitMs). The only module that names the
 * collection (dev/lint/data-owners.test.mjs).
 */
import { CODES_PER_DAY, resendWaitMs } from '@yaari/domain/phone'
import { istToday } from '@yaari/domain/schedule'
import type { Firestore } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { claimFirst } from '../claims'
import { collectionOf } from '../collections'
import { checkedReader, deleteFound } from '../documents'
import { expiry } from '../retention'

const AskSchema = v.object({ user_id: v.string(), day: v.string(), at: v.number() })
const records = checkedReader('phone_codes', AskSchema)
const asks = (firestore: Firestore) => collectionOf(firestore, 'phone_codes')

/** A code may be sent (`sent` counts it, 1 for the day's first), or how long (ms) until one may. */
export type CodeAsk = { sent: number } | { waitMs: number }

/** Takes the member's next code of the day at `now`, unless the last one was asked for too recently or the day's are used. */
export async function takeCodeAsk(firestore: Firestore, uid: string, now: number): Promise<CodeAsk> {
  const day = istToday(new Date(now))
  const refs = Array.from({ length: CODES_PER_DAY }, (_, i) => asks(firestore).doc(`${uid}_${day}_${i + 1}`))
  const snapshots = await firestore.getAll(...refs)
  const taken = snapshots.filter((snapshot) => snapshot.exists)
  const tomorrow = Date.parse(`${day}T00:00:00+05:30`) + 86_400_000
  if (taken.length >= CODES_PER_DAY) return { waitMs: tomorrow - now }
  const last = Math.max(0, ...taken.map((snapshot) => records.one(snapshot)?.at ?? now))
  const wait = last + resendWaitMs(taken.length) - now
  if (taken.length > 0 && wait > 0) return { waitMs: wait }
  const index = await claimFirst(refs, { user_id: uid, day, at: now, ...expiry('phone_codes', now) }, (i) =>
    Boolean(snapshots[i]?.exists),
  )
  return index === undefined ? { waitMs: tomorrow - now } : { sent: taken.length + 1 }
}

/** Deletes the member's code asks (their account is deleted). */
export const forgetCodeAsks = (firestore: Firestore, uid: string) =>
  deleteFound(asks(firestore).where('user_id', '==', uid))
