import { defineSlotRecipe } from '@pandacss/dev'

/**
 * Tabs (Ark UI's Tabs: the list, its triggers and the panels). `line` is underlined, for forms
 * (sign in or sign up); `segment` is a row of large buttons, the one in use dark, for a tool used
 * with one hand (the door's scan or by name).
 */
export const tabsRecipe = defineSlotRecipe({
  className: 'tabs',
  slots: ['root', 'list', 'trigger', 'content'],
  base: {
    list: { display: 'flex' },
    trigger: {
      fontWeight: 'semibold',
      cursor: 'pointer',
      '&[data-focus-visible]': { outline: '3px solid', outlineColor: 'focus.ring', outlineOffset: '2px' },
    },
  },
  variants: {
    variant: {
      line: {
        trigger: {
          flex: '1',
          h: '11',
          borderBottomWidth: '2px',
          borderColor: 'border.default',
          '&[data-selected]': { borderColor: 'accent.default', color: 'accent.text' },
        },
      },
      segment: {
        list: { flexWrap: 'wrap', gap: '2' },
        trigger: {
          minH: '12',
          px: '5',
          borderWidth: '1px',
          borderColor: 'border.strong',
          borderRadius: 'l2',
          bg: 'bg.surface',
          '&[data-selected]': { bg: 'ink.900', color: 'white', borderColor: 'ink.900' },
        },
        content: { pt: '3' },
      },
    },
  },
  defaultVariants: { variant: 'line' },
})
