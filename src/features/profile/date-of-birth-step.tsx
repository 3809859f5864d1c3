import { dateOfBirthBounds, dateOfBirthIssue, MAX_AGE, MESSAGES, MIN_AGE } from '@yaari/domain/profile'
import { useRef } from 'react'
import { TextField } from '../../ui/field'
import { StepForm } from './step-form'
import { useFlowStep } from './use-step'

/** Step 3: the date of birth; members are 18 to 60. */
export function DateOfBirthStep() {
  const { draft, change, showErrors, revealErrors, continueIfValid } = useFlowStep(
    '/onboarding/date-of-birth',
    'Your date of birth',
  )
  const input = useRef<HTMLInputElement>(null)
  const dateOfBirth = draft.dateOfBirth ?? ''
  const issue = dateOfBirth ? dateOfBirthIssue(dateOfBirth) : MESSAGES.dateInvalid
  const { min, max } = dateOfBirthBounds()

  return (
    <StepForm
      title="When’s your birthday?"
      description={`Our events are for adults aged ${MIN_AGE} to ${MAX_AGE}.`}
      onContinue={continueIfValid(issue, () => input.current?.focus())}
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
