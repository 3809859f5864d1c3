import { MESSAGES, PROFILE_FORM_PROFESSIONS } from '@yaari/domain/profile'
import { istToday } from '@yaari/domain/schedule'
import { useRef, useState } from 'react'
import { grid } from 'styled-system/patterns'
import { text } from 'styled-system/recipes'
import { usePageMeta } from '../../lib/page-meta'
import { PersonalFields, personalIssues } from './personal-fields'
import { PhotoPicker, usePhotoUpload } from './photo-step'
import { StepForm } from './step-form'
import { useFlowStep } from './use-step'

/**
 * /onboarding/profile: steps 1 to 4 on one page (photo, phone, full name, date of birth,
 * gender, profession, optional bio), continuing to preferences. No back button.
 */
export function ProfileFormPage() {
  usePageMeta({ title: 'Create your profile', description: 'Your Yaari profile on one page.' })
  const { draft, change, showErrors, revealErrors, continueToNext } = useFlowStep('/onboarding/profile')
  const [busy, setBusy] = useState(false)
  const upload = usePhotoUpload(draft, change)
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
        setBusy(true)
        try {
          await upload()
        } finally {
          setBusy(false)
        }
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
          professions={PROFILE_FORM_PROFESSIONS}
          dateBounds={{ min: '1900-01-01', max: istToday() }}
          dateChanged={Boolean(draft.dateOfBirth)}
        />
      </div>
    </StepForm>
  )
}
