import { useNavigate } from '@tanstack/react-router'
import { useMemo, useRef, useState } from 'react'
import { usePageMeta } from '../../lib/page-meta'
import type { OnboardingDraft } from './draft-store'
import { useDraft, useOnboarding } from './onboarding-context'
import { PROFILE_FORM_PATH, pathAfter, type StepPath, stepNumber } from './steps'

/**
 * What every step needs: read and change the draft (each change saved, with this step's
 * number), show validation once the member has left the field or pressed Continue, and
 * move on to the next step (the order is STEP_PATHS').
 */
function useStep(path: StepPath | typeof PROFILE_FORM_PATH) {
  const step = stepNumber(path)
  const { store, name } = useOnboarding()
  const stored = useDraft((state) => state.draft)
  // What the member already told us is not asked again, empty: the name given at sign-up fills the
  // name until they change it, and is kept in the draft with the first step they go on from.
  const carriedName = stored.name === undefined && name ? name : undefined
  const draft = useMemo(() => (carriedName ? { name: carriedName, ...stored } : stored), [stored, carriedName])
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
      const keep = carriedName && store.getState().draft.name === undefined ? { name: carriedName } : {}
      store.getState().update(keep, nextStep)
      await store.getState().flush()
      await navigate({ to: path, search })
    },
  }
}

/**
 * A step of the flow, titled `title` (the page's title; its description says which step), with
 * going on to the step that follows: `continueIfValid(issue, focus)` is a Continue that shows the
 * step's errors and goes on only when there is no issue, else focuses what needs attention.
 */
export function useFlowStep(path: StepPath | typeof PROFILE_FORM_PATH, title: string) {
  const step = useStep(path)
  const number = stepNumber(path)
  usePageMeta({
    title,
    description:
      path === PROFILE_FORM_PATH ? 'Your Yaari profile on one page.' : `Step ${number} of your Yaari profile.`,
  })
  const next = pathAfter(number)
  const continueToNext = () => step.continueTo(next)
  const continueIfValid = (issue: unknown, focus?: () => void) => async () => {
    // A step with nothing to show goes on without drawing itself again first (the tap answers sooner).
    if (issue) {
      step.revealErrors()
      return focus?.()
    }
    await continueToNext()
  }
  return { ...step, next, continueToNext, continueIfValid }
}

/**
 * A step of one typed field: useFlowStep's, with the field's ref (`input`) and what a refused
 * Continue does to it (`continueIfValid(issue, focusInput)`).
 */
export function useFieldStep(path: StepPath, title: string) {
  const input = useRef<HTMLInputElement>(null)
  const focusInput = () => input.current?.focus()
  return { ...useFlowStep(path, title), input, focusInput }
}
