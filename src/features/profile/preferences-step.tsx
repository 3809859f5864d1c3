import { canonicalProfession, GENDER_LABELS, GENDERS, PROFESSION_LABELS, PROFESSIONS } from '@yaari/domain/profile'
import { useState } from 'react'
import { SingleChoiceCards } from '../../ui/choice-cards'
import { GroupError, StepForm } from './step-form'
import { useFlowStep } from './use-step'

const PROFESSION_OPTIONS = PROFESSIONS.map((value) => ({ value, label: PROFESSION_LABELS[value] }))
const GENDER_OPTIONS = GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] }))

const PREFERENCE_MESSAGES = {
  profession: 'Please choose what you do',
  gender: 'Please choose your gender',
} as const

/**
 * Step 5, in two parts (profession first, then gender): profession cards, then gender
 * cards with 'Continue to Interests'. The part is in the URL (?part=gender), so the browser's
 * back button and a reload keep the member where they were.
 */
export function PreferencesStep({ part }: { part: 'profession' | 'gender' }) {
  const { draft, change, continueTo, continueToNext } = useFlowStep('/onboarding/preferences', 'About you')
  const [error, setError] = useState<string>()

  if (part === 'profession') {
    return (
      <StepForm
        key="profession"
        title="What do you do?"
        description="We mix groups so every table has new perspectives."
        onContinue={async () => {
          if (!draft.profession) return setError(PREFERENCE_MESSAGES.profession)
          setError(undefined)
          await continueTo('/onboarding/preferences', { nextStep: 5, search: { part: 'gender' } })
        }}
      >
        <SingleChoiceCards
          label="Profession"
          options={PROFESSION_OPTIONS}
          value={canonicalProfession(draft.profession)}
          invalid={Boolean(error)}
          onChange={(profession) => {
            setError(undefined)
            change({ profession })
          }}
        />
        <GroupError message={error} />
      </StepForm>
    )
  }
  return (
    <StepForm
      key="gender"
      title="How do you identify?"
      description="It helps us keep every group balanced."
      submitLabel="Continue to Interests"
      onContinue={async () => {
        if (!draft.gender) return setError(PREFERENCE_MESSAGES.gender)
        setError(undefined)
        await continueToNext()
      }}
    >
      <SingleChoiceCards
        label="Gender"
        options={GENDER_OPTIONS}
        value={draft.gender}
        invalid={Boolean(error)}
        onChange={(gender) => {
          setError(undefined)
          change({ gender })
        }}
      />
      <GroupError message={error} />
    </StepForm>
  )
}
