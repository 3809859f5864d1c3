import { defineRecipe, defineTextStyles } from '@pandacss/dev'

/** The type scale: each heading level and the small print, in one place. */
export const textStyles = defineTextStyles({
  heading: {
    hero: { value: { fontSize: { base: '3xl', md: '5xl' }, fontWeight: 'extrabold', lineHeight: '1.1' } },
    page: { value: { fontSize: { base: '3xl', md: '4xl' }, fontWeight: 'extrabold', lineHeight: '1.15' } },
    section: { value: { fontSize: '2xl', fontWeight: 'bold', lineHeight: '1.25' } },
    sub: { value: { fontSize: 'xl', fontWeight: 'bold', lineHeight: '1.3' } },
    card: { value: { fontSize: 'lg', fontWeight: 'bold', lineHeight: '1.35' } },
    label: { value: { fontSize: 'md', fontWeight: 'semibold' } },
  },
  small: { value: { fontSize: 'sm' } },
})

/** Headings by their role on the page (a page's h1, a section, a card), whatever their tag. */
export const headingRecipe = defineRecipe({
  className: 'heading',
  base: { fontFamily: 'heading' },
  variants: {
    level: {
      hero: { textStyle: 'heading.hero' },
      page: { textStyle: 'heading.page' },
      section: { textStyle: 'heading.section' },
      sub: { textStyle: 'heading.sub' },
      card: { textStyle: 'heading.card' },
      label: { textStyle: 'heading.label' },
    },
  },
  defaultVariants: { level: 'section' },
})

/** Body text: its tone (muted for secondary copy, error and success for outcomes) and size. */
export const textRecipe = defineRecipe({
  className: 'text',
  variants: {
    tone: {
      default: {},
      muted: { color: 'fg.muted' },
      error: { color: 'fg.error', fontWeight: 'semibold' },
      success: { color: 'fg.success', fontWeight: 'semibold' },
      accent: { color: 'accent.text', fontWeight: 'semibold' },
    },
    size: {
      sm: { textStyle: 'small' },
      md: {},
      lg: { fontSize: 'lg' },
      figure: { fontSize: '2xl', fontWeight: 'extrabold' },
      stat: { fontSize: '3xl', fontWeight: 'extrabold', color: 'accent.text', lineHeight: '1.2' },
      // A code read aloud or typed at the door: monospaced, spaced out.
      code: { fontFamily: 'mono', fontSize: '2xl', fontWeight: 'bold', letterSpacing: '0.12em' },
    },
    /** `id`: an identifier that may be long (an order id), monospaced and wrapping anywhere. */
    face: { body: {}, id: { fontFamily: 'mono', wordBreak: 'break-all' } },
    align: { start: {}, center: { textAlign: 'center' } },
    weight: {
      normal: {},
      semibold: { fontWeight: 'semibold' },
      bold: { fontWeight: 'bold' },
    },
  },
  defaultVariants: { tone: 'default', size: 'md', weight: 'normal', face: 'body', align: 'start' },
})

/** A link inside running text: the accent colour, underlined. */
export const linkRecipe = defineRecipe({
  className: 'link',
  base: {
    color: 'accent.text',
    textDecoration: 'underline',
    textUnderlineOffset: '2px',
    _hover: { color: 'accent.emphasized' },
  },
})

/** A bulleted (or numbered) list of short items. */
export const bulletsRecipe = defineRecipe({
  className: 'bullets',
  base: { pl: '5', display: 'grid' },
  variants: {
    // `numbered`: steps in order, each a sentence or two.
    marker: { disc: { listStyle: 'disc', gap: '1' }, numbered: { listStyle: 'decimal', gap: '3' } },
  },
  defaultVariants: { marker: 'disc' },
})

/** A short message on a muted panel: a status, an empty state, a note. */
export const noticeRecipe = defineRecipe({
  className: 'notice',
  base: { bg: 'bg.muted', borderRadius: 'l2' },
  variants: {
    size: {
      sm: { p: '3' },
      md: { p: '4' },
      lg: { py: '16', px: '4', textAlign: 'center', borderRadius: 'l3' },
    },
  },
  defaultVariants: { size: 'sm' },
})
