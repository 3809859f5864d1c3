import { formatMobile, MESSAGES, mobileDigits, mobileSchema } from '@yaari/domain/profile'
import { firstIssue } from '@yaari/domain/validation'
import type { Ref } from 'react'
import { TextField } from './field'

/** The mobile number issue for a value of 10 digits (or fewer), or undefined when valid. */
export const mobileIssue = (digits: string) => firstIssue(mobileSchema, digits)

/**
 * An Indian mobile number: typed however the member likes, kept as 10 digits, shown as two
 * groups of five, with the product's own error and success messages.
 */
export function MobileField({
  label,
  digits,
  onChange,
  showError,
  onBlur,
  error,
  ref,
}: {
  label: string
  digits: string
  onChange: (digits: string) => void
  showError: boolean
  onBlur?: () => void
  /** A refusal about the number from the server (held by another account), shown in place of the rest. */
  error?: string
  ref?: Ref<HTMLInputElement>
}) {
  const issue = mobileIssue(digits)
  return (
    <TextField
      ref={ref}
      label={label}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      required
      value={formatMobile(digits)}
      onChange={(event) => onChange(mobileDigits(event.target.value))}
      onBlur={onBlur}
      hint="10 digits; we add +91"
      error={error ?? (showError ? issue : undefined)}
      success={issue || error ? undefined : MESSAGES.mobileValid}
    />
  )
}
