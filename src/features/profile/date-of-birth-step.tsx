import { dateOfBirthIssue, MAX_AGE, MESSAGES, MIN_AGE } from '@yaari/domain/profile'
import { DateField } from '../../ui/date-field'
import { StepForm } from './step-form'
import { useFieldStep } from './use-step'

/** Step 3: the date of birth; members are 18 to 60. */
export function DateOfBirthStep() {
  const { draft, change, showErrors, revealErrors, continueIfValid, input, focusInput } = useFieldStep(
    '/onboarding/date-of-birth',
    'Your date of birth',
  )
  const dateOfBirth = draft.dateOfBirth ?? ''
  const issue = dateOfBirth ? dateOfBirthIssue(dateOfBirth) : MESSAGES.dateInvalid

  return (
    <StepForm
      title="When’s your birthday?"
      description={`Our events are for adults aged ${MIN_AGE} to ${MAX_AGE}.`}
      onContinue={continueIfValid(issue, focusInput)}
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
