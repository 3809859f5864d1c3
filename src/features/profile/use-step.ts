import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { OnboardingDraft } from './draft-store'
import { useDraft, useOnboarding } from './onboarding-context'
import { type PROFILE_FORM_PATH, pathAfter, type StepPath, stepNumber } from './steps'

/**
 * What every step needs: read and change the draft (each change saved, with this step's
 * number), show validation once the member has left the field or pressed Continue, and
 * move on to the next step (the order is STEP_PATHS').
 */
export function useStep(path: StepPath | typeof PROFILE_FORM_PATH) {
  const step = stepNumber(path)
  const { store } = useOnboarding()
  const draft = useDraft((state) => state.draft)
  const navigate = useNavigate()
  const [showErrors, setShowErrors] = useState(false)
  return {
    draft,
    change: (patch: Partial<OnboardingDraft>) => store.getState().update(patch, step),
    showErrors,
    revealErrors: () => setShowErrors(true),
    /** Saves the next step's number, writes the draft now, and goes there. */
    continueTo: async (
      path: StepPath,
      { nextStep = step + 1, search }: { nextStep?: number; search?: object } = {},
    ) => {
      store.getState().update({}, nextStep)
      await store.getState().flush()
      await navigate({ to: path, search })
    },
  }
}

/** useStep, plus going on to the step that follows this one. */
export function useFlowStep(path: StepPath | typeof PROFILE_FORM_PATH) {
  const step = useStep(path)
  const next = pathAfter(stepNumber(path))
  return { ...step, next, continueToNext: () => step.continueTo(next) }
}
