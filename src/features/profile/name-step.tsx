import { MESSAGES, nameSchema } from '@yaari/domain/profile'
import { firstIssue } from '@yaari/domain/validation'
import { useRef } from 'react'
import { usePageMeta } from '../../lib/page-meta'
import { TextField } from '../../ui/field'
import { StepForm } from './step-form'
import { useFlowStep } from './use-step'

/** Step 2: the member's name (letters and spaces, at least 2 characters). */
export function NameStep() {
  usePageMeta({ title: 'Your name', description: 'Step 2 of your Yaari profile.' })
  const { draft, change, showErrors, revealErrors, continueToNext } = useFlowStep('/onboarding/name')
  const input = useRef<HTMLInputElement>(null)
  const name = draft.name ?? ''
  const issue = firstIssue(nameSchema, name)

  return (
    <StepForm
      title="What should we call you?"
      description="This is the name your group sees."
      onContinue={async () => {
        revealErrors()
        if (issue) return input.current?.focus()
        await continueToNext()
      }}
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
