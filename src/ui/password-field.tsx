import type { ComponentProps } from 'react'
import { TextField } from './field'

/** A sign-in's fields as browsers and password managers know them (their label, type and autofill). */
const CREDENTIALS = {
  email: { label: 'Email', type: 'email', autoComplete: 'email' },
  currentPassword: { label: 'Password', type: 'password', autoComplete: 'current-password' },
} as const

type CredentialFieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'type' | 'onChange' | 'value'> & {
  value: string
  onChange: (value: string) => void
}

/** A required sign-in field, the member's email or current password, handing on what is typed. */
export function CredentialField({
  kind,
  value,
  onChange,
  ...rest
}: CredentialFieldProps & { kind: keyof typeof CREDENTIALS }) {
  return (
    <TextField
      {...CREDENTIALS[kind]}
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      {...rest}
    />
  )
}

/** The member's current password (sign-in, and confirming who they are before a deletion). */
export function CurrentPasswordField(props: CredentialFieldProps) {
  return <CredentialField kind="currentPassword" {...props} />
}
