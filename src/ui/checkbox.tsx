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
      <Checkbox.Control className={styles.control} />
      <Checkbox.Label>{label}</Checkbox.Label>
      <Checkbox.HiddenInput />
    </Checkbox.Root>
  )
}
