import { fieldAnatomy } from '@ark-ui/react/anatomy'
import { defineSlotRecipe } from '@pandacss/dev'

/**
 * A form field (Ark UI Field's parts): label above, the control, then one message line (the
 * error, a success note or a hint). The control's look is also used for inputs outside a field
 * (the events search).
 */
export const fieldRecipe = defineSlotRecipe({
  className: 'field',
  slots: [...fieldAnatomy.keys(), 'message'],
  base: {
    root: { display: 'grid', gap: '1.5' },
    label: { fontWeight: 'semibold' },
    input: {
      w: 'full',
      h: '12',
      px: '3',
      borderWidth: '1px',
      borderColor: 'border.strong',
      borderRadius: 'l2',
      bg: 'bg.surface',
      fontSize: 'md',
      // Only our validation marks a field invalid, not the browser's :invalid on an empty required input.
      '&[data-invalid]': { borderColor: 'fg.error', borderWidth: '2px' },
    },
    select: {},
    textarea: { h: 'auto', minH: '24', py: '2' },
    errorText: { color: 'fg.error', textStyle: 'small' },
    helperText: { color: 'fg.muted', textStyle: 'small', '&[data-tone=success]': { color: 'fg.success' } },
    // The empty line kept under a field with nothing to say.
    message: { minH: '5', textStyle: 'small' },
  },
})
