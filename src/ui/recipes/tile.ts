import { defineSlotRecipe } from '@pandacss/dev'

const checked = { borderColor: 'accent.default', bg: 'accent.default' }
const focusRing = { outline: '3px solid', outlineColor: 'focus.ring', outlineOffset: '2px' }

/**
 * A tile to pick: a bordered box that reads as chosen (accent border and tint) when its Ark
 * control is checked (`data-state=checked`) or the native input inside it is. `marker` is the
 * square or dot beside the label.
 */
export const tileRecipe = defineSlotRecipe({
  className: 'tile',
  slots: ['root', 'marker'],
  base: {
    root: {
      display: 'flex',
      gap: '2',
      borderRadius: 'l2',
      bg: 'bg.surface',
      cursor: 'pointer',
      _hover: { borderColor: 'border.strong' },
      '&[data-state=checked], &[data-state=checked]:hover, &:has(input:checked)': {
        borderColor: 'accent.default',
        bg: 'accent.subtle',
      },
      '&[data-focus-visible], &:has(input:focus-visible)': focusRing,
      '&[data-disabled], &:has(input:disabled)': { opacity: 0.5, cursor: 'not-allowed' },
    },
    marker: {
      flexShrink: 0,
      w: '4',
      h: '4',
      borderWidth: '2px',
      borderColor: 'border.strong',
      '&[data-state=checked]': checked,
    },
  },
  variants: {
    layout: {
      // A label and its marker on one line: a choice among a few.
      inline: {
        root: {
          alignItems: 'center',
          minH: '14',
          px: '3',
          py: '2',
          borderWidth: '2px',
          borderColor: 'border.default',
          fontWeight: 'semibold',
        },
      },
      // Lines stacked in the tile: a date with its seats.
      stacked: {
        root: {
          flexDirection: 'column',
          gap: '0',
          p: '3',
          borderWidth: '1px',
          borderColor: 'border.strong',
          '&:has(input:checked)': { borderWidth: '2px' },
        },
      },
    },
    shape: { square: { marker: { borderRadius: 'l1' } }, round: { marker: { borderRadius: 'full' } } },
  },
  defaultVariants: { layout: 'inline', shape: 'square' },
})

/** A checkbox with its label beside it (Ark's Checkbox: root, control with its tick, label). */
export const checkboxRecipe = defineSlotRecipe({
  className: 'checkbox',
  slots: ['root', 'control', 'indicator', 'label'],
  base: {
    root: { display: 'flex', gap: '3', alignItems: 'flex-start', cursor: 'pointer' },
    control: {
      flexShrink: 0,
      mt: '0.5',
      w: '5',
      h: '5',
      borderWidth: '2px',
      borderColor: 'border.strong',
      borderRadius: 'l1',
      display: 'grid',
      placeItems: 'center',
      '&[data-state=checked]': checked,
      '&[data-focus-visible]': focusRing,
    },
    // The tick: a checked box is told by its mark, not by its fill alone.
    indicator: { display: 'grid', color: 'fg.onAccent', w: '3.5', h: '3.5', _hidden: { display: 'none' } },
  },
})
