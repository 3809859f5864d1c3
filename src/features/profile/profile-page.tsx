import { Link } from '@tanstack/react-router'
import { PHONE_MESSAGES } from '@yaari/domain/phone'
import { localMobile, type UserProfileRecord } from '@yaari/domain/profile'
import type { ReactNode } from 'react'
import { container, grid } from 'styled-system/patterns'
import { heading, link } from 'styled-system/recipes'
import { type Snapshot, useMobileStatus, useMyProfile } from '../../lib/member-data/hooks'
import { refreshMemberData } from '../../lib/member-data/refresh'
import { usePageMeta } from '../../lib/page-meta'
import { MY_BOOKINGS_LINK } from '../../lib/paths'
import { noteMemberName } from '../../lib/session/auth-store'
import { RefreshedNote } from '../../ui/refreshed-note'
import { SignInPrompt } from '../../ui/sign-in'
import { StatusNote } from '../../ui/status-note'
import { VerifyMobile } from '../../ui/verify-mobile'
import { ProfileForm } from './profile-form'

/**
 * /profile: the member sees and edits what they told us at onboarding, with the same checks and
 * messages, and saves through saveProfile (a new photo is uploaded first, and the server deletes
 * the old one). It reads the profile the device holds, refreshed behind it; it is read-only until
 * Firebase Auth has confirmed the member, and saving needs a connection.
 */
export function ProfilePage({
  children,
  initial,
  notifications,
  signOut,
}: {
  children?: ReactNode
  initial?: Snapshot<UserProfileRecord | null | undefined> | null
  /** The Notifications section (the kinds a member wants, and push on this phone): the route composes it. */
  notifications?: ReactNode
  /** Sign Out, for a signed-in member (the account's: the route composes it). */
  signOut?: ReactNode
}) {
  usePageMeta({ title: 'Your profile', description: 'See and change your Yaari profile.' })
  const mine = useMyProfile(initial)
  const snapshot = mine.status === 'signed-in' ? mine.snapshot : undefined
  const profile = snapshot?.data
  const mobileStatus = useMobileStatus()
  const status = mobileStatus.status === 'signed-in' ? mobileStatus.snapshot?.data : undefined

  const title = <h1 className={heading({ level: 'page' })}>Your profile</h1>
  let body: ReactNode
  if (mine.status === 'signed-out') {
    body = <SignInPrompt>Sign in to see your profile.</SignInPrompt>
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
        {status && status.verifiedMobile === localMobile(profile.mobile) ? (
          <p role="status">{PHONE_MESSAGES.verified}</p>
        ) : status && mine.verified ? (
          <VerifyMobile
            mobile={localMobile(profile.mobile)}
            reason={`${PHONE_MESSAGES.unverified}: booking needs a verified mobile. We send a code by SMS.`}
          />
        ) : null}
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
    body = <StatusNote>Loading your profile…</StatusNote>
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
        {mine.status === 'signed-in' ? notifications : null}
        {mine.status === 'signed-out' ? null : children}
        {mine.status === 'signed-in' ? signOut : null}
      </div>
    </section>
  )
}
