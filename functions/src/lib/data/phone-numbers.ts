/**
 * phone_numbers/{number}: which account a verified mobile ("+919876543210") belongs to. Written
 * when a member confirms the code Firebase Authentication sent (services/phone.ts); a deleted
 * account's number stays held for PHONE_HOLD_DAYS (then Firestore's TTL deletes it), and a banned
 * member's for BANNED_HOLD_DAYS, marked so, so no new account verifies it meanwhile. The only module that names the
 * collection (dev/lint/data-owners.test.mjs).
 */
import { BANNED_HOLD_DAYS, PHONE_HOLD_DAYS } from '@yaari/domain/phone'
import { type Firestore, Timestamp } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { collectionOf } from '../collections'
import { checkedReader } from '../documents'
import { expiry } from '../retention'
import { readProfiles } from './user-profiles'

const DAY = 86_400_000

const HoldSchema = v.object({
  /** The account the number is verified on; null once that account was deleted. */
  user_id: v.nullable(v.string()),
  verified_at: v.number(),
  /** When the account was deleted: the number is held, unused, until PHONE_HOLD_DAYS after. */
  released_at: v.optional(v.number()),
  /** The account was banned when it let the number go. */
  banned: v.optional(v.boolean()),
})
export type PhoneHold = v.InferOutput<typeof HoldSchema>

const holds = (firestore: Firestore) => collectionOf(firestore, 'phone_numbers')
const records = checkedReader('phone_numbers', HoldSchema)

/** How long a let-go number stays held: a banned member's the longer. */
const heldForMs = (hold: PhoneHold) => (hold.banned ? BANNED_HOLD_DAYS : PHONE_HOLD_DAYS) * DAY

/** Whether the hold still stands at `now`: its account's, or let go within its days. */
const stands = (hold: PhoneHold | undefined, now: number): hold is PhoneHold =>
  hold !== undefined && (hold.released_at === undefined || now < hold.released_at + heldForMs(hold))

/** Who holds the number now, if anyone: a released hold counts until its days are over. */
export async function readHold(firestore: Firestore, number: string, now: number): Promise<PhoneHold | undefined> {
  const hold = records.one(await holds(firestore).doc(number).get())
  return stands(hold, now) ? hold : undefined
}

/**
 * Records `number` as `uid`'s, in a transaction that refuses it (answers the hold in the way) when
 * another account holds it now. The member's other numbers are let go at once: changing a number
 * is the member's own choice (a banned member's keep their mark, as at deletion).
 */
export async function holdNumber(
  firestore: Firestore,
  { number, uid, now, banned }: { number: string; uid: string; now: number; banned: boolean },
): Promise<PhoneHold | undefined> {
  const ref = holds(firestore).doc(number)
  // The member's own numbers: only their own calls change them, so they are read before the transaction.
  const mine = await holds(firestore).where('user_id', '==', uid).get()
  return firestore.runTransaction(async (transaction) => {
    const current = await transaction.get(ref)
    const hold = records.one(current)
    if (stands(hold, now) && hold.user_id !== uid) return hold
    for (const doc of mine.docs) {
      if (doc.id === number) continue
      const old = records.one(doc)
      if (banned && old) transaction.set(doc.ref, releasedHold(old, now, true))
      else transaction.delete(doc.ref)
    }
    transaction.set(ref, { user_id: uid, verified_at: hold?.user_id === uid ? hold.verified_at : now })
    return undefined
  })
}

function releasedHold(hold: PhoneHold, now: number, banned: boolean) {
  const released = {
    user_id: null,
    verified_at: hold.verified_at,
    released_at: now,
    banned: banned || hold.banned === true,
  }
  // Firestore's TTL policy deletes it once the hold is over.
  return {
    ...released,
    ...(released.banned
      ? { expire_at: Timestamp.fromMillis(now + heldForMs(released)) }
      : expiry('phone_numbers', now)),
  }
}

/** The number verified on `uid`'s account now, if any. */
export async function verifiedNumberOf(firestore: Firestore, uid: string): Promise<string | undefined> {
  const mine = records.withIds(await holds(firestore).where('user_id', '==', uid).get())
  return mine.find(({ record }) => record.released_at === undefined)?.id
}

/** Of these members, those whose number `numbers.get(uid)` is verified on their account (the guest list's mark). */
export async function verifiedAmong(firestore: Firestore, numbers: ReadonlyMap<string, string>): Promise<Set<string>> {
  const entries = [...numbers].filter(([, number]) => number)
  if (entries.length === 0) return new Set()
  const snapshots = await firestore.getAll(...entries.map(([, number]) => holds(firestore).doc(number)))
  return new Set(
    entries.flatMap(([uid], i) => {
      const snapshot = snapshots[i]
      const hold = snapshot ? records.one(snapshot) : undefined
      return hold?.user_id === uid && hold.released_at === undefined ? [uid] : []
    }),
  )
}

/**
 * The member's account is deleted: each number they verified is held for PHONE_HOLD_DAYS, marked
 * banned when their standing was a ban, and names no account any more.
 */
export async function releaseNumbersOf(firestore: Firestore, uid: string, now: number, banned: boolean): Promise<void> {
  const mine = await holds(firestore).where('user_id', '==', uid).get()
  await Promise.all(
    mine.docs.flatMap((doc) => {
      const hold = records.one(doc)
      return hold ? [doc.ref.set(releasedHold(hold, now, banned))] : [doc.ref.delete()]
    }),
  )
}

/** Of these members, those whose profile's mobile is the number verified on their account. */
export async function verifiedMembers(firestore: Firestore, uids: readonly string[]): Promise<Set<string>> {
  const profiles = await readProfiles(firestore, [...new Set(uids)])
  return verifiedAmong(firestore, new Map([...profiles].map(([uid, profile]) => [uid, profile.mobile] as const)))
}
