import { useRef, useState } from 'react'
import { grid } from 'styled-system/patterns'
import { text } from 'styled-system/recipes'
import {
  dateOfBirthIssue,
  GENDER_LABELS,
  GENDERS,
  MESSAGES,
  nameSchema,
  PROFESSION_LABELS,
  PROFILE_FORM_PROFESSIONS,
} from '../../domain/profile'
import { istToday } from '../../domain/schedule'
import { firstIssue } from '../../domain/validation'
import { usePageMeta } from '../../lib/page-meta'
import { SelectField, TextAreaField, TextField } from '../../ui/field'
import { MobileField, mobileIssue } from '../../ui/mobile-field'
import { PhotoPicker, usePhotoUpload } from './photo-step'
import { StepForm } from './step-form'
import { useFlowStep } from './use-step'

const GENDER_OPTIONS = GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] }))
const PROFESSION_OPTIONS = PROFILE_FORM_PROFESSIONS.map((value) => ({ value, label: PROFESSION_LABELS[value] }))

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

  const mobile = draft.mobile ?? ''
  const name = draft.name ?? ''
  const dateOfBirth = draft.dateOfBirth ?? ''
  const issues = {
    mobile: mobileIssue(mobile),
    name: firstIssue(nameSchema, name),
    dateOfBirth: dateOfBirth ? dateOfBirthIssue(dateOfBirth) : MESSAGES.dateInvalid,
    gender: draft.gender ? undefined : 'Please choose your gender',
    profession: draft.profession ? undefined : 'Please choose your profession',
  }
  const missing = !mobile || !name.trim() || !dateOfBirth || !draft.gender || !draft.profession
  const shown = (issue: string | undefined) => (showErrors ? issue : undefined)

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
        <MobileField
          label="Phone"
          digits={mobile}
          onChange={(digits) => change({ mobile: digits })}
          showError={showErrors}
        />
        <TextField
          label="Full name"
          autoComplete="name"
          required
          value={name}
          onChange={(event) => change({ name: event.target.value })}
          error={shown(issues.name)}
          success={issues.name ? undefined : MESSAGES.nameValid}
        />
        <TextField
          label="Date of birth"
          type="date"
          autoComplete="bday"
          required
          min="1900-01-01"
          max={istToday()}
          value={dateOfBirth}
          onChange={(event) => change({ dateOfBirth: event.target.value })}
          error={showErrors || dateOfBirth ? issues.dateOfBirth : undefined}
        />
        <SelectField
          label="Gender"
          required
          options={GENDER_OPTIONS}
          value={draft.gender ?? ''}
          onChange={(event) => change({ gender: event.target.value || undefined })}
          error={shown(issues.gender)}
        />
        <SelectField
          label="Profession"
          required
          options={PROFESSION_OPTIONS}
          value={draft.profession ?? ''}
          onChange={(event) => change({ profession: event.target.value || undefined })}
          error={shown(issues.profession)}
        />
        <TextAreaField
          label="Bio (optional)"
          maxLength={500}
          value={draft.bio ?? ''}
          onChange={(event) => change({ bio: event.target.value })}
          hint="A line or two about you, up to 500 characters."
        />
      </div>
    </StepForm>
  )
}
