import { datePickerAnatomy } from '@ark-ui/react/anatomy'
import { defineSlotRecipe } from '@pandacss/dev'

const focusRing = { outline: '3px solid', outlineColor: 'focus.ring', outlineOffset: '2px' }
/** The previous and next month's buttons. */
const monthTrigger = {
  minW: '10',
  minH: '10',
  borderRadius: 'l2',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  cursor: 'pointer',
  _focusVisible: focusRing,
  _disabled: { opacity: 0.4, cursor: 'not-allowed' },
}

/**
 * A month's calendar shown in the page (Ark UI DatePicker, inline): a row to move between months,
 * then the days. A chosen day is filled; a day the event runs on every week is marked with a dot
 * (`data-weekly` on the cell's trigger); days outside what may be chosen are dimmed. Sized for a
 * 360 px phone: seven 40 px days.
 */
export const datePickerRecipe = defineSlotRecipe({
  className: 'datePicker',
  slots: datePickerAnatomy.keys(),
  base: {
    root: { display: 'grid', gap: '2', maxW: '20rem' },
    label: { fontWeight: 'semibold' },
    content: { display: 'grid', gap: '2' },
    viewControl: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' },
    rangeText: { fontWeight: 'semibold' },
    prevTrigger: monthTrigger,
    nextTrigger: monthTrigger,
    table: { borderCollapse: 'collapse', width: '100%' },
    tableHeader: { fontSize: 'xs', color: 'fg.muted', fontWeight: 'semibold', py: '1' },
    tableCell: { p: '0', textAlign: 'center' },
    tableCellTrigger: {
      position: 'relative',
      display: 'grid',
      placeItems: 'center',
      w: '10',
      h: '10',
      mx: 'auto',
      borderRadius: 'full',
      cursor: 'pointer',
      _hover: { bg: 'bg.muted' },
      _focusVisible: focusRing,
      '&[data-weekly]::after': {
        content: '""',
        position: 'absolute',
        bottom: '1',
        w: '1',
        h: '1',
        borderRadius: 'full',
        bg: 'accent.default',
      },
      '&[data-today]': { fontWeight: 'bold', textDecoration: 'underline' },
      // A chosen day keeps its fill under the pointer (white on the page's grey would be unreadable).
      '&[data-selected]': { bg: 'accent.default', color: 'fg.onAccent', _hover: { bg: 'accent.emphasized' } },
      '&[data-selected][data-weekly]::after': { bg: 'fg.onAccent' },
      '&[data-disabled], &[data-unavailable], &[data-outside-range]': {
        opacity: 0.35,
        cursor: 'not-allowed',
        _hover: { bg: 'transparent' },
      },
    },
  },
})
