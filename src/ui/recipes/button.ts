import { defineRecipe } from '@pandacss/dev'

/** The one button style of the app; links that look like buttons use it too. */
export const buttonRecipe = defineRecipe({
  className: 'button',
  jsx: ['Button', 'ButtonLink'],
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    fontWeight: 'semibold',
    borderRadius: 'l2',
    borderWidth: '1px',
    borderColor: 'transparent',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    textDecoration: 'none',
    // The colours ease where a pointer hovers; on a touch screen a change shows at once, and a tap's
    // frame carries no transition (nor the events it dispatches).
    '@media (hover: hover)': {
      transitionProperty: 'background, color, border-color, box-shadow',
      transitionDuration: 'normal',
    },
    _disabled: { opacity: 0.5, cursor: 'not-allowed' },
    '&[aria-busy=true]': { cursor: 'progress' },
  },
  variants: {
    variant: {
      solid: {
        bg: 'accent.default',
        color: 'fg.onAccent',
        _hover: { bg: 'accent.emphasized' },
      },
      outline: {
        bg: 'transparent',
        color: 'fg.default',
        borderColor: 'border.strong',
        _hover: { bg: 'bg.muted' },
      },
      ghost: {
        bg: 'transparent',
        color: 'fg.default',
        _hover: { bg: 'bg.muted' },
      },
      inverse: {
        bg: 'white',
        color: 'ink.900',
        _hover: { bg: 'ink.100' },
      },
    },
    size: {
      sm: { h: '9', px: '3', textStyle: 'sm' },
      md: { h: '11', px: '4', textStyle: 'md' },
      lg: { h: '12', px: '6', textStyle: 'lg' },
      // A choice with a figure under its label (a price tier).
      tile: { h: 'auto', py: '3', px: '6', flexDirection: 'column', gap: '0' },
    },
  },
  defaultVariants: { variant: 'solid', size: 'md' },
})
