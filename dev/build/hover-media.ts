/**
 * Every `:hover` rule of the built CSS sits inside `@media (hover: hover)`. A phone applies :hover
 * to whatever a finger tapped and keeps it there, so a hover style shows as a stuck colour after
 * the tap, and its change costs the tap a restyle and a repaint before the tap's own frame. Panda's
 * `_hover` condition carries the media query (panda.config.ts); a hand-written `:hover` selector
 * does not, and the build fails naming it.
 */
import postcss, { type AtRule, type Container } from 'postcss'
import { builtCssCheck } from './built-css'

const HOVER = /:hover\b/
const HOVER_MEDIA = /\(\s*hover\s*:\s*hover\s*\)/

const insideHoverMedia = (node: Container | undefined): boolean => {
  for (let parent = node; parent; parent = parent.parent as Container | undefined) {
    if (parent.type === 'atrule' && (parent as AtRule).name === 'media' && HOVER_MEDIA.test((parent as AtRule).params))
      return true
  }
  return false
}

/** The selectors of the CSS that name `:hover` outside a `@media (hover: hover)` block. */
export function hoverOutsideHoverMedia(css: string): string[] {
  const found: string[] = []
  postcss.parse(css).walkRules((rule) => {
    if (HOVER.test(rule.selector) && !insideHoverMedia(rule.parent)) found.push(rule.selector)
  })
  return found
}

/** The production build's check over the CSS it wrote. */
export const hoverOnlyWhereHovering = () =>
  builtCssCheck('yaari:hover-only-where-hovering', (css) => {
    const found = hoverOutsideHoverMedia(css)
    return found.length > 0
      ? `:hover outside @media (hover: hover) in the built CSS (a colour a phone keeps after a tap): ${found.join(', ')}. ` +
          "Use Panda's _hover condition, which carries the media query."
      : undefined
  })
