import { describe, expect, it } from 'vitest'
import { theme } from '../../src/ui/theme'
import { classesWithoutRule, variantClasses } from './recipe-variants'

const config = {
  recipes: {
    button: { className: 'button', variants: { size: { sm: { px: '2' }, lg: { px: '4' }, none: {} } } },
  },
  slotRecipes: {
    verdict: {
      className: 'verdict',
      slots: ['root', 'title'],
      variants: { kind: { admit: { root: { bg: 'green.800' } }, refuse: { root: { bg: 'red.700' }, title: {} } } },
    },
  },
}

describe('recipe variants in the built CSS', () => {
  it('names the class of each variant value that has a style, slot by slot', () => {
    expect(variantClasses(config)).toEqual([
      'button--size_sm',
      'button--size_lg',
      'verdict__root--kind_admit',
      'verdict__root--kind_refuse',
    ])
  })

  it('finds the variant the extraction never saw (the door admitting a guest)', () => {
    // What the build wrote while the verdict's kind was chosen at run time: refuse only.
    const css =
      '@layer recipes{.button--size_sm{padding-inline:var(--spacing-2)}.button--size_lg{padding-inline:var(--spacing-4)}' +
      '.verdict__root--kind_refuse{background:var(--colors-red-700)}.verdict__root--kind_admitted{color:red}}'
    expect(classesWithoutRule(variantClasses(config), css)).toEqual(['verdict__root--kind_admit'])
    expect(classesWithoutRule(variantClasses(config), `${css}.verdict__root--kind_admit:where(a){x:y}`)).toEqual([])
  })

  it('reads the app theme: the verdict has both kinds', () => {
    expect(variantClasses(theme.extend)).toEqual(
      expect.arrayContaining(['verdict__root--kind_admit', 'verdict__root--kind_refuse']),
    )
  })
})
