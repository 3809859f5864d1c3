/**
 * The booking form in the booking dialog: what it says until the member can book (sign in, their
 * details loading, a profile to complete, the price their profile allows), then their details
 * (details-form.tsx), prefilled from their profile, the domain's enumerations, the terms checkbox
 * (submit disabled until accepted), then createBooking and Cashfree's checkout in this tab
 * (use-pay-and-book.ts).
 */
import { Link } from '@tanstack/react-router'
import { type PriceTier, TIER_LABELS, tierIssue, tiersFor, type YaariEvent } from '@yaari/domain/catalogue'
import { formatInr } from '@yaari/domain/money'
import { localMobile } from '@yaari/domain/profile'
import { useEffect } from 'react'
import { grid } from 'styled-system/patterns'
import { button, text } from 'styled-system/recipes'
import { useMobileStatus, useMyProfile } from '../../lib/member-data/hooks'
import { LOGIN_LINK } from '../../lib/paths'
import { useAuthStore } from '../../lib/session/auth-store'
import { rememberPriceTiers } from '../../lib/session/price-tiers'
import { Button } from '../../ui/button'
import { StatusNote } from '../../ui/status-note'
import { VerifyMobile } from '../../ui/verify-mobile'
import { profileInterests, valuesFromProfile } from './booking-values'
import { DetailsForm } from './details-form'

/** What the form says instead of itself (sign in first, loading, ...): a line and a full-width action. */
const STATE = grid({ gap: '4', mt: '5' })

export function BookingForm({
  event,
  tier,
  date,
  onTierChange,
}: {
  event: YaariEvent
  tier: PriceTier
  date: string
  onTierChange: (tier: PriceTier) => void
}) {
  const mine = useMyProfile()
  const mobileStatus = useMobileStatus()
  const email = useAuthStore((state) => state.member?.email ?? null)
  // The profile on this device fills the form at once; the server's copy follows behind it.
  const profile = mine.status === 'signed-in' ? mine.snapshot?.data : undefined
  const gender = profile?.gender
  useEffect(() => {
    if (gender) rememberPriceTiers(tiersFor(gender))
  }, [gender])

  if (mine.status === 'signed-out') {
    return (
      <div className={STATE}>
        <p className={text({ tone: 'muted' })}>Sign in or create an account to book your seat.</p>
        <Link
          to={LOGIN_LINK.to}
          // Back here after signing in (or signing up and onboarding), at this price and date.
          search={{ next: `/events/${event.id}?tier=${tier}&date=${date}` }}
          className={button()}
        >
          Sign in to book
        </Link>
      </div>
    )
  }
  if (mine.status === 'signed-in' && profile === undefined && mine.refresh?.status === 'failed') {
    return (
      <div className={STATE}>
        <p role="alert" className={text({ tone: 'error' })}>
          {mine.refresh.offline || !navigator.onLine
            ? 'You are offline. Booking needs a connection; this form opens again as soon as you are back online.'
            : 'We couldn’t load your details. Booking needs a connection; please try again.'}
        </p>
      </div>
    )
  }
  if (mine.status !== 'signed-in' || profile === undefined) {
    return (
      <div className={STATE}>
        <StatusNote>Loading your details…</StatusNote>
      </div>
    )
  }
  if (profile === null) {
    return (
      <div className={STATE}>
        <p className={text({ tone: 'muted' })}>Complete your profile first: it takes two minutes.</p>
        <Link to="/onboarding/mobile" className={button()}>
          Complete your profile
        </Link>
      </div>
    )
  }
  const tierProblem = tierIssue(tier, gender)
  if (tierProblem) {
    const [allowed] = tiersFor(gender)
    return (
      <div className={STATE}>
        <p role="alert">{tierProblem}</p>
        {allowed ? (
          <Button onClick={() => onTierChange(allowed)}>
            Book at the {TIER_LABELS[allowed]} price ({formatInr(event.prices[allowed])})
          </Button>
        ) : null}
      </div>
    )
  }
  // Booking needs the profile's mobile verified (an SMS code); until the device has heard, the server decides.
  const status = mobileStatus.status === 'signed-in' ? mobileStatus.snapshot?.data : undefined
  const mobile = localMobile(profile.mobile)
  if (status && !status.mobileCheckSkipped && status.verifiedMobile !== mobile) {
    return <VerifyMobile mobile={mobile} />
  }
  return (
    <DetailsForm
      event={event}
      tier={tier}
      date={date}
      initial={valuesFromProfile(profile, email)}
      interests={profileInterests(profile)}
    />
  )
}
