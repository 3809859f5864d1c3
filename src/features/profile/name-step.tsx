import { MESSAGES, nameSchema } from '@yaari/domain/profile'
import { firstIssue } from '@yaari/domain/validation'
import { useRef } from 'react'
import { TextField } from '../../ui/field'
import { StepForm } from './step-form'
import { useFlowStep } from './use-step'

/** Step 2: the member's name (letters and spaces, at least 2 characters). */
export function NameStep() {
  const { draft, change, showErrors, revealErrors, continueIfValid } = useFlowStep('/onboarding/name', 'Your name')
  const input = useRef<HTMLInputElement>(null)
  const name = draft.name ?? ''
  const issue = firstIssue(nameSchema, name)

  return (
    <StepForm
      title="What should we call you?"
      description="This is the name your group sees."
      onContinue={continueIfValid(issue, () => input.current?.focus())}
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
