/**
 * The profile's form: what the member told us at onboarding, with the same checks and messages,
 * saved through saveProfile (a new photo is uploaded first, and the server deletes the old one).
 */

import { Link } from '@tanstack/react-router'
import { enumLabel } from '@yaari/domain/booking'
import {
  interestsSchema,
  localMobile,
  locationSchema,
  saveProfileCall,
  type UserProfileRecord,
} from '@yaari/domain/profile'
import { ANSWERS, profileAnswers } from '@yaari/domain/profile-answers'
import { AREA_LABELS, AREAS, canonicalProfession } from '@yaari/domain/profile-choices'
import { firstIssue } from '@yaari/domain/validation'
import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { flex, grid } from 'styled-system/patterns'
import { heading, link, notice, text } from 'styled-system/recipes'
import { call, useAction } from '../../lib/call'
import { INTEREST_OPTIONS } from '../../lib/profile-options'
import { useOnline } from '../../lib/use-online'
import { Button } from '../../ui/button'
import { CheckboxField } from '../../ui/checkbox'
import { MultiChoiceCards } from '../../ui/choice-cards'
import { SelectField, TextField } from '../../ui/field'
import { showToast } from '../../ui/toast'
import type { OnboardingDraft } from './draft-store'
import { PersonalFields, personalIssues } from './personal-fields'
import { uploadPhoto } from './photo'
import { PhotoPicker } from './photo-step'
import { payloadFromDraft } from './profile-payload'
import { GroupError } from './step-form'

const PROFILE_MESSAGES = {
  saved: 'Your profile is saved.',
  offline: 'You’re offline: changes to your profile need a connection.',
  saveFailed: 'We couldn’t save your profile. Please try again.',
  verifying:
    'Checking your sign-in with Yaari: your profile is shown as this device saved it, and can be changed once that is done.',
  genderTier:
    'Your gender decides which price applies to bookings you make from now on; seats already booked keep their price.',
} as const

const PROFILE_WORDS = { offline: PROFILE_MESSAGES.offline }

/** What the profile says beside the answers used to seat a member in a group. */
const GROUPING_WORDS = {
  choice: 'Use my interests and personality type to seat me in a group',
  how: 'At our events you sit in a small group. We seat you by your food preference, if you give it, and age (so nobody is the only one with their food need, and ages stay close) and, if you tick this, by your interests and the personality type you give. The others in your group see only your first name and the interests you share. Your date of birth and relationship status are never shown to anyone; your host sees your age and food preference to run the evening.',
} as const

/** The booking's questions on the profile: answered once, and changed here. */
const ANSWERS_WORDS = {
  legend: 'Your answers for the evening',
  hint: 'Asked when you book; each is optional. What you choose here starts your next booking.',
} as const

/** The profile as the form edits it (the onboarding draft's shape, so the same checks apply). */
function draftOf(profile: UserProfileRecord): OnboardingDraft {
  const interests = (() => {
    try {
      const parsed: unknown = JSON.parse(profile.interests)
      return Array.isArray(parsed) ? parsed.map(String) : []
    } catch {
      return []
    }
  })()
  const area = AREAS.find((id) => id === profile.location)
  return {
    mobile: localMobile(profile.mobile),
    name: profile.name,
    dateOfBirth: profile.date_of_birth,
    gender: profile.gender,
    profession: canonicalProfession(profile.profession),
    interests,
    typedArea: area ? AREA_LABELS[area] : profile.location,
    bio: profile.bio,
    profilePictureUrl: profile.profile_picture_url,
    seatByAnswers: profile.seat_by_answers ?? true,
    // The answers they gave (when booking, or here), each editable; '' for one never given.
    ...Object.fromEntries(ANSWERS.map(({ key }) => [key, ''])),
    ...profileAnswers(profile),
  }
}

/** The area typed: a known area's name is kept as that area, anything else as typed. */
const withArea = (draft: OnboardingDraft): OnboardingDraft => {
  const typed = draft.typedArea?.trim().toLowerCase()
  const area = AREAS.find((id) => AREA_LABELS[id].toLowerCase() === typed)
  return { ...draft, area }
}

export function ProfileForm({
  profile,
  verified,
  onSaved,
}: {
  profile: UserProfileRecord
  /** Firebase Auth has confirmed the member: until then the form is read-only. */
  verified: boolean
  onSaved: (name: string) => void
}) {
  const online = useOnline()
  const [draft, setDraft] = useState<OnboardingDraft>(() => draftOf(profile))
  // What the form started from: a save sends only the booking answers the member changed here,
  // so an answer a booking kept meanwhile (this device's copy not yet refreshed) is not undone.
  const [base, setBase] = useState<OnboardingDraft>(draft)
  // What the member has typed is theirs: a newer copy from the server replaces the form only
  // while nothing in it was changed.
  const [edited, setEdited] = useState(false)
  useEffect(() => {
    if (edited) return
    const fresh = draftOf(profile)
    setDraft(fresh)
    setBase(fresh)
  }, [profile, edited])
  const [changingPhoto, setChangingPhoto] = useState(false)
  const [showErrors, setShowErrors] = useState(false)
  const form = useRef<HTMLFormElement>(null)
  const change = (patch: Partial<OnboardingDraft>) => {
    setEdited(true)
    setDraft((current) => ({ ...current, ...patch }))
  }

  const issues = {
    ...personalIssues(draft),
    interests: firstIssue(interestsSchema, draft.interests ?? []),
    location: firstIssue(locationSchema, draft.typedArea ?? ''),
  }
  const shown = (issue: string | undefined) => (showErrors ? issue : undefined)

  const sayFailed = (description: string | undefined) =>
    void showToast({ title: PROFILE_MESSAGES.saveFailed, description, type: 'error' })
  const saving = useAction(
    async (next: OnboardingDraft) => {
      try {
        if (next.photo && !next.profilePictureUrl) {
          // Kept at once: a save that fails after the upload does not upload the photo again.
          const profilePictureUrl = await uploadPhoto(next.photo)
          change({ profilePictureUrl })
          next = { ...next, profilePictureUrl }
        }
        const changed = Object.fromEntries(
          ANSWERS.map(({ key }) => [key, next[key] === base[key] ? undefined : next[key]]),
        )
        const result = payloadFromDraft({ ...next, ...changed })
        if (!result.ok) throw new Error(result.message)
        await call(saveProfileCall, result.payload)
        void showToast({ title: PROFILE_MESSAGES.saved, type: 'success' })
        setEdited(false)
        onSaved(result.payload.name)
      } catch (error) {
        // Whatever stopped it, in its own words (a field the server refused says which).
        const message = (error as { message?: unknown } | null)?.message
        sayFailed(typeof message === 'string' ? message : undefined)
      }
    },
    PROFILE_WORDS,
    // Refused before it ran: the device went offline since the button was last drawn.
    sayFailed,
  )

  const save = () => {
    setShowErrors(true)
    if (Object.values(issues).some(Boolean)) {
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid=true]')?.focus())
      return
    }
    void saving.run(withArea(draft))
  }

  return (
    <form
      ref={form}
      noValidate
      aria-label="Your profile"
      className={grid({ gap: '5', mt: '2', w: 'full' })}
      onSubmit={(event) => {
        event.preventDefault()
        save()
      }}
    >
      {verified ? null : (
        <p role="status" className={notice()}>
          {PROFILE_MESSAGES.verifying}
        </p>
      )}
      {showErrors && Object.values(issues).some(Boolean) ? (
        <p role="alert" className={text({ tone: 'error' })}>
          Please correct the fields marked below.
        </p>
      ) : null}
      <fieldset disabled={!verified} className={grid({ gap: '5', minW: '0' })}>
        <div className={grid({ gap: '3' })}>
          {draft.profilePictureUrl && !changingPhoto ? (
            <div className={flex({ align: 'center', gap: '4', wrap: 'wrap' })}>
              <img
                src={draft.profilePictureUrl}
                alt={profile.name}
                width={96}
                height={96}
                className={css({ w: '24', h: '24', borderRadius: 'full', objectFit: 'cover', bg: 'bg.muted' })}
              />
              <Button variant="outline" onClick={() => setChangingPhoto(true)}>
                Change photo
              </Button>
            </div>
          ) : (
            <PhotoPicker draft={draft} change={change} uploadsWith="Save changes" />
          )}
        </div>
        <PersonalFields
          draft={draft}
          change={change}
          showErrors={showErrors}
          dateChanged={draft.dateOfBirth !== profile.date_of_birth}
          genderHint={PROFILE_MESSAGES.genderTier}
        />
        <div>
          <MultiChoiceCards
            label="Interests"
            options={INTEREST_OPTIONS}
            value={draft.interests ?? []}
            onChange={(value) => change({ interests: value })}
          />
          <GroupError message={shown(issues.interests)} />
        </div>
        <fieldset className={grid({ gap: '4', minW: '0' })}>
          <legend className={heading({ level: 'label' })}>{ANSWERS_WORDS.legend}</legend>
          <p className={text({ tone: 'muted', size: 'sm' })}>{ANSWERS_WORDS.hint}</p>
          {ANSWERS.map(({ key, label, values }) => (
            <SelectField
              key={key}
              label={label}
              options={values.map((value) => ({ value, label: enumLabel(value) }))}
              value={draft[key] ?? ''}
              onChange={(event) => change({ [key]: event.target.value })}
            />
          ))}
        </fieldset>
        <div className={grid({ gap: '2' })}>
          <CheckboxField
            label={GROUPING_WORDS.choice}
            checked={draft.seatByAnswers ?? true}
            onChange={(seatByAnswers) => change({ seatByAnswers })}
            disabled={!verified}
          />
          <p className={text({ tone: 'muted', size: 'sm' })}>
            {GROUPING_WORDS.how}{' '}
            <Link to="/privacy" hash="seating" className={link()}>
              How seating works
            </Link>
          </p>
        </div>
        <TextField
          label="Location"
          autoComplete="address-level2"
          required
          value={draft.typedArea ?? ''}
          onChange={(event) => change({ typedArea: event.target.value })}
          error={shown(issues.location)}
          hint="Your area of Bangalore, e.g. Koramangala."
        />
      </fieldset>
      {online ? null : <p className={text({ tone: 'muted' })}>{PROFILE_MESSAGES.offline}</p>}
      <Button type="submit" size="lg" loading={saving.busy} loadingText="Saving…" disabled={!online || !verified}>
        Save changes
      </Button>
    </form>
  )
}
