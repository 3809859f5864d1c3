/**
 * saveProfile: writes the onboarding profile to user_profiles/{uid}. The uid and email come
 * from the verified token; the payload is validated with the shared schema; completing
 * twice updates the same document (idempotent), keeping when it was first created.
 * rememberAnswers: the answers a member gives when booking, kept on their profile.
 */

import type { ParsedRequestOf, ResponseOf } from '@yaari/domain/callable'
import { type getMyProfileCall, localMobile, type saveProfileCall, toProfileRecord } from '@yaari/domain/profile'
import {
  ANSWERS,
  type AnswerField,
  answerFields,
  type BookingAnswers,
  knownAnswer,
} from '@yaari/domain/profile-answers'
import { FieldValue, type Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import type { Context, Member } from '../lib/context'
import { verifiedNumberOf } from '../lib/data/phone-numbers'
import { profileIn, profileRef, profilesHolding, readProfile, withoutTimestamps } from '../lib/data/user-profiles'
import { warn } from '../lib/log'
import type { PhotoStore } from '../lib/photo-store'

export async function saveProfile(
  {
    firestore,
    photos,
  }: Pick<Context, 'firestore'> & { photos: Pick<PhotoStore, 'isMemberPhotoUrl' | 'deleteMemberPhotos'> },
  member: Member,
  input: ParsedRequestOf<typeof saveProfileCall>,
): Promise<{ saved: true }> {
  // A profile may only show a picture its member uploaded, never someone else's.
  if (input.profilePictureUrl && !photos.isMemberPhotoUrl(input.profilePictureUrl, member.uid)) {
    throw new HttpsError('invalid-argument', 'profilePictureUrl: use a picture you uploaded with uploadProfilePhoto')
  }
  const record = toProfileRecord(member.uid, member.email, input)
  const ref = profileRef(firestore, member.uid)
  // In a transaction: an answer a booking keeps on the profile meanwhile is not lost.
  await firestore.runTransaction(async (transaction) => {
    const existing = await profileIn(transaction, firestore, member.uid)
    const given = new Set(existing?.given_answers ?? [])
    // An answer this save does not mention stays as the member last gave it (onboarding never asks them).
    const kept: Record<string, string> = {}
    for (const answer of ANSWERS) {
      const sent = input[answer.key]
      const stored = knownAnswer(answer, existing?.[answer.field])
      if (sent === undefined && stored) kept[answer.field] = stored
      else if (sent === null || sent === undefined) given.delete(answer.field)
      else given.add(answer.field)
    }
    transaction.set(ref, {
      ...record,
      ...kept,
      [GIVEN_ANSWERS]: [...given].sort(),
      // A save that does not say (an older app, onboarding's last step) keeps the member's choice.
      seat_by_answers: input.seatByAnswers ?? existing?.seat_by_answers !== false,
      created_at: existing?.created_at ?? FieldValue.serverTimestamp(),
      updated_at: FieldValue.serverTimestamp(),
    })
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
 * Answers the fields it kept.
 */
export async function rememberAnswers(
  firestore: Firestore,
  uid: string,
  answers: BookingAnswers,
): Promise<Partial<Record<AnswerField, string>>> {
  const fields = answerFields(answers)
  if (!Object.keys(fields).length) return {}
  const ref = profileRef(firestore, uid)
  return firestore.runTransaction(async (transaction) => {
    const profile = await profileIn(transaction, firestore, uid)
    if (!profile) return {} // no profile to keep them on (deleted meanwhile): nothing is made
    const given = new Set(profile.given_answers ?? [])
    for (const field of Object.keys(fields)) given.add(field)
    transaction.update(ref, { ...fields, [GIVEN_ANSWERS]: [...given].sort() })
    return fields
  })
}

/**
 * getMyProfile: the caller's own profile (null before onboarding is complete), whether its mobile
 * is the one verified on their account, and whether they may book without (admins).
 */
export async function getMyProfile(
  { firestore }: Pick<Context, 'firestore'>,
  member: Pick<Member, 'uid' | 'skipsMobileCheck'>,
): Promise<ResponseOf<typeof getMyProfileCall>> {
  const [stored, verified] = await Promise.all([
    readProfile(firestore, member.uid),
    verifiedNumberOf(firestore, member.uid),
  ])
  return {
    profile: stored ? withoutTimestamps(stored) : null,
    verifiedMobile: verified ? localMobile(verified) : null,
    mobileCheckSkipped: member.skipsMobileCheck === true,
  }
}

/**
 * The profile's record of which answers the member gave (their fields), kept by every write of an
 * answer: the migration below removes an invented value only where the member never gave that answer.
 */
const GIVEN_ANSWERS = 'given_answers'

/**
 * What saves made before onboarding stopped inventing answers wrote for the questions it never
 * asked. No screen ever let a member give these, so a stored one is not the member's answer.
 */
const INVENTED_ANSWERS: readonly (readonly [AnswerField, string])[] = [
  ['food_preference', 'both'],
  ['drinking_preference', 'both'],
  ['personality_type', 'ambivert'],
  ['relationship_status', 'single'],
]

/**
 * The migration `npm run forget-invented-answers` runs once, right after the functions that stop
 * inventing answers: from every profile, each answer that holds its invented default and that the
 * member never gave (not in GIVEN_ANSWERS) is removed, so it reads as never given. An answer the
 * member gave, even one equal to a default ('ambivert', 'single'), stays; so does any other value.
 * Each profile is checked again in a transaction as it is changed. Running it again removes nothing
 * more.
 */
export async function forgetInventedAnswers(firestore: Firestore): Promise<{ removed: Record<string, number> }> {
  const removed: Record<string, number> = {}
  for (const [field, invented] of INVENTED_ANSWERS) {
    removed[field] = 0
    // One read of the profiles holding the value (a field with a value is indexed), then a
    // transaction each: profiles are at most a few thousand, and a member's save may run alongside.
    for (const uid of await profilesHolding(firestore, field, invented)) {
      const forgot = await firestore.runTransaction(async (transaction) => {
        const profile = await profileIn(transaction, firestore, uid)
        if (profile?.[field] !== invented || profile.given_answers?.includes(field)) return false
        transaction.update(profileRef(firestore, uid), { [field]: FieldValue.delete() })
        return true
      })
      if (forgot) removed[field] += 1
    }
  }
  return { removed }
}
