import type { ReactNode } from 'react'
import { visuallyHidden } from 'styled-system/patterns'
import { checkbox } from 'styled-system/recipes'

const styles = checkbox()

/** The tick drawn in a checked box. */
export function Tick() {
  return (
    <span aria-hidden="true" className={styles.control}>
      <span className={styles.indicator}>
        <svg viewBox="0 0 12 12" aria-hidden="true" fill="none" width="100%" height="100%">
          <path
            d="M2 6.5 5 9.5 10 3"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </span>
    </span>
  )
}

/**
 * A labelled checkbox: a native input in its label (the label is its name, Space toggles it), the
 * box and its tick drawn by the checkbox recipe from the input's own state, so the browser paints
 * the tick with the tap.
 */
export function CheckboxField({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: ReactNode
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
}) {
  return (
    <label className={styles.root}>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className={visuallyHidden()}
      />
      <Tick />
      <span className={styles.label}>{label}</span>
    </label>
  )
}
