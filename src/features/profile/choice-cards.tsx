/**
 * Cards to pick from: one (Ark RadioGroup, arrow keys move between cards) or several (Ark
 * Checkbox group). Both keep real hidden inputs, so screen readers announce radios and
 * checkboxes with their labels.
 */
import { Checkbox } from '@ark-ui/react/checkbox'
import { RadioGroup } from '@ark-ui/react/radio-group'
import { css, cx } from 'styled-system/css'

export interface CardOption {
  value: string
  label: string
}

const grid = css({ display: 'grid', gridTemplateColumns: { base: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)' }, gap: '3' })

const card = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  minH: '14',
  px: '3',
  py: '2',
  borderWidth: '2px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  bg: 'bg.surface',
  cursor: 'pointer',
  fontWeight: 'semibold',
  _hover: { borderColor: 'border.strong' },
  '&[data-state=checked], &[data-state=checked]:hover': { borderColor: 'accent.default', bg: 'accent.subtle' },
  '&[data-focus-visible]': { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
})

const marker = css({
  flexShrink: 0,
  w: '4',
  h: '4',
  borderWidth: '2px',
  borderColor: 'border.strong',
  '&[data-state=checked]': { bg: 'accent.default', borderColor: 'accent.default' },
})

const legend = css({ fontWeight: 'semibold', mb: '3', display: 'block' })

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
    >
      <RadioGroup.Label className={legend}>{label}</RadioGroup.Label>
      <div className={grid}>
        {options.map((option) => (
          <RadioGroup.Item key={option.value} value={option.value} className={card}>
            <RadioGroup.ItemControl className={cx(marker, css({ borderRadius: 'full' }))} />
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
    <fieldset>
      <legend className={legend}>{label}</legend>
      <Checkbox.Group value={value} onValueChange={onChange} className={grid}>
        {options.map((option) => (
          <Checkbox.Root key={option.value} value={option.value} className={card}>
            <Checkbox.Control className={cx(marker, css({ borderRadius: 'l1' }))} />
            <Checkbox.Label>{option.label}</Checkbox.Label>
            <Checkbox.HiddenInput />
          </Checkbox.Root>
        ))}
      </Checkbox.Group>
    </fieldset>
  )
}
