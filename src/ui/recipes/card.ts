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
