import { defineSlotRecipe } from '@pandacss/dev'

/**
 * A card: a surface (raised with a shadow, outlined, or muted), an optional media slot that
 * runs to its edges, and a padded body of stacked content; compact for a row in a list.
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
    body: { display: 'flex', flexDirection: 'column', gap: '2', flex: '1' },
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
    // `compact`: a row in a list (a guest, a set-aside check-in), its padding on the root.
    size: {
      md: { body: { p: '5' } },
      compact: { root: { p: '3', gap: '2' }, body: { gap: '1' } },
    },
  },
  defaultVariants: { variant: 'raised', size: 'md' },
})
