/**
 * The domain holds no state between calls: whatever it answers depends only on what it is given
 * (the catalogue included), never on what an earlier call left in a module. Read from the sources:
 * no module-level `let` or `var`, and no module-level Map, Set or array that could be filled.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../lib/config.mjs'

const SOURCES = join(ROOT, 'packages', 'domain', 'src')

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourcesUnder(path)
    return /\.tsx?$/.test(entry.name) && !/\.(test|fixture)\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/**
 * Each module-level binding of `source` that holds state, as `file:line name (why)`. The sources are
 * formatted (Biome), so a module-level statement starts its line; a block's are indented.
 */
function moduleState(file: string, source: string): string[] {
  const lines = source.split('\n')
  /** The statement starting at `index`: to its line, or to the line closing it at the left margin. */
  const statement = (index: number) => {
    const end = lines.findIndex((line, at) => at > index && /^[\]}]/.test(line))
    return /[[{(,]$/.test(lines[index] ?? '') ? lines.slice(index, end + 1).join('\n') : (lines[index] ?? '')
  }
  return lines.flatMap((line, index) => {
    const at = (name: string | undefined, why: string) => [`${file}:${index + 1} ${name} (${why})`]
    const variable = /^(?:export )?(let|var) (\w+)/.exec(line)
    if (variable) return at(variable[2], `a module-level ${variable[1]}`)
    const container = /^(?:export )?const (\w+)(?::[^=]+)? = new (Map|Set|WeakMap|WeakSet|Array)\b/.exec(line)
    if (container) return at(container[1], `a module-level ${container[2]}`)
    const array = /^(?:export )?const (\w+)(:[^=]+)? = \[/.exec(line)
    if (array && !/readonly/.test(array[2] ?? '') && !/\bas const\b/.test(statement(index)))
      return at(array[1], 'a module-level array that is not read-only')
    return []
  })
}

describe('the domain package', () => {
  it('keeps no state in its modules', () => {
    const found = sourcesUnder(SOURCES).flatMap((path) =>
      moduleState(relative(SOURCES, path), readFileSync(path, 'utf8')),
    )
    expect(found).toEqual([])
  })

  it('would see state if a module kept it', () => {
    expect(
      moduleState(
        'x.ts',
        'let installed = 1\nconst listeners = new Set<() => void>()\nconst cache = new Map()\nconst queue = []\nconst LIST = [1] as const\nexport const f = () => installed',
      ),
    ).toEqual([
      'x.ts:1 installed (a module-level let)',
      'x.ts:2 listeners (a module-level Set)',
      'x.ts:3 cache (a module-level Map)',
      'x.ts:4 queue (a module-level array that is not read-only)',
    ])
  })
})
