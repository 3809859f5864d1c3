/**
 * Cards to pick from: one (Ark RadioGroup, arrow keys move between cards) or several (Ark
 * Checkbox group). Both keep real hidden inputs, so screen readers announce radios and
 * checkboxes with their labels.
 */
import { Checkbox } from '@ark-ui/react/checkbox'
import { RadioGroup } from '@ark-ui/react/radio-group'
import { flow, grid as gridPattern } from 'styled-system/patterns'
import { heading, tile } from 'styled-system/recipes'

export interface CardOption {
  value: string
  label: string
}

const grid = gridPattern({ columns: { base: 2, sm: 3 }, gap: '3' })

/** A square marker for several choices, a round one for one. */
const squares = tile({ shape: 'square' })
const dots = tile({ shape: 'round' })

/** The question, above its cards. */
const legend = heading({ level: 'label' })
const group = flow({ gap: '3' })

export function SingleChoiceCards({
  label,
  options,
  value,
  onChange,
  invalid,
}: {
  label: string
  options: readonly CardOption[]
  value: string | undefined
  onChange: (value: string) => void
  invalid?: boolean
}) {
  return (
    <RadioGroup.Root
      value={value ?? null}
      onValueChange={(details) => details.value && onChange(details.value)}
      aria-invalid={invalid || undefined}
      className={group}
    >
      <RadioGroup.Label className={legend}>{label}</RadioGroup.Label>
      <div className={grid}>
        {options.map((option) => (
          <RadioGroup.Item key={option.value} value={option.value} className={dots.root}>
            <RadioGroup.ItemControl className={dots.marker} />
            <RadioGroup.ItemText>{option.label}</RadioGroup.ItemText>
            <RadioGroup.ItemHiddenInput />
          </RadioGroup.Item>
        ))}
      </div>
    </RadioGroup.Root>
  )
}

export function MultiChoiceCards({
  label,
  options,
  value,
  onChange,
}: {
  label: string
  options: readonly CardOption[]
  value: string[]
  onChange: (value: string[]) => void
}) {
  return (
    <fieldset className={group}>
      <legend className={legend}>{label}</legend>
      <Checkbox.Group value={value} onValueChange={onChange} className={grid}>
        {options.map((option) => (
          <Checkbox.Root key={option.value} value={option.value} className={squares.root}>
            <Checkbox.Control className={squares.marker} />
            <Checkbox.Label>{option.label}</Checkbox.Label>
            <Checkbox.HiddenInput />
          </Checkbox.Root>
        ))}
      </Checkbox.Group>
    </fieldset>
  )
}
