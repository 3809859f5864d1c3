import { dateOfBirthIssue, MESSAGES, nameSchema } from '@yaari/domain/profile'
import { canonicalProfession } from '@yaari/domain/profile-choices'
import { firstIssue } from '@yaari/domain/validation'
import { GENDER_OPTIONS, PROFESSION_OPTIONS } from '../../lib/profile-options'
import { DateField } from '../../ui/date-field'
import { SelectField, TextAreaField, TextField } from '../../ui/field'
import { MobileField, mobileIssue } from '../../ui/mobile-field'
import type { OnboardingDraft } from './draft-store'

/** What is wrong with the personal fields, by field (the same checks as the steps'). */
export function personalIssues(draft: OnboardingDraft) {
  const dateOfBirth = draft.dateOfBirth ?? ''
  return {
    mobile: mobileIssue(draft.mobile ?? ''),
    name: firstIssue(nameSchema, draft.name ?? ''),
    dateOfBirth: dateOfBirth ? dateOfBirthIssue(dateOfBirth) : MESSAGES.dateInvalid,
    gender: draft.gender ? undefined : 'Please choose your gender',
    profession: canonicalProfession(draft.profession) ? undefined : 'Please choose your profession',
  }
}

/**
 * Phone, full name, date of birth, gender, profession and bio: the one-page profile form's fields
 * and the profile page's. Errors show once `showErrors` is set (the date's as soon as it changes).
 */
export function PersonalFields({
  draft,
  change,
  showErrors,
  dateChanged,
  genderHint,
}: {
  draft: OnboardingDraft
  change: (patch: Partial<OnboardingDraft>) => void
  showErrors: boolean
  /** Whether the date differs from what it was, so its check shows before the first save. */
  dateChanged: boolean
  genderHint?: string
}) {
  const issues = personalIssues(draft)
  const shown = (issue: string | undefined) => (showErrors ? issue : undefined)
  return (
    <>
      <MobileField
        label="Phone"
        digits={draft.mobile ?? ''}
        onChange={(digits) => change({ mobile: digits })}
        showError={showErrors}
      />
      <TextField
        label="Full name"
        autoComplete="name"
        required
        value={draft.name ?? ''}
        onChange={(event) => change({ name: event.target.value })}
        error={shown(issues.name)}
        success={issues.name ? undefined : MESSAGES.nameValid}
      />
      <DateField
        label="Date of birth"
        autoComplete="bday"
        required
        value={draft.dateOfBirth ?? ''}
        onChange={(dateOfBirth) => change({ dateOfBirth })}
        error={showErrors || dateChanged ? issues.dateOfBirth : undefined}
      />
      <SelectField
        label="Gender"
        required
        options={GENDER_OPTIONS}
        value={draft.gender ?? ''}
        onChange={(event) => change({ gender: event.target.value || undefined })}
        error={shown(issues.gender)}
        hint={genderHint}
      />
      <SelectField
        label="Profession"
        required
        options={PROFESSION_OPTIONS}
        value={canonicalProfession(draft.profession) ?? ''}
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
    </>
  )
}
