import { defineSlotRecipe } from '@pandacss/dev'

const checked = { borderColor: 'accent.default', bg: 'accent.default' }
/**
 * A chosen tile (its Ark control checked, or its native input): its variant draws its border, over
 * the base's hover border (a recipe's variants come after its base layer, whatever the selector).
 */
const CHOSEN = '&[data-state=checked], &:has(input:checked)'
const focusRing = { outline: '3px solid', outlineColor: 'focus.ring', outlineOffset: '2px' }

/**
 * A tile to pick: a bordered box that reads as chosen (accent border and tint) when its Ark
 * control is checked (`data-state=checked`) or the native input inside it is. `marker` is the
 * square or dot beside the label (after the native input, when there is one).
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
      [CHOSEN]: { bg: 'accent.subtle' },
      '&[data-focus-visible], &:has(input:focus-visible)': focusRing,
      '&[data-disabled], &:has(input:disabled)': { opacity: 0.5, cursor: 'not-allowed' },
    },
    marker: {
      flexShrink: 0,
      w: '4',
      h: '4',
      borderWidth: '2px',
      borderColor: 'border.strong',
      // An Ark control says so itself; a marker after a native input follows the input.
      '&[data-state=checked], input:checked ~ &': checked,
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
          // Here, not in the base: a variant's border colour is drawn over the base's.
          [CHOSEN]: { borderColor: 'accent.default' },
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
          [CHOSEN]: { borderWidth: '2px', borderColor: 'accent.default' },
        },
      },
    },
    shape: { square: { marker: { borderRadius: 'l1' } }, round: { marker: { borderRadius: 'full' } } },
  },
  defaultVariants: { layout: 'inline', shape: 'square' },
})

/**
 * A checkbox with its label beside it: a native input (visually hidden), then the box (`control`,
 * with its tick, `indicator`) and the label, drawn from the input's state.
 */
export const checkboxRecipe = defineSlotRecipe({
  className: 'checkbox',
  slots: ['root', 'control', 'indicator', 'label'],
  base: {
    root: {
      display: 'flex',
      gap: '3',
      alignItems: 'flex-start',
      cursor: 'pointer',
      '&:has(input:disabled)': { opacity: 0.5, cursor: 'not-allowed' },
    },
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
      'input:checked ~ &': checked,
      'input:focus-visible ~ &': focusRing,
    },
    // The tick: a checked box is told by its mark, not by its fill alone.
    indicator: {
      display: 'none',
      color: 'fg.onAccent',
      w: '3.5',
      h: '3.5',
      'input:checked ~ * > &': { display: 'grid' },
    },
  },
})
