import { MESSAGES, nameSchema } from '@yaari/domain/profile'
import { firstIssue } from '@yaari/domain/validation'
import { TextField } from '../../ui/field'
import { StepForm } from './step-form'
import { useFieldStep } from './use-step'

/** Step 2: the member's name (letters and spaces, at least 2 characters). */
export function NameStep() {
  const { draft, change, showErrors, revealErrors, continueIfValid, input, focusInput } = useFieldStep(
    '/onboarding/name',
    'Your name',
  )
  const name = draft.name ?? ''
  const issue = firstIssue(nameSchema, name)

  return (
    <StepForm
      title="What should we call you?"
      description="This is the name your group sees."
      onContinue={continueIfValid(issue, focusInput)}
    >
      <TextField
        ref={input}
        label="Full name"
        autoComplete="name"
        required
        value={name}
        onChange={(event) => change({ name: event.target.value })}
        onBlur={() => name && revealErrors()}
        hint="Letters and spaces, at least 2 characters"
        error={showErrors ? issue : undefined}
        success={issue ? undefined : MESSAGES.nameValid}
      />
    </StepForm>
  )
}
