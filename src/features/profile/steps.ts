/**
 * The onboarding flow: 8 steps in a fixed order, and the one-page profile
 * form that stands in for steps 1 to 4 and continues to preferences (progress
 * numbers stay consistent, so that form reads 'Steps 1–4 of 8').
 */
import { ACCOUNT_MESSAGES } from '@yaari/domain/profile'

export const TOTAL_STEPS = 8

export const STEP_PATHS = [
  '/onboarding/mobile',
  '/onboarding/name',
  '/onboarding/date-of-birth',
  '/onboarding/profile-picture',
  '/onboarding/preferences',
  '/onboarding/interests',
  '/onboarding/location',
  '/onboarding/complete',
] as const
export type StepPath = (typeof STEP_PATHS)[number]

export const PROFILE_FORM_PATH = '/onboarding/profile'

/** A step's number (1-8), from its place in STEP_PATHS; the profile form counts as step 4, the last it covers. */
export function stepNumber(path: StepPath | typeof PROFILE_FORM_PATH): number {
  return path === PROFILE_FORM_PATH ? 4 : STEP_PATHS.indexOf(path) + 1
}

/** The step after step number `step`: the order lives in STEP_PATHS only. */
export function pathAfter(step: number): StepPath {
  const next = STEP_PATHS[step]
  if (!next) throw new Error(`No onboarding step after step ${step}`)
  return next
}

export interface StepInfo {
  /** The step number saved with the draft; for the profile form, the last step it covers. */
  step: number
  label: string
  /** Where the back button goes; none on the first step, the profile form and the end. */
  back?: StepPath
}

/** What the wrapper shows for a path, or undefined for paths outside the flow. */
export function stepInfo(pathname: string): StepInfo | undefined {
  const path = pathname.replace(/\/+$/, '')
  if (path === PROFILE_FORM_PATH) return { step: stepNumber(PROFILE_FORM_PATH), label: `Steps 1–4 of ${TOTAL_STEPS}` }
  const index = STEP_PATHS.indexOf(path as StepPath)
  if (index < 0) return undefined
  const step = index + 1
  return {
    step,
    label: `Step ${step} of ${TOTAL_STEPS}`,
    back: index > 0 && step < TOTAL_STEPS ? STEP_PATHS[index - 1] : undefined,
  }
}

/** The onboarding error catalogue. */
export const ONBOARDING_MESSAGES = {
  authTitle: 'Authentication Error',
  authBody: ACCOUNT_MESSAGES.signInAgain,
  missingTitle: 'Missing Profile Data',
  missingBody: ACCOUNT_MESSAGES.profileRequired,
  failedTitle: 'Profile Creation Failed',
  failedBody: 'There was an error saving your profile. Please try again.',
  unexpectedTitle: 'Something went wrong',
  unexpectedBody: 'Please try again or contact support.',
  uploadTitle: 'Upload failed',
  uploadBody: 'Failed to upload profile picture. You can add it later.',
  created: 'Your profile has been created successfully.',
  creating: 'Creating your adventure profile...',
} as const

/** The fixed pause between saving the profile and the welcome screen. */
export const PROFILE_SAVE_DELAY_MS = 1500
