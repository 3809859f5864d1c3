import { Link } from '@tanstack/react-router'
import {
  AREA_LABELS,
  AREAS,
  dateOfBirthBounds,
  INTEREST_LABELS,
  INTERESTS,
  interestsSchema,
  localMobile,
  locationSchema,
  PROFESSIONS,
  saveProfileCall,
  type UserProfileRecord,
} from '@yaari/domain/profile'
import { firstIssue } from '@yaari/domain/validation'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { container, flex, grid } from 'styled-system/patterns'
import { button, heading, link, notice, text } from 'styled-system/recipes'
import { type Snapshot, useMyProfile } from '../../lib/member-data/hooks'
import { refreshMemberData } from '../../lib/member-data/refresh'
import { usePageMeta } from '../../lib/page-meta'
import { LOGIN_LINK, MY_BOOKINGS_LINK } from '../../lib/paths'
import { noteMemberName } from '../../lib/session/auth-store'
import { useOnline } from '../../lib/use-online'
import { Button } from '../../ui/button'
import { MultiChoiceCards } from '../../ui/choice-cards'
import { TextField } from '../../ui/field'
import { RefreshedNote } from '../../ui/refreshed-note'
import { showToast } from '../../ui/toast'
import type { OnboardingDraft } from './draft-store'
import { PersonalFields, personalIssues } from './personal-fields'
import { uploadPhoto } from './photo'
import { PhotoPicker } from './photo-step'
import { payloadFromDraft } from './profile-payload'
import { GroupError } from './step-form'

const INTEREST_OPTIONS = INTERESTS.map((value) => ({ value, label: INTEREST_LABELS[value] }))

export const PROFILE_MESSAGES = {
  saved: 'Your profile is saved.',
  offline: 'You’re offline: changes to your profile need a connection.',
  saveFailed: 'We couldn’t save your profile. Please try again.',
  verifying:
    'Checking your sign-in with Yaari: your profile is shown as this device saved it, and can be changed once that is done.',
  genderTier:
    'Your gender decides which price applies to bookings you make from now on; seats already booked keep their price.',
} as const

/** The profile as the form edits it (the onboarding draft's shape, so the same checks apply). */
export function draftOf(profile: UserProfileRecord): OnboardingDraft {
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
    profession: profile.profession,
    interests,
    typedArea: area ? AREA_LABELS[area] : profile.location,
    bio: profile.bio,
    profilePictureUrl: profile.profile_picture_url,
  }
}

/** The area typed: a known area's name is kept as that area, anything else as typed. */
const withArea = (draft: OnboardingDraft): OnboardingDraft => {
  const typed = draft.typedArea?.trim().toLowerCase()
  const area = AREAS.find((id) => AREA_LABELS[id].toLowerCase() === typed)
  return { ...draft, area }
}

/**
 * /profile: the member sees and edits what they told us at onboarding, with the same checks and
 * messages, and saves through saveProfile (a new photo is uploaded first, and the server deletes
 * the old one). It reads the profile the device holds, refreshed behind it; it is read-only until
 * Firebase Auth has confirmed the member, and saving needs a connection.
 */
export function ProfilePage({
  children,
  initial,
}: {
  children?: ReactNode
  initial?: Snapshot<UserProfileRecord | null | undefined> | null
}) {
  usePageMeta({ title: 'Your profile', description: 'See and change your Yaari profile.' })
  const mine = useMyProfile(initial)
  const snapshot = mine.status === 'signed-in' ? mine.snapshot : undefined
  const profile = snapshot?.data

  const title = <h1 className={heading({ level: 'page' })}>Your profile</h1>
  let body: ReactNode
  if (mine.status === 'signed-out') {
    body = (
      <>
        <p>Sign in to see your profile.</p>
        <Link to={LOGIN_LINK.to} className={button({ size: 'lg' })}>
          Sign in
        </Link>
      </>
    )
  } else if (mine.status === 'signed-in' && profile === null) {
    body = (
      <p>
        You haven’t completed your profile yet.{' '}
        <Link to="/onboarding" className={link()}>
          Complete your profile
        </Link>
      </p>
    )
  } else if (mine.status === 'signed-in' && profile && snapshot) {
    body = (
      <>
        <RefreshedNote refreshedAt={snapshot.refreshedAt} refresh={mine.refresh} />
        <ProfileForm
          profile={profile}
          verified={mine.verified}
          onSaved={(name) => {
            noteMemberName(mine.uid, name)
            void refreshMemberData('profile')
          }}
        />
      </>
    )
  } else if (mine.status === 'signed-in' && snapshot && mine.refresh?.status === 'failed') {
    body = (
      <p role="alert">We couldn’t load your profile. This page needs a connection the first time; please try again.</p>
    )
  } else {
    body = (
      <p role="status" className={text({ tone: 'muted' })}>
        Loading your profile…
      </p>
    )
  }
  return (
    <section className={container({ maxW: '2xl', py: { base: '10', md: '16' } })}>
      <div className={grid({ gap: '4', justifyItems: 'start' })}>
        {title}
        <Link to={MY_BOOKINGS_LINK.to} className={link()}>
          {MY_BOOKINGS_LINK.label}
        </Link>
        <Link to="/profile/connections" className={link()}>
          Connections: who you met again, and what you share
        </Link>
        {body}
        {mine.status === 'signed-out' ? null : children}
      </div>
    </section>
  )
}

function ProfileForm({
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
  // What the member has typed is theirs: a newer copy from the server replaces the form only
  // while nothing in it was changed.
  const [edited, setEdited] = useState(false)
  useEffect(() => {
    if (!edited) setDraft(draftOf(profile))
  }, [profile, edited])
  const [changingPhoto, setChangingPhoto] = useState(false)
  const [showErrors, setShowErrors] = useState(false)
  const [busy, setBusy] = useState(false)
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

  const save = async () => {
    setShowErrors(true)
    if (Object.values(issues).some(Boolean)) {
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid=true]')?.focus())
      return
    }
    setBusy(true)
    try {
      let next = withArea(draft)
      if (next.photo && !next.profilePictureUrl) {
        // Kept at once: a save that fails after the upload does not upload the photo again.
        const profilePictureUrl = await uploadPhoto(next.photo)
        change({ profilePictureUrl })
        next = { ...next, profilePictureUrl }
      }
      const result = payloadFromDraft(next)
      if (!result.ok) throw new Error(result.message)
      const { callFunction, WRITE_TIMEOUT } = await import('../../lib/firebase')
      await callFunction(saveProfileCall, result.payload, WRITE_TIMEOUT)
      void showToast({ title: PROFILE_MESSAGES.saved, type: 'success' })
      setEdited(false)
      onSaved(result.payload.name)
    } catch (error) {
      const message = (error as { message?: unknown } | null)?.message
      void showToast({
        title: PROFILE_MESSAGES.saveFailed,
        description: typeof message === 'string' ? message : undefined,
        type: 'error',
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      ref={form}
      noValidate
      aria-label="Your profile"
      className={grid({ gap: '5', mt: '2', w: 'full' })}
      onSubmit={(event) => {
        event.preventDefault()
        void save()
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
            <PhotoPicker draft={draft} change={change} />
          )}
        </div>
        <PersonalFields
          draft={draft}
          change={change}
          showErrors={showErrors}
          professions={PROFESSIONS}
          dateBounds={dateOfBirthBounds()}
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
      <Button type="submit" size="lg" loading={busy} loadingText="Saving…" disabled={!online || !verified}>
        Save changes
      </Button>
    </form>
  )
}
