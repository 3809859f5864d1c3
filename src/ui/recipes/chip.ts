import { defineSlotRecipe } from '@pandacss/dev'

/** A small pill: a badge on a picture, a status, or a filter to press (aria-pressed) or pick. */
export const chipRecipe = defineSlotRecipe({
  className: 'chip',
  slots: ['root'],
  base: {
    root: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '1',
      px: '2.5',
      py: '1',
      borderRadius: 'full',
      fontSize: 'sm',
      fontWeight: 'semibold',
      whiteSpace: 'nowrap',
    },
  },
  variants: {
    variant: {
      light: { root: { bg: 'white', color: 'ink.900' } },
      dark: { root: { bg: 'ink.900', color: 'white' } },
      accent: { root: { bg: 'accent.default', color: 'fg.onAccent' } },
      subtle: { root: { bg: 'accent.subtle', color: 'accent.text' } },
      muted: { root: { bg: 'bg.muted', color: 'fg.default' } },
      // A filter to press (aria-pressed) or pick (a visually hidden radio inside).
      filter: {
        root: {
          gap: '1.5',
          px: '3.5',
          py: '0',
          minH: '10',
          borderWidth: '1px',
          borderColor: 'border.strong',
          fontWeight: 'medium',
          cursor: 'pointer',
          bg: 'bg.surface',
          '&[aria-pressed=true], &:has(input:checked)': { bg: 'ink.900', color: 'white', borderColor: 'ink.900' },
          '&:has(input:focus-visible)': { outline: '3px solid', outlineColor: 'focus.ring', outlineOffset: '2px' },
          _disabled: { opacity: 0.55, cursor: 'not-allowed' },
          '&:has(input:disabled)': { opacity: 0.55, cursor: 'not-allowed' },
        },
      },
    },
    size: {
      xs: { root: { fontSize: 'xs', px: '1.5', py: '0', fontWeight: 'normal' } },
      sm: {},
      md: { root: { fontSize: 'md' } },
    },
  },
  defaultVariants: { variant: 'muted', size: 'sm' },
})
