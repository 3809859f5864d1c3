import { dialogAnatomy } from '@ark-ui/react/anatomy'
import { defineSlotRecipe } from '@pandacss/dev'

/** Modal dialog: full-width sheet on phones, centred card from the sm breakpoint up. */
export const dialogRecipe = defineSlotRecipe({
  className: 'dialog',
  slots: dialogAnatomy.keys(),
  base: {
    backdrop: {
      position: 'fixed',
      inset: '0',
      bg: 'bg.backdrop',
      zIndex: 'overlay',
    },
    positioner: {
      position: 'fixed',
      inset: '0',
      display: 'flex',
      alignItems: { base: 'flex-end', sm: 'center' },
      justifyContent: 'center',
      zIndex: 'modal',
      overflow: 'auto',
    },
    content: {
      bg: 'bg.surface',
      boxShadow: 'overlay',
      width: { base: '100%', sm: 'min(32rem, calc(100vw - 2rem))' },
      maxHeight: '90dvh',
      overflowY: 'auto',
      borderTopRadius: 'l3',
      borderBottomRadius: { base: '0', sm: 'l3' },
      p: '6',
      position: 'relative',
      _focusVisible: { outline: 'none' },
    },
    // Focused when a step of the dialog takes the place of another (read out, not a control: no ring).
    title: { fontSize: 'xl', fontWeight: 'bold', pr: '10', _focus: { outline: 'none' } },
    description: { color: 'fg.muted', mt: '1' },
    closeTrigger: { position: 'absolute', top: '3', right: '3' },
  },
})
