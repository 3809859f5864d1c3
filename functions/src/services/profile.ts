/**
 * saveProfile: writes the onboarding profile to user_profiles/{uid}. The uid and email come
 * from the verified token; the payload is validated with the shared schema; completing
 * twice updates the same document (idempotent), keeping when it was first created.
 * rememberAnswers: the answers a member gives when booking, kept on their profile.
 */

import type { RequestOf } from '@yaari/domain/callable'
import {
  ANSWERS,
  type BookingAnswers,
  knownAnswer,
  type saveProfileCall,
  toProfileRecord,
  type UserProfileRecord,
} from '@yaari/domain/profile'
import { FieldValue, type Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import { collectionOf, refs } from '../lib/collections'
import { warn } from '../lib/log'
import type { PhotoStore } from '../lib/photo-store'
import { readProfile, withoutTimestamps } from './store'

export async function saveProfile(
  firestore: Firestore,
  photos: Pick<PhotoStore, 'isMemberPhotoUrl' | 'deleteMemberPhotos'>,
  member: { uid: string; email: string | undefined },
  input: RequestOf<typeof saveProfileCall>,
): Promise<{ saved: true }> {
  // A profile may only show a picture its member uploaded, never someone else's.
  if (input.profilePictureUrl && !photos.isMemberPhotoUrl(input.profilePictureUrl, member.uid)) {
    throw new HttpsError('invalid-argument', 'profilePictureUrl: use a picture you uploaded with uploadProfilePhoto')
  }
  const record = toProfileRecord(member.uid, member.email, input)
  const ref = refs.profile(firestore, member.uid)
  const existing = await ref.get()
  // An answer this save does not mention stays as the member last gave it (onboarding never asks them).
  const kept = Object.fromEntries(
    ANSWERS.flatMap((answer) => {
      const stored = knownAnswer(answer, existing.get(answer.field))
      return input[answer.key] === undefined && stored ? [[answer.field, stored]] : []
    }),
  )
  await ref.set({
    ...record,
    ...kept,
    // A save that does not say (an older app, onboarding's last step) keeps the member's choice.
    seat_by_answers: input.seatByAnswers ?? existing.get('seat_by_answers') !== false,
    created_at: existing.exists ? existing.get('created_at') : FieldValue.serverTimestamp(),
    updated_at: FieldValue.serverTimestamp(),
  })
  // The member's other pictures (the one replaced, uploads never saved) are deleted; a failure
  // here costs storage, not the profile, and the next save tries again.
  await photos.deleteMemberPhotos(member.uid, record.profile_picture_url).catch((error: unknown) => {
    warn('photo-cleanup-failed', { uid: member.uid, error: String(error) })
  })
  return { saved: true }
}

/**
 * The answers a member gave with a booking (food, personality, drinking, relationship status), kept on
 * their profile so the next booking form starts from them. An answer not given changes nothing.
 */
export async function rememberAnswers(firestore: Firestore, uid: string, given: BookingAnswers): Promise<void> {
  const answers = Object.fromEntries(
    ANSWERS.flatMap((answer) => {
      const value = knownAnswer(answer, given[answer.key])
      return value ? [[answer.field, value]] : []
    }),
  )
  if (Object.keys(answers).length) await refs.profile(firestore, uid).update(answers)
}

/** getMyProfile: the caller's own profile, or null before onboarding is complete. */
export async function getMyProfile(
  firestore: Firestore,
  member: { uid: string },
): Promise<{ profile: UserProfileRecord | null }> {
  const stored = await readProfile(firestore, member.uid)
  return { profile: stored ? withoutTimestamps(stored) : null }
}

/**
 * What saves made before onboarding stopped inventing answers wrote for the questions it never
 * asked. No screen ever let a member give these, so a stored one is not the member's answer.
 */
export const INVENTED_ANSWERS = {
  food_preference: 'both',
  drinking_preference: 'both',
  personality_type: 'ambivert',
  relationship_status: 'single',
} as const satisfies Partial<Record<keyof UserProfileRecord, string>>

/** Profiles changed per batched write (Firestore takes up to 500 writes in a batch). */
const FORGET_BATCH = 400

/**
 * The migration `npm run forget-invented-answers` runs once: from every profile, each answer
 * that is the invented default is removed, so it reads as never given. A value other than the
 * invented one stays. Running it again changes nothing.
 */
export async function forgetInventedAnswers(firestore: Firestore): Promise<{ removed: Record<string, number> }> {
  const removed: Record<string, number> = {}
  for (const [field, invented] of Object.entries(INVENTED_ANSWERS)) {
    removed[field] = 0
    // Each pass removes the answer from the profiles it reads, so the next finds the rest.
    for (;;) {
      const page = await collectionOf(firestore, 'user_profiles').where(field, '==', invented).limit(FORGET_BATCH).get()
      if (page.empty) break
      const batch = firestore.batch()
      for (const doc of page.docs) batch.update(doc.ref, { [field]: FieldValue.delete() })
      await batch.commit()
      removed[field] += page.size
    }
  }
  return { removed }
}
