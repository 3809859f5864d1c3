import { Field } from '@ark-ui/react/field'
import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react'
import { css, cx } from 'styled-system/css'

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: ReactNode
  /** The input element (React 19 passes ref as a prop), e.g. to focus it when invalid. */
  ref?: Ref<HTMLInputElement>
  /** The validation message; when set the field is invalid and announces it. */
  error?: string
  /** Shown when the value is valid, e.g. 'Looks good!'. */
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
    <FieldFrame {...{ label, error, success, hint, className, required, disabled }}>
      <Field.Input className={inputStyle} {...input} />
    </FieldFrame>
  )
}

/** Label above, control, then one message line: what every field shares. */
function FieldFrame({
  label,
  error,
  success,
  hint,
  className,
  required,
  disabled,
  children,
}: FieldMessageProps & {
  label: ReactNode
  className?: string
  required?: boolean
  disabled?: boolean
  children: ReactNode
}) {
  return (
    <Field.Root
      invalid={Boolean(error)}
      required={required}
      disabled={disabled}
      className={cx(css({ display: 'grid', gap: '1.5' }), className)}
    >
      <Field.Label className={css({ fontWeight: 'semibold' })}>{label}</Field.Label>
      {children}
      <FieldMessages error={error} success={success} hint={hint} />
    </Field.Root>
  )
}

interface FieldMessageProps {
  error?: string
  success?: string
  hint?: ReactNode
}

/** The one message under a field: the error, else the success note, else the hint (one line kept). */
function FieldMessages({ error, success, hint }: FieldMessageProps) {
  if (error) {
    return (
      <Field.ErrorText role="alert" className={css({ color: 'fg.error', fontSize: 'sm' })}>
        {error}
      </Field.ErrorText>
    )
  }
  if (success)
    return <Field.HelperText className={css({ color: 'fg.success', fontSize: 'sm' })}>{success}</Field.HelperText>
  if (hint) return <Field.HelperText className={css({ color: 'fg.muted', fontSize: 'sm' })}>{hint}</Field.HelperText>
  // Keep the line: a message appearing on blur must not move the button being clicked.
  return <span aria-hidden="true" className={css({ minH: '5', fontSize: 'sm' })} />
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'>, FieldMessageProps {
  label: ReactNode
  ref?: Ref<HTMLSelectElement>
  /** The choices; an empty first option asks the member to choose. */
  options: readonly { value: string; label: string }[]
  placeholder?: string
}

/** A labelled native select (Ark UI Field): the platform's picker on phones, wired for screen readers. */
export function SelectField({
  label,
  error,
  success,
  hint,
  options,
  placeholder = 'Choose…',
  className,
  required,
  ...select
}: SelectFieldProps) {
  return (
    <FieldFrame {...{ label, error, success, hint, className, required }}>
      <Field.Select className={inputStyle} {...select}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Field.Select>
    </FieldFrame>
  )
}

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, FieldMessageProps {
  label: ReactNode
}

/** A labelled multi-line text input (Ark UI Field). */
export function TextAreaField({ label, error, success, hint, className, required, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame {...{ label, error, success, hint, className, required }}>
      <Field.Textarea className={cx(inputStyle, css({ h: 'auto', minH: '24', py: '2' }))} {...textarea} />
    </FieldFrame>
  )
}
