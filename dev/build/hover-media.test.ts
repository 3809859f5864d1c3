import { describe, expect, it } from 'vitest'
import { hoverOutsideHoverMedia } from './hover-media'

describe(':hover only where a pointer hovers', () => {
  it('names a hover rule a phone would keep after a tap', () => {
    const css =
      '@layer recipes{@layer _base{.tile__root[data-state=checked],.tile__root[data-state=checked]:hover{background:red}' +
      '@media (hover:hover){.tile__root:is(:hover,[data-hover]){border-color:blue}}}}' +
      '@media (hover: none){.link:hover{color:red}}' +
      '@media screen and (min-width:40rem){.button:hover{color:red}}'
    expect(hoverOutsideHoverMedia(css)).toEqual([
      '.tile__root[data-state=checked],.tile__root[data-state=checked]:hover',
      '.link:hover',
      '.button:hover',
    ])
  })

  it('passes hover rules inside the media query, at any depth, and selectors that only look alike', () => {
    const css =
      '@media (hover: hover){@layer recipes{.button--variant_solid:is(:hover,[data-hover]){background:green}}}' +
      '@layer utilities{@media (hover:hover) and (pointer:fine){.hover\\:op_1:is(:hover,[data-hover]){opacity:1}}}' +
      '.hover-card{color:red}'
    expect(hoverOutsideHoverMedia(css)).toEqual([])
  })
})
