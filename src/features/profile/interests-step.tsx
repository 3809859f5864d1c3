import { interestsSchema } from '@yaari/domain/profile'
import { firstIssue } from '@yaari/domain/validation'
import { INTEREST_OPTIONS } from '../../lib/profile-options'
import { MultiChoiceCards } from '../../ui/choice-cards'
import { GroupError, StepForm } from './step-form'
import { useFlowStep } from './use-step'

/** Step 6: the member's interests, 10 to choose from, at least one. */
export function InterestsStep() {
  const { draft, change, showErrors, continueIfValid } = useFlowStep('/onboarding/interests', 'Your interests')
  const interests = draft.interests ?? []
  const issue = firstIssue(interestsSchema, interests)

  return (
    <StepForm
      title="What are you into?"
      description="Pick as many as you like. We use them to suggest events and tablemates."
      onContinue={continueIfValid(issue)}
    >
      <MultiChoiceCards
        label="Interests"
        options={INTEREST_OPTIONS}
        value={interests}
        onChange={(value) => change({ interests: value })}
      />
      <GroupError message={showErrors ? issue : undefined} />
    </StepForm>
  )
}
