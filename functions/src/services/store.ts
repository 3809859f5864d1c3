/**
 * The member's profile (user_profiles/{uid}) as the services read it: written by saveProfile,
 * read by the account, the bookings, the waitlist, the evening after and the host's tools. One
 * reader here, so none of them reads a profile's fields out of its document.
 */
import type { UserProfileRecord } from '@yaari/domain/profile'
import type { Firestore } from 'firebase-admin/firestore'
import { refs } from '../lib/collections'
import { reader } from '../lib/documents'

/** A stored profile: the record saveProfile wrote, with when it did. */
export type StoredProfile = UserProfileRecord & { created_at?: unknown; updated_at?: unknown }

export const profileRecords = reader<StoredProfile>()

/** The member's profile, or undefined before onboarding is complete. */
export const readProfile = async (firestore: Firestore, uid: string) =>
  profileRecords.one(await refs.profile(firestore, uid).get())

/** The profile as the member gave it: without the times it was written. */
export function withoutTimestamps(profile: StoredProfile): UserProfileRecord {
  const { created_at: _created, updated_at: _updated, ...rest } = profile
  return rest
}

/** Where mail to a member goes: their profile's email, if it is one. */
export async function profileEmail(firestore: Firestore, uid: string): Promise<string | undefined> {
  const email = (await readProfile(firestore, uid))?.email
  return typeof email === 'string' && email.includes('@') ? email : undefined
}
