/**
 * A number in a round accent badge: a step's number beside its text (`step`), or the count of what
 * is waiting on an icon (`count`, as wide as its digits need). The number is decoration: what it
 * says is in the text beside it, or in a label.
 */
import { defineRecipe } from '@pandacss/dev'

export const badgeRecipe = defineRecipe({
  className: 'badge',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    borderRadius: 'full',
    bg: 'accent.default',
    color: 'fg.onAccent',
    fontWeight: 'bold',
  },
  variants: {
    size: {
      step: { w: '10', h: '10' },
      count: { minW: '5', h: '5', px: '1', fontSize: 'xs', lineHeight: '1' },
    },
  },
  defaultVariants: { size: 'step' },
})
