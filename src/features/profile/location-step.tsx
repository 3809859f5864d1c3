import { locationSchema } from '@yaari/domain/profile'
import { AREA_CARDS, AREA_LABELS } from '@yaari/domain/profile-choices'
import { firstIssue } from '@yaari/domain/validation'
import { SingleChoiceCards } from '../../ui/choice-cards'
import { TextField } from '../../ui/field'
import { draftLocation } from './profile-payload'
import { GroupError, StepForm } from './step-form'
import { useFlowStep } from './use-step'

const OPTIONS = AREA_CARDS.map((value) => ({ value, label: AREA_LABELS[value] }))

/**
 * Step 7: where in Bangalore the member is. One of six popular areas, or their own area
 * typed in; picking a card clears the typed text and typing clears the card.
 */
export function LocationStep() {
  const { draft, change, showErrors, continueIfValid } = useFlowStep('/onboarding/location', 'Your area')
  const issue = firstIssue(locationSchema, draftLocation(draft) ?? '')

  return (
    <StepForm
      title="Where are you based?"
      description="We’ll suggest events close to you."
      onContinue={continueIfValid(issue)}
    >
      <SingleChoiceCards
        label="Popular areas"
        options={OPTIONS}
        value={draft.area || undefined}
        onChange={(area) => change({ area, typedArea: '' })}
      />
      <TextField
        label="Or type your area"
        autoComplete="address-level3"
        value={draft.typedArea ?? ''}
        onChange={(event) => change({ typedArea: event.target.value, area: '' })}
      />
      <GroupError message={showErrors ? issue : undefined} />
    </StepForm>
  )
}
