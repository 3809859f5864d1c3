import { Field } from '@ark-ui/react/field'
import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react'
import { cx } from 'styled-system/css'
import { field } from 'styled-system/recipes'

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

const styles = field()
/** A select looks as a text input does; a text area grows taller. */
const inputStyle = styles.input

/**
 * A labelled text input (Ark UI Field): the label, and the one message under it (the error, else
 * the note or hint), are wired to the input for screen readers (aria-invalid, aria-describedby).
 */
export function TextField({ label, error, success, hint, className, required, disabled, ...input }: TextFieldProps) {
  const ids = useMessageIds()
  return (
    <FieldFrame {...{ ids, label, error, success, hint, className, required, disabled }}>
      <Field.Input className={inputStyle} aria-describedby={describedBy(ids, { error, success, hint })} {...input} />
    </FieldFrame>
  )
}

type MessageIds = { errorText: string; helperText: string }

/** The ids of a field's error and helper text, given to Ark's field so the control can name them. */
function useMessageIds(): MessageIds {
  const id = useId()
  return { errorText: `${id}error`, helperText: `${id}note` }
}

/**
 * What describes the control: its error while it has one, else its note or hint. Ark's field names
 * an error only in aria-errormessage, which many screen readers do not read; the description is
 * read with the field whenever it takes focus (a refused Continue or Pay moves focus there). The
 * error is also a polite live region (Ark's), not an alert as well: an error that appears while the
 * member types, or on a form that moves focus nowhere, is still said, and once.
 */
function describedBy(ids: MessageIds, { error, success, hint }: FieldMessageProps): string | undefined {
  if (error) return ids.errorText
  return success || hint ? ids.helperText : undefined
}

/** Label above, control, then one message line: what every field shares. */
function FieldFrame({
  ids,
  label,
  error,
  success,
  hint,
  className,
  required,
  disabled,
  children,
}: FieldMessageProps & {
  ids: MessageIds
  label: ReactNode
  className?: string
  required?: boolean
  disabled?: boolean
  children: ReactNode
}) {
  return (
    <Field.Root
      ids={ids}
      invalid={Boolean(error)}
      required={required}
      disabled={disabled}
      className={cx(styles.root, className)}
    >
      <Field.Label className={styles.label}>{label}</Field.Label>
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
    return <Field.ErrorText className={styles.errorText}>{error}</Field.ErrorText>
  }
  if (success)
    return (
      <Field.HelperText data-tone="success" className={styles.helperText}>
        {success}
      </Field.HelperText>
    )
  if (hint) return <Field.HelperText className={styles.helperText}>{hint}</Field.HelperText>
  // Keep the line: a message appearing on blur must not move the button being clicked.
  return <span aria-hidden="true" className={styles.message} />
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'>, FieldMessageProps {
  label: ReactNode
  ref?: Ref<HTMLSelectElement>
  /** The choices; an empty first option asks the member to choose. */
  options: readonly { value: string; label: string }[]
  /** The empty first option's words; null for a select that always has a value. */
  placeholder?: string | null
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
  const ids = useMessageIds()
  return (
    <FieldFrame {...{ ids, label, error, success, hint, className, required }}>
      <Field.Select className={inputStyle} aria-describedby={describedBy(ids, { error, success, hint })} {...select}>
        {placeholder === null ? null : <option value="">{placeholder}</option>}
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
  const ids = useMessageIds()
  return (
    <FieldFrame {...{ ids, label, error, success, hint, className, required }}>
      <Field.Textarea
        className={cx(inputStyle, styles.textarea)}
        aria-describedby={describedBy(ids, { error, success, hint })}
        {...textarea}
      />
    </FieldFrame>
  )
}
