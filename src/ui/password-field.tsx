import type { ComponentProps } from 'react'
import { TextField } from './field'

type CurrentPasswordFieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'type' | 'onChange' | 'value'> & {
  value: string
  onChange: (password: string) => void
}

/** The member's current password (sign-in, and confirming who they are before a deletion). */
export function CurrentPasswordField({ value, onChange, ...rest }: CurrentPasswordFieldProps) {
  return (
    <TextField
      label="Password"
      type="password"
      autoComplete="current-password"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      {...rest}
    />
  )
}
