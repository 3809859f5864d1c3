import { canonicalProfession } from '@yaari/domain/profile-choices'
import { useState } from 'react'
import { GENDER_OPTIONS, PROFESSION_OPTIONS } from '../../lib/profile-options'
import { SingleChoiceCards } from '../../ui/choice-cards'
import { GroupError, StepForm } from './step-form'
import { useFlowStep } from './use-step'

const PREFERENCE_MESSAGES = {
  profession: 'Please choose what you do',
  gender: 'Please choose your gender',
} as const

/** One part: the cards of a choice the member must make before going on, and what is missing if they do not. */
function RequiredChoice({
  title,
  description,
  submitLabel,
  label,
  options,
  value,
  answered,
  missing,
  onChange,
  onContinue,
}: {
  title: string
  description: string
  submitLabel?: string
  label: string
  options: readonly { value: string; label: string }[]
  value: string | undefined
  answered: boolean
  missing: string
  onChange: (value: string) => void
  onContinue: () => Promise<unknown>
}) {
  const [error, setError] = useState<string>()
  return (
    <StepForm
      title={title}
      description={description}
      submitLabel={submitLabel}
      onContinue={async () => {
        if (!answered) return setError(missing)
        setError(undefined)
        await onContinue()
      }}
    >
      <SingleChoiceCards
        label={label}
        options={options}
        value={value}
        invalid={Boolean(error)}
        onChange={(chosen) => {
          setError(undefined)
          onChange(chosen)
        }}
      />
      <GroupError message={error} />
    </StepForm>
  )
}

/**
 * Step 5, in two parts (profession first, then gender): profession cards, then gender
 * cards with 'Continue to Interests'. The part is in the URL (?part=gender), so the browser's
 * back button and a reload keep the member where they were.
 */
export function PreferencesStep({ part }: { part: 'profession' | 'gender' }) {
  const { draft, change, continueTo, continueToNext } = useFlowStep('/onboarding/preferences', 'About you')
  if (part === 'profession') {
    return (
      <RequiredChoice
        key="profession"
        title="What do you do?"
        description="We mix groups so every table has new perspectives."
        label="Profession"
        options={PROFESSION_OPTIONS}
        value={canonicalProfession(draft.profession)}
        answered={Boolean(draft.profession)}
        missing={PREFERENCE_MESSAGES.profession}
        onChange={(profession) => change({ profession })}
        onContinue={() => continueTo('/onboarding/preferences', { nextStep: 5, search: { part: 'gender' } })}
      />
    )
  }
  return (
    <RequiredChoice
      key="gender"
      title="How do you identify?"
      description="It helps us keep every group balanced."
      submitLabel="Continue to Interests"
      label="Gender"
      options={GENDER_OPTIONS}
      value={draft.gender}
      answered={Boolean(draft.gender)}
      missing={PREFERENCE_MESSAGES.gender}
      onChange={(gender) => change({ gender })}
      onContinue={continueToNext}
    />
  )
}
