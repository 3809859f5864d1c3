/**
 * The booking form in the booking dialog: the member's details,
 * prefilled from their profile, the domain's enumerations, the terms checkbox (submit disabled
 * until accepted), then createBooking and Cashfree's checkout in this tab.
 */

import { Link } from '@tanstack/react-router'
import { BOOKING_MESSAGES, bookingProfileSchema, createBookingCall, enumLabel } from '@yaari/domain/booking'
import { type PriceTier, TIER_LABELS, tierIssue, tiersFor, type YaariEvent } from '@yaari/domain/catalogue'
import { formatInr } from '@yaari/domain/money'
import {
  ANSWERS,
  canonicalProfession,
  INTERESTS,
  localMobile,
  PROFESSION_LABELS,
  PROFESSIONS,
  profileAnswers,
  type UserProfileRecord,
} from '@yaari/domain/profile'
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react'
import { grid } from 'styled-system/patterns'
import { button, text } from 'styled-system/recipes'
import * as v from 'valibot'
import { type Action, call, useAction } from '../../lib/call'
import { logError } from '../../lib/log'
import { useMyProfile } from '../../lib/member-data/hooks'
import { keepProfileAnswers } from '../../lib/member-data/refresh'
import { LOGIN_LINK } from '../../lib/paths'
import { useAuthStore } from '../../lib/session/auth-store'
import { rememberPriceTiers } from '../../lib/session/price-tiers'
import { useOnline } from '../../lib/use-online'
import { Button } from '../../ui/button'
import { DateField } from '../../ui/date-field'
import { SelectField, TextField } from '../../ui/field'
import { MobileField } from '../../ui/mobile-field'
import { showToast } from '../../ui/toast'
import { BOOKING_WORDS, isCheckoutFailure } from './booking-errors'
import { TermsAndSubmit } from './terms-and-submit'

const options = (values: readonly string[]) => values.map((value) => ({ value, label: enumLabel(value) }))
// Each optional: a question left at "Choose…" is sent as not answered, never as a default. The
// profession is the profile's own question, with its list and its labels.
const SELECTS = [
  {
    key: 'profession',
    label: 'Profession',
    options: PROFESSIONS.map((value) => ({ value, label: PROFESSION_LABELS[value] })),
  },
  ...ANSWERS.map(({ key, label, values }) => ({ key, label, options: options(values) })),
] as const

/** The fields that show their own error under them. */
const OWN_ERRORS = new Set(['name', 'email', 'mobile', 'dateOfBirth'])

type Values = {
  name: string
  email: string
  mobile: string
  dateOfBirth: string
  profession: string
  foodPreference: string
  personalityType: string
  drinkingPreference: string
  relationshipStatus: string
}

/** The form's starting values: what the member's profile already says. */
function valuesFromProfile(profile: UserProfileRecord, email: string | null): Values {
  // Only the member's own answers: one they never gave starts at "Choose…".
  return {
    name: profile.name,
    email: email ?? profile.email,
    mobile: localMobile(profile.mobile),
    dateOfBirth: profile.date_of_birth,
    profession: canonicalProfession(profile.profession) ?? '',
    foodPreference: '',
    personalityType: '',
    drinkingPreference: '',
    relationshipStatus: '',
    // The answers they gave before (here, or on their profile).
    ...profileAnswers(profile),
  }
}

function profileInterests(profile: UserProfileRecord): string[] {
  try {
    const parsed: unknown = JSON.parse(profile.interests)
    return Array.isArray(parsed) ? parsed.filter((id) => (INTERESTS as readonly string[]).includes(id)) : []
  } catch {
    return []
  }
}

/** The member's details as createBooking takes them. */
type Details = v.InferOutput<typeof bookingProfileSchema>

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
        <p role="status" className={text({ tone: 'muted' })}>
          Loading your details…
        </p>
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

function DetailsForm({
  event,
  tier,
  date,
  initial,
  interests,
}: {
  event: YaariEvent
  tier: PriceTier
  date: string
  initial: Values
  interests: string[]
}) {
  const online = useOnline()
  const [values, setValues] = useState(initial)
  // Held by the terms' own component, so ticking the box re-renders it alone, not every field.
  const terms = useRef(false)
  const [showErrors, setShowErrors] = useState(false)
  const set = (key: keyof Values) => (value: string) => setValues((current) => ({ ...current, [key]: value }))
  const missing = !values.name.trim() || !values.email.trim() || !values.mobile || !values.dateOfBirth

  const profile = {
    name: values.name,
    email: values.email,
    mobile: values.mobile,
    dateOfBirth: values.dateOfBirth,
    ...Object.fromEntries(SELECTS.flatMap(({ key }) => (values[key] ? [[key, values[key]]] : []))),
    interests,
    termsAccepted: terms.current,
  }
  // Checked only once errors are shown, and on submit: ticking the terms does not run the schema.
  const parsed = showErrors ? v.safeParse(bookingProfileSchema, profile) : undefined
  const issueFor = (key: string) =>
    parsed && !parsed.success ? parsed.issues.find((issue) => issue.path?.[0]?.key === key)?.message : undefined
  /** A required text field's value, change and issue. */
  const bound = (key: 'name' | 'email') => ({
    required: true,
    value: values[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(key)(event.target.value),
    error: issueFor(key),
  })

  const booking: Action<[Details], void> = useAction(async (userProfile: Details) => {
    // The member who asks: the answers the server keeps are theirs, whoever is signed in by the answer.
    const asker = useAuthStore.getState().member?.uid
    try {
      // No time limit of our own: making the order waits on the payment gateway.
      const session = await call(
        createBookingCall,
        { eventId: event.id, eventDate: date, tier, amount: event.prices[tier], userProfile },
        { timeoutMs: 0 },
      )
      if (!session.payment_session_id) throw Object.assign(new Error('no session'), { code: 'no-session' })
      // The answers the server kept on the profile (none for a friend's seat): on the device too, for
      // the next booking. A device that cannot write them still goes on to pay.
      if (asker) {
        await keepProfileAnswers(asker, session.kept_answers ?? {}).catch((error: unknown) =>
          logError('answers-not-kept-on-device', error),
        )
      }
      void showToast({ title: BOOKING_MESSAGES.redirecting, type: 'success' })
      const { openCheckout } = await import('./checkout')
      const result = await openCheckout({ paymentSessionId: session.payment_session_id, mode: session.cashfree_mode })
      if (result.error) {
        logError('checkout-failed', result.error, { orderId: session.order_id })
        return booking.setError(BOOKING_MESSAGES.gatewayError)
      }
    } catch (caught) {
      if (navigator.onLine && isCheckoutFailure(caught)) logError('checkout-failed', caught)
      throw caught
    }
    // The browser is on its way to the checkout page: the button stays busy until it leaves.
    await new Promise(() => undefined)
  }, BOOKING_WORDS)
  const { busy, error, setError } = booking

  const form = useRef<HTMLFormElement>(null)
  /** After a refused Pay and book: focus goes to the first field to put right (its error read with it). */
  const focusFirstProblem = () =>
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid=true]')?.focus())
  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault()
    setShowErrors(true)
    focusFirstProblem()
    if (!terms.current) return setError(BOOKING_MESSAGES.termsRequired)
    if (missing) return setError(BOOKING_MESSAGES.requiredFields)
    const checked = v.safeParse(bookingProfileSchema, { ...profile, termsAccepted: terms.current })
    if (!checked.success) {
      // A field that says its own error is where focus goes, and its error is read there: saying it
      // again beside the button would read it twice.
      const field = String(checked.issues[0].path?.[0]?.key)
      return setError(OWN_ERRORS.has(field) ? undefined : checked.issues[0].message)
    }
    void booking.run(checked.output)
  }

  return (
    <form ref={form} noValidate onSubmit={submit} className={grid({ gap: '4', mt: '5' })}>
      {online ? null : (
        <p role="status" className={text({ tone: 'muted' })}>
          You are offline. Booking needs a connection; check your details now and pay once you are back online.
        </p>
      )}
      <TextField label="Full name" autoComplete="name" {...bound('name')} />
      <TextField label="Email" type="email" autoComplete="email" {...bound('email')} />
      <MobileField label="Mobile number" digits={values.mobile} onChange={set('mobile')} showError={showErrors} />
      <DateField
        label="Date of birth"
        autoComplete="bday"
        required
        value={values.dateOfBirth}
        onChange={set('dateOfBirth')}
        error={issueFor('dateOfBirth')}
      />
      {SELECTS.map(({ key, label, options: choices }) => (
        <SelectField
          key={key}
          label={label}
          options={choices}
          value={values[key]}
          onChange={(e) => set(key)(e.target.value)}
        />
      ))}
      <TermsAndSubmit accepted={terms} busy={busy} error={error} />
    </form>
  )
}
