import { defineSlotRecipe } from '@pandacss/dev'

/**
 * A card: a surface (raised with a shadow, outlined, or muted), an optional media slot that
 * runs to its edges, and a padded body of stacked content.
 */
export const cardRecipe = defineSlotRecipe({
  className: 'card',
  slots: ['root', 'media', 'badges', 'body', 'footer'],
  base: {
    root: { borderRadius: 'l3', overflow: 'hidden', display: 'flex', flexDirection: 'column' },
    media: { position: 'relative' },
    // Chips over the picture's top edge, one at each end.
    badges: {
      position: 'absolute',
      top: '3',
      insetX: '3',
      display: 'flex',
      justifyContent: 'space-between',
      gap: '2',
    },
    body: { p: '5', display: 'flex', flexDirection: 'column', gap: '2', flex: '1' },
    footer: { display: 'flex', alignItems: 'center', gap: '3', mt: 'auto', pt: '3' },
  },
  variants: {
    variant: {
      raised: { root: { bg: 'bg.surface', boxShadow: 'card' } },
      outline: { root: { bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default' } },
      muted: { root: { bg: 'bg.muted' } },
      // Something not there yet (coming soon).
      dashed: { root: { borderWidth: '1px', borderStyle: 'dashed', borderColor: 'border.strong' } },
    },
  },
  defaultVariants: { variant: 'raised' },
})

/** Label-value pairs in two columns (a <dl>), the labels muted. */
export const detailsRecipe = defineSlotRecipe({
  className: 'details',
  slots: ['root'],
  base: {
    root: {
      display: 'grid',
      gridTemplateColumns: 'auto 1fr',
      columnGap: '3',
      rowGap: '1',
      '& dt': { color: 'fg.muted' },
    },
  },
  variants: {
    size: { sm: { root: { fontSize: 'sm' } }, md: {} },
    // Key facts side by side on a muted panel, each label above its value.
    layout: {
      pairs: {},
      // What is about to be bought: the values stand out.
      summary: { root: { gap: '2', '& dd': { fontWeight: 'semibold' } } },
      facts: {
        root: {
          gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(4, 1fr)' },
          gap: '4',
          p: '5',
          bg: 'bg.muted',
          borderRadius: 'l3',
          '& dt': { fontSize: 'sm' },
          '& dd': { fontWeight: 'semibold' },
        },
      },
    },
  },
  defaultVariants: { size: 'md', layout: 'pairs' },
})

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
