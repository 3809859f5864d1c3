import { dateOfBirthBounds, dateOfBirthIssue, MAX_AGE, MESSAGES, MIN_AGE } from '@yaari/domain/profile'
import { useRef } from 'react'
import { usePageMeta } from '../../lib/page-meta'
import { TextField } from '../../ui/field'
import { StepForm } from './step-form'
import { useFlowStep } from './use-step'

/** Step 3: the date of birth; members are 18 to 60. */
export function DateOfBirthStep() {
  usePageMeta({ title: 'Your date of birth', description: 'Step 3 of your Yaari profile.' })
  const { draft, change, showErrors, revealErrors, continueToNext } = useFlowStep('/onboarding/date-of-birth')
  const input = useRef<HTMLInputElement>(null)
  const dateOfBirth = draft.dateOfBirth ?? ''
  const issue = dateOfBirth ? dateOfBirthIssue(dateOfBirth) : MESSAGES.dateInvalid
  const { min, max } = dateOfBirthBounds()

  return (
    <StepForm
      title="When’s your birthday?"
      description={`Our events are for adults aged ${MIN_AGE} to ${MAX_AGE}.`}
      onContinue={async () => {
        revealErrors()
        if (issue) return input.current?.focus()
        await continueToNext()
      }}
    >
      <TextField
        ref={input}
        label="Date of birth"
        type="date"
        autoComplete="bday"
        required
        min={min}
        max={max}
        value={dateOfBirth}
        onChange={(event) => change({ dateOfBirth: event.target.value })}
        onBlur={() => dateOfBirth && revealErrors()}
        error={showErrors || dateOfBirth ? issue : undefined}
      />
    </StepForm>
  )
}
