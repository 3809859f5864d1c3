/**
 * The member's details in the booking form, prefilled from their profile: the fields, the optional
 * questions, the terms and Pay and book. A refused Pay moves focus to the first field to put right.
 */
import { BOOKING_MESSAGES, bookingProfileSchema } from '@yaari/domain/booking'
import type { PriceTier, YaariEvent } from '@yaari/domain/catalogue'
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react'
import { grid } from 'styled-system/patterns'
import * as v from 'valibot'
import { useOnline } from '../../lib/use-online'
import { DateField } from '../../ui/date-field'
import { SelectField, TextField } from '../../ui/field'
import { MobileField } from '../../ui/mobile-field'
import { StatusNote } from '../../ui/status-note'
import { OWN_ERRORS, SELECTS, type Values } from './booking-values'
import { TermsAndSubmit } from './terms-and-submit'
import { usePayAndBook } from './use-pay-and-book'

export function DetailsForm({
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

  const booking = usePayAndBook(event, tier, date)
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
        <StatusNote>
          You are offline. Booking needs a connection; check your details now and pay once you are back online.
        </StatusNote>
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
