import { fileURLToPath } from 'node:url'
import { parseAst } from 'vite'
import { beforeAll, describe, expect, it } from 'vitest'
import { inlineClassNames, loadRuntime } from './panda-static-classes'

type Runtime = Awaited<ReturnType<typeof loadRuntime>>
let runtime: Runtime
beforeAll(async () => {
  runtime = await loadRuntime(fileURLToPath(new URL('../../styled-system', import.meta.url)))
})

const css = (...args: unknown[]) => (runtime['styled-system/css'].css as (...a: unknown[]) => string)(...args)
const recipe = (name: string) => runtime['styled-system/recipes'][name] as (...a: unknown[]) => unknown
const pattern = (name: string) => runtime['styled-system/patterns'][name] as (...a: unknown[]) => string

/** Transforms a module (plain JavaScript, as the bundler gives it, given line by line) the way the build does. */
const transform = (...lines: string[]) =>
  inlineClassNames(lines.join('\n'), '/app/src/module.js', runtime, (source) => parseAst(source))

/**
 * Runs a transformed module's default export with no runtime at all: its styled-system imports
 * are removed, so a call left to the runtime would throw.
 */
function runWithoutRuntime(code: string): (...args: unknown[]) => unknown {
  const body = code.replace(/^import .* from 'styled-system\/\w+'\n/gm, '').replace('export default', 'return')
  return new Function(body)() as (...args: unknown[]) => unknown
}

describe('static class names', () => {
  it('replaces css(), recipe and pattern calls with what the runtime returns', () => {
    const result = transform(
      "import { css } from 'styled-system/css'",
      "import { button, dialog } from 'styled-system/recipes'",
      "import { stack } from 'styled-system/patterns'",
      "export default () => [css({ display: 'flex', px: { base: '4', md: '6' }, _hover: { color: 'fg.muted' } }), button({ variant: 'ghost', size: 'sm' }), button(), stack({ gap: '2' }), dialog()]",
    )
    expect(result?.replaced).toBe(5)
    expect(result?.code).not.toMatch(/css\(|button\(|stack\(|dialog\(/)
    expect(runWithoutRuntime(result!.code)()).toEqual([
      css({ display: 'flex', px: { base: '4', md: '6' }, _hover: { color: 'fg.muted' } }),
      recipe('button')({ variant: 'ghost', size: 'sm' }),
      recipe('button')(),
      pattern('stack')({ gap: '2' }),
      recipe('dialog')(),
    ])
    // A slot recipe gives an object of class names.
    expect(recipe('dialog')()).toEqual(expect.objectContaining({ content: expect.any(String) }))
  })

  it('a condition becomes a choice between the class names of each branch, nested too', () => {
    const result = transform(
      "import { css } from 'styled-system/css'",
      "export default (transparent, open) => css({ bg: transparent ? (open ? 'bg.surface' : 'transparent') : 'bg.surface', borderBottomWidth: transparent ? '0' : '1px' })",
    )
    const run = runWithoutRuntime(result!.code)
    for (const transparent of [true, false]) {
      for (const open of [true, false]) {
        expect(run(transparent, open)).toBe(
          css({
            bg: transparent ? (open ? 'bg.surface' : 'transparent') : 'bg.surface',
            borderBottomWidth: transparent ? '0' : '1px',
          }),
        )
      }
    }
  })

  it("a recipe's variant given by name becomes a lookup of every value, and the default for none", () => {
    const result = transform(
      "import { cx } from 'styled-system/css'",
      "import { button } from 'styled-system/recipes'",
      'export default (props) => button({ variant: props.variant, size: props.size })',
    )
    expect(result?.replaced).toBe(1)
    const run = runWithoutRuntime(result!.code)
    const { variantMap } = recipe('button') as unknown as { variantMap: Record<string, string[]> }
    for (const variant of [...variantMap.variant, undefined]) {
      for (const size of [...variantMap.size, undefined]) {
        expect(run({ variant, size })).toBe(recipe('button')({ variant, size }))
      }
    }
  })

  it('class functions inside class functions and slots of a slot recipe are evaluated too', () => {
    const result = transform(
      "import { css, cx } from 'styled-system/css'",
      "import { dataList } from 'styled-system/recipes'",
      "export default () => cx(dataList({ layout: 'summary' }).root, css({ mt: '5' }))",
    )
    const expected = (runtime['styled-system/css'].cx as (...a: unknown[]) => string)(
      (recipe('dataList')({ layout: 'summary' }) as Record<string, string>).root,
      css({ mt: '5' }),
    )
    expect(runWithoutRuntime(result!.code)()).toBe(expected)
  })

  it('leaves calls whose arguments are only known at run time, and keeps their import', () => {
    const result = transform(
      "import { css } from 'styled-system/css'",
      "export default (color, extra) => [css({ background: color }), css({ color: 'red' }, extra), css({ ...extra })]",
    )
    expect(result).toBeUndefined()
  })

  it('leaves a call when there would be too many outcomes', () => {
    const conditions = Array.from({ length: 6 }, (_, i) => `p${i}: c${i} ? '1' : '2'`).join(', ')
    const code = `import { css } from 'styled-system/css'\nexport default (c0, c1, c2, c3, c4, c5) => css({ ${conditions} })`
    expect(transform(code)).toBeUndefined()
  })

  it('trusts no import that the module shadows with a name of its own', () => {
    expect(
      transform(
        "import { heading } from 'styled-system/recipes'",
        "export default (heading) => heading({ level: 'card' })",
      ),
    ).toBeUndefined()
  })

  it('ignores modules without styled-system imports and calls of other functions', () => {
    expect(transform("export default () => css({ color: 'red' })")).toBeUndefined()
    expect(
      transform("import { cva } from 'styled-system/css'\nexport default cva({ base: { color: 'red' } })"),
    ).toBeUndefined()
  })

  it('maps the replaced code back to the source', () => {
    const result = transform("import { css } from 'styled-system/css'\nexport default () => css({ color: 'red' })")
    expect(result?.map.sources).toEqual(['/app/src/module.js'])
    expect(result?.map.mappings).not.toBe('')
  })
})
