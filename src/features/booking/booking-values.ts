/**
 * The booking form's values: where they start (what the member's profile already says), the
 * questions asked, and what createBooking takes.
 */
import { type bookingProfileSchema, enumLabel } from '@yaari/domain/booking'
import { localMobile, type UserProfileRecord } from '@yaari/domain/profile'
import { ANSWERS, profileAnswers } from '@yaari/domain/profile-answers'
import { canonicalProfession, INTERESTS } from '@yaari/domain/profile-choices'
import type * as v from 'valibot'
import { PROFESSION_OPTIONS } from '../../lib/profile-options'

const options = (values: readonly string[]) => values.map((value) => ({ value, label: enumLabel(value) }))
// Each optional: a question left at "Choose…" is sent as not answered, never as a default. The
// profession is the profile's own question, with its list and its labels.
export const SELECTS = [
  {
    key: 'profession',
    label: 'Profession',
    options: PROFESSION_OPTIONS,
  },
  ...ANSWERS.map(({ key, label, values }) => ({ key, label, options: options(values) })),
] as const

/** The fields that show their own error under them. */
export const OWN_ERRORS = new Set(['name', 'email', 'mobile', 'dateOfBirth'])

export type Values = {
  name: string
  email: string
  mobile: string
  dateOfBirth: string
  profession: string
  foodPreference: string
  personalityType: string
  drinkingPreference: string
  relationshipStatus: string
}

/** The form's starting values: what the member's profile already says. */
export function valuesFromProfile(profile: UserProfileRecord, email: string | null): Values {
  // Only the member's own answers: one they never gave starts at "Choose…".
  return {
    name: profile.name,
    email: email ?? profile.email,
    mobile: localMobile(profile.mobile),
    dateOfBirth: profile.date_of_birth,
    profession: canonicalProfession(profile.profession) ?? '',
    foodPreference: '',
    personalityType: '',
    drinkingPreference: '',
    relationshipStatus: '',
    // The answers they gave before (here, or on their profile).
    ...profileAnswers(profile),
  }
}

export function profileInterests(profile: UserProfileRecord): string[] {
  try {
    const parsed: unknown = JSON.parse(profile.interests)
    return Array.isArray(parsed) ? parsed.filter((id) => (INTERESTS as readonly string[]).includes(id)) : []
  } catch {
    return []
  }
}

/** The member's details as createBooking takes them. */
export type Details = v.InferOutput<typeof bookingProfileSchema>
