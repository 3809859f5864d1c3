import { dateOfBirthIssue, MAX_AGE, MESSAGES, MIN_AGE } from '@yaari/domain/profile'
import { useRef } from 'react'
import { DateField } from '../../ui/date-field'
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

  return (
    <StepForm
      title="When’s your birthday?"
      description={`Our events are for adults aged ${MIN_AGE} to ${MAX_AGE}.`}
      onContinue={continueIfValid(issue, () => input.current?.focus())}
    >
      <DateField
        ref={input}
        label="Date of birth"
        autoComplete="bday"
        required
        value={dateOfBirth}
        onChange={(value) => change({ dateOfBirth: value })}
        onBlur={() => dateOfBirth && revealErrors()}
        error={showErrors || dateOfBirth ? issue : undefined}
      />
    </StepForm>
  )
}
