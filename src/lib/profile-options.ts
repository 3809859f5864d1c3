/**
 * The profile's lists as a form's options (each value with its label): what a member does, their
 * gender, their interests. Onboarding's cards, the profile page and the booking form offer the
 * same lists, worded the same.
 */
import {
  GENDER_LABELS,
  GENDERS,
  INTEREST_LABELS,
  INTERESTS,
  PROFESSION_LABELS,
  PROFESSIONS,
} from '@yaari/domain/profile-choices'

export const PROFESSION_OPTIONS = PROFESSIONS.map((value) => ({ value, label: PROFESSION_LABELS[value] }))
export const GENDER_OPTIONS = GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] }))
export const INTEREST_OPTIONS = INTERESTS.map((value) => ({ value, label: INTEREST_LABELS[value] }))
