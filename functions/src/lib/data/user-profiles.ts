/**
 * user_profiles/{uid}: the member's profile, written by saveProfile and by the answers a booking
 * keeps, read by the account, the bookings, the waitlist, the groups, the evening after and the
 * host's tools. The only module that names the collection (dev/lint/data-owners.test.mjs): each
 * record is checked with its schema as it is read, so no service reads a profile's fields out of
 * its document. Fields the schema does not name are kept as they are (the member's export and
 * getMyProfile give the profile whole).
 */
import { type UserProfileRecord, userProfileRecordSchema } from '@yaari/domain/profile'
import type { AnswerField } from '@yaari/domain/profile-answers'
import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { collectionOf } from '../collections'
import { checkedReader } from '../documents'

const ProfileSchema = v.looseObject({
  ...userProfileRecordSchema.entries,
  /** The answers' fields the member gave themselves (never an invented default). */
  given_answers: v.optional(v.array(v.string())),
  created_at: v.optional(v.unknown()),
  updated_at: v.optional(v.unknown()),
})

/** A stored profile: the record saveProfile wrote, which answers the member gave, and when it was written. */
export type StoredProfile = v.InferOutput<typeof ProfileSchema>

const profiles = (firestore: Firestore) => collectionOf(firestore, 'user_profiles')
const records = checkedReader('user_profiles', ProfileSchema)

/** The member's profile document (for a transaction that reads and writes it). */
export const profileRef = (firestore: Firestore, uid: string): DocumentReference => profiles(firestore).doc(uid)

/** The member's profile, or undefined before onboarding is complete. */
export const readProfile = async (firestore: Firestore, uid: string) =>
  records.one(await profileRef(firestore, uid).get())

/** The profile as a transaction reads it. */
export const profileIn = async (transaction: Transaction, firestore: Firestore, uid: string) =>
  records.one(await transaction.get(profileRef(firestore, uid)))

/** Several members' profiles in one read, by uid (a member without one is left out). */
export async function readProfiles(firestore: Firestore, uids: readonly string[]): Promise<Map<string, StoredProfile>> {
  if (uids.length === 0) return new Map()
  const snapshots = await firestore.getAll(...uids.map((uid) => profileRef(firestore, uid)))
  return new Map(
    snapshots.flatMap((snapshot) => {
      const profile = records.one(snapshot)
      return profile ? [[snapshot.id, profile] as const] : []
    }),
  )
}

/** The profile as the member gave it: without the times it was written. */
export function withoutTimestamps(profile: StoredProfile): UserProfileRecord {
  const { created_at: _created, updated_at: _updated, ...rest } = profile
  return rest
}

/** Where mail to a member goes: their profile's email, if it is one. */
export async function profileEmail(firestore: Firestore, uid: string): Promise<string | undefined> {
  const email = (await readProfile(firestore, uid))?.email
  return email?.includes('@') ? email : undefined
}

/**
 * The email a profile holds, read even from a profile that fails its schema: an account's deletion
 * must find every address it forgets.
 */
export async function storedEmail(firestore: Firestore, uid: string): Promise<string | undefined> {
  const email: unknown = (await profileRef(firestore, uid).get()).get('email')
  return typeof email === 'string' ? email : undefined
}

/** The profiles holding `value` in an answer's field (a migration's read). */
export const profilesHolding = async (firestore: Firestore, field: AnswerField, value: string) =>
  (await profiles(firestore).where(field, '==', value).get()).docs.map((doc) => doc.id)

/** The members whose profile gives this mobile ("+919876543210"), verified or not. */
export const profilesWithMobile = async (firestore: Firestore, mobile: string) =>
  (await profiles(firestore).where('mobile', '==', mobile).get()).docs.map((doc) => doc.id)

/** Deletes the member's profile (their account is deleted). */
export async function forgetProfile(firestore: Firestore, uid: string): Promise<void> {
  await profileRef(firestore, uid).delete()
}
