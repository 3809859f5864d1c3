import { toastAnatomy } from '@ark-ui/react/anatomy'
import { defineSlotRecipe } from '@pandacss/dev'

/** Toasts: 356px wide, stacked by Ark's toaster. */
export const toastRecipe = defineSlotRecipe({
  className: 'toast',
  slots: toastAnatomy.keys(),
  base: {
    root: {
      bg: 'bg.inverse',
      color: 'fg.inverse',
      borderRadius: 'l2',
      boxShadow: 'overlay',
      width: 'min(356px, calc(100vw - 2rem))',
      p: '4',
      pr: '10',
      position: 'relative',
      translate: 'var(--x) var(--y)',
      scale: 'var(--scale)',
      zIndex: 'var(--z-index)',
      height: 'var(--height)',
      opacity: 'var(--opacity)',
      willChange: 'translate, opacity, scale',
      transition: 'translate 400ms, scale 400ms, opacity 400ms, height 400ms',
      '&[data-type=error]': { bg: 'fg.error' },
      '&[data-type=success]': { bg: 'fg.success' },
    },
    title: { fontWeight: 'semibold' },
    description: { textStyle: 'sm', opacity: 0.9 },
    closeTrigger: { position: 'absolute', top: '2', right: '2' },
  },
})
