import { Field } from '@ark-ui/react/field'
import type { InputHTMLAttributes, ReactNode } from 'react'
import { css, cx } from 'styled-system/css'

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: ReactNode
  /** The validation message; when set the field is invalid and announces it. */
  error?: string
  /** Shown when the value is valid, e.g. 'Looks good!' (spec, section 5). */
  success?: string
  /** A hint shown below the input while there is no error or success. */
  hint?: ReactNode
}

const inputStyle = css({
  w: 'full',
  h: '12',
  px: '3',
  borderWidth: '1px',
  borderColor: 'border.strong',
  borderRadius: 'l2',
  bg: 'bg.surface',
  fontSize: 'md',
  // Only our validation marks a field invalid, not the browser's :invalid on an empty required input.
  '&[data-invalid]': { borderColor: 'fg.error', borderWidth: '2px' },
})

/**
 * A labelled text input (Ark UI Field): the label, hint and error are wired to the input for
 * screen readers (aria-describedby, aria-invalid), and the error is announced when it appears.
 */
export function TextField({ label, error, success, hint, className, required, disabled, ...input }: TextFieldProps) {
  return (
    <Field.Root
      invalid={Boolean(error)}
      required={required}
      disabled={disabled}
      className={cx(css({ display: 'grid', gap: '1.5' }), className)}
    >
      <Field.Label className={css({ fontWeight: 'semibold' })}>{label}</Field.Label>
      <Field.Input className={inputStyle} {...input} />
      {error ? (
        <Field.ErrorText role="alert" className={css({ color: 'fg.error', fontSize: 'sm' })}>
          {error}
        </Field.ErrorText>
      ) : success ? (
        <Field.HelperText className={css({ color: 'fg.success', fontSize: 'sm' })}>{success}</Field.HelperText>
      ) : hint ? (
        <Field.HelperText className={css({ color: 'fg.muted', fontSize: 'sm' })}>{hint}</Field.HelperText>
      ) : null}
    </Field.Root>
  )
}
