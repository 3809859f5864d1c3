import { defineSlotRecipe } from '@pandacss/dev'

/** Label-value pairs in two columns (a <dl>), the labels muted. */
export const dataListRecipe = defineSlotRecipe({
  className: 'data-list',
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
