/**
 * Turns the onboarding draft into the `saveProfile` payload, validated with the same schema
 * the function uses. When something is missing, says which step collects it.
 */

import { type SaveProfileRequest, saveProfileSchema } from '@yaari/domain/profile'
import { ANSWERS } from '@yaari/domain/profile-answers'
import * as v from 'valibot'
import type { OnboardingDraft } from './draft-store'
import type { StepPath } from './steps'

const STEP_OF_FIELD: Record<string, StepPath> = {
  mobile: '/onboarding/mobile',
  name: '/onboarding/name',
  dateOfBirth: '/onboarding/date-of-birth',
  profession: '/onboarding/preferences',
  gender: '/onboarding/preferences',
  interests: '/onboarding/interests',
  location: '/onboarding/location',
}

export type PayloadResult = { ok: true; payload: SaveProfileRequest } | { ok: false; step: StepPath; message: string }

/** The location is the chosen area card, or else the typed area. */
export function draftLocation(draft: OnboardingDraft): string | undefined {
  return draft.area || draft.typedArea?.trim() || undefined
}

export function payloadFromDraft(draft: OnboardingDraft): PayloadResult {
  const candidate = {
    mobile: draft.mobile,
    name: draft.name,
    dateOfBirth: draft.dateOfBirth,
    profession: draft.profession,
    gender: draft.gender,
    interests: draft.interests,
    location: draftLocation(draft),
    ...(draft.bio?.trim() ? { bio: draft.bio } : {}),
    ...(draft.profilePictureUrl ? { profilePictureUrl: draft.profilePictureUrl } : {}),
    ...(draft.seatByAnswers !== undefined ? { seatByAnswers: draft.seatByAnswers } : {}),
    // An answer the form shows is sent as chosen, or null when left at "Choose…" (removed); a draft
    // without it (onboarding) leaves the profile's as it is.
    ...Object.fromEntries(ANSWERS.flatMap(({ key }) => (draft[key] !== undefined ? [[key, draft[key] || null]] : []))),
  }
  const parsed = v.safeParse(saveProfileSchema, candidate)
  if (parsed.success) return { ok: true, payload: parsed.output }
  const issue = parsed.issues[0]
  const field = String(issue.path?.[0]?.key ?? 'mobile')
  return { ok: false, step: STEP_OF_FIELD[field] ?? '/onboarding/mobile', message: issue.message }
}
