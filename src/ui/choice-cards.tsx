/**
 * Cards to pick from: one (Ark RadioGroup, arrow keys move between cards) or several (native
 * checkboxes in a fieldset). Both keep real inputs, so screen readers announce radios and
 * checkboxes with their labels, and the group by its question.
 */
import { RadioGroup } from '@ark-ui/react/radio-group'
import { memo, useCallback, useRef } from 'react'
import { flow, grid as gridPattern, visuallyHidden } from 'styled-system/patterns'
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

/**
 * Several cards to tick. Each is a native checkbox in its label, drawn by the tile recipe from the
 * input's own state: the tick is painted by the browser with the tap, and a tap re-renders one card,
 * not every card of the group.
 */
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
  // The latest value and handler, read at the tap: the cards' own handler never changes.
  const latest = useRef({ value, onChange })
  latest.current = { value, onChange }
  const toggle = useCallback((option: string, checked: boolean) => {
    const { value, onChange } = latest.current
    onChange(
      checked ? [...value.filter((chosen) => chosen !== option), option] : value.filter((chosen) => chosen !== option),
    )
  }, [])
  return (
    <fieldset className={group}>
      <legend className={legend}>{label}</legend>
      <div className={grid}>
        {options.map((option) => (
          <CheckCard key={option.value} option={option} checked={value.includes(option.value)} onToggle={toggle} />
        ))}
      </div>
    </fieldset>
  )
}

const CheckCard = memo(function CheckCard({
  option,
  checked,
  onToggle,
}: {
  option: CardOption
  checked: boolean
  onToggle: (option: string, checked: boolean) => void
}) {
  return (
    <label className={squares.root}>
      <input
        type="checkbox"
        value={option.value}
        checked={checked}
        onChange={(event) => onToggle(option.value, event.target.checked)}
        className={visuallyHidden()}
      />
      <span aria-hidden="true" className={squares.marker} />
      <span>{option.label}</span>
    </label>
  )
})
