import { MESSAGES } from '@yaari/domain/profile'
import { useRef } from 'react'
import { grid } from 'styled-system/patterns'
import { text } from 'styled-system/recipes'
import { PersonalFields, personalIssues } from './personal-fields'
import { PhotoPicker, usePhotoUpload } from './photo-step'
import { StepForm } from './step-form'
import { useFlowStep } from './use-step'

/**
 * /onboarding/profile: steps 1 to 4 on one page (photo, phone, full name, date of birth,
 * gender, profession, optional bio), continuing to preferences. No back button.
 */
export function ProfileFormPage() {
  const { draft, change, showErrors, revealErrors, continueToNext } = useFlowStep(
    '/onboarding/profile',
    'Create your profile',
  )
  const { busy, upload } = usePhotoUpload(draft, change)
  const form = useRef<HTMLDivElement>(null)

  const issues = personalIssues(draft)
  const missing = !draft.mobile || !draft.name?.trim() || !draft.dateOfBirth || !draft.gender || !draft.profession

  return (
    <StepForm
      title="Create your profile"
      description={MESSAGES.profileFormRequired}
      busy={busy}
      busyLabel="Saving…"
      onContinue={async () => {
        revealErrors()
        if (Object.values(issues).some(Boolean)) {
          // Focus the first field that needs attention once the errors have rendered.
          requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid=true]')?.focus())
          return
        }
        await upload() // a failed upload is tried again when the profile is saved
        await continueToNext()
      }}
    >
      <div ref={form} className={grid({ gap: '5' })}>
        {showErrors && missing ? (
          <p role="alert" className={text({ tone: 'error' })}>
            {MESSAGES.profileFormRequired}
          </p>
        ) : null}
        <PhotoPicker draft={draft} change={change} />
        <PersonalFields
          draft={draft}
          change={change}
          showErrors={showErrors}
          dateChanged={Boolean(draft.dateOfBirth)}
        />
      </div>
    </StepForm>
  )
}
