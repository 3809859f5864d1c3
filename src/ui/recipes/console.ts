import { defineSlotRecipe } from '@pandacss/dev'

/** A figure with its label above it, on a muted tile (a date's seats, paid, checked in). */
export const statRecipe = defineSlotRecipe({
  className: 'stat',
  slots: ['root', 'label', 'value'],
  base: {
    root: { bg: 'bg.muted', borderRadius: 'l2', p: '2', textAlign: 'center' },
    label: { fontSize: 'sm', color: 'fg.muted' },
    value: { fontWeight: 'bold', fontSize: 'xl' },
  },
})

/** A verdict that fills the screen, readable at arm's length: admit on green, refuse on red. */
export const verdictRecipe = defineSlotRecipe({
  className: 'verdict',
  slots: ['root', 'title', 'detail'],
  base: {
    root: {
      position: 'fixed',
      inset: '0',
      zIndex: 'overlay',
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'center',
      alignItems: 'center',
      gap: '3',
      p: '6',
      textAlign: 'center',
      color: 'white',
    },
    title: { fontSize: '4xl', fontWeight: 'bold', lineHeight: 'tight' },
    detail: { fontSize: 'xl', '& strong': { fontWeight: 'semibold' } },
  },
  variants: {
    kind: { admit: { root: { bg: 'green.800' } }, refuse: { root: { bg: 'red.700' } } },
  },
  defaultVariants: { kind: 'refuse' },
})

/** A `<details>` whose summary is a heading or a link that opens it. */
export const disclosureRecipe = defineSlotRecipe({
  className: 'disclosure',
  slots: ['root', 'summary'],
  base: {
    root: { '& > summary + *': { mt: '3' } },
    summary: { cursor: 'pointer' },
  },
  variants: {
    summary: {
      heading: { summary: { textStyle: 'heading.section', fontFamily: 'heading' } },
      link: {
        summary: {
          color: 'accent.text',
          textDecoration: 'underline',
          textUnderlineOffset: '2px',
          _hover: { color: 'accent.emphasized' },
        },
      },
    },
  },
  defaultVariants: { summary: 'link' },
})

/** A title with its chips or actions on one line, wrapping under it on a narrow screen. */
export const toolbarRecipe = defineSlotRecipe({
  className: 'toolbar',
  slots: ['root', 'title'],
  base: {
    root: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '2' },
    title: { minW: '0', overflowWrap: 'anywhere' },
  },
})
