import { Checkbox } from '@ark-ui/react/checkbox'
import type { ReactNode } from 'react'
import { checkbox } from 'styled-system/recipes'

/** A labelled checkbox (Ark UI): the label is the box's name, Space toggles it. */
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
  const styles = checkbox()
  return (
    <Checkbox.Root
      checked={checked}
      disabled={disabled}
      onCheckedChange={(details) => onChange(details.checked === true)}
      className={styles.root}
    >
      <Checkbox.Control className={styles.control}>
        <Checkbox.Indicator className={styles.indicator}>
          <svg viewBox="0 0 12 12" aria-hidden="true" fill="none" width="100%" height="100%">
            <path
              d="M2 6.5 5 9.5 10 3"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </Checkbox.Indicator>
      </Checkbox.Control>
      <Checkbox.Label>{label}</Checkbox.Label>
      <Checkbox.HiddenInput />
    </Checkbox.Root>
  )
}
