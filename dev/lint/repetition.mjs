// @ts-check
/**
 * The repetition budget: the copies of six or more lines (and 50 tokens) that jscpd finds in the
 * repo's code, against the count and the lines they held when the budget was set. A change that
 * adds a copy fails `npm test` (repetition.test.mjs); one that removes copies lowers the budget,
 * so it only goes down.
 */
import { createRequire } from 'node:module'
import { join, relative, sep } from 'node:path'
import { ROOT } from '../lib/config.mjs'

/** jscpd's CommonJS entry (its ESM build does not resolve a dependency of its own under Node). */
const { detectClones } = /** @type {typeof import('jscpd')} */ (createRequire(import.meta.url)('jscpd'))

/** Copies and the lines they repeat, as measured when the budget was last lowered. */
const BUDGET = { clones: 8, lines: 79 }

/**
 * jscpd's mild mode (blank lines and line ends left out), with import declarations left out too: a
 * list of the names a module imports is not code written twice (the duplicates tool passes over
 * import lines as well), and counting them made any two modules that use the same helpers a copy.
 * Read in order, a file at a time: an import runs from its keyword to its module's name.
 */
function codeWithoutImports() {
  let skipping = false
  let previous = ''
  return (/** @type {{ type: string, value: string }} */ token) => {
    if (token.type === 'empty' || token.type === 'new_line' || token.type === 'ignore') return false
    if (!skipping && token.type === 'keyword' && token.value === 'import') {
      skipping = true
      previous = 'import'
      return false
    }
    if (!skipping) return true
    // import('…'): a dynamic import is code, from its parenthesis on.
    if (previous === 'import' && token.value === '(') {
      skipping = false
      return true
    }
    if (token.type === 'string' && (previous === 'from' || previous === 'import')) skipping = false
    previous = token.value
    return false
  }
}

const OPTIONS = {
  mode: codeWithoutImports(),
  minLines: 6,
  minTokens: 50,
  silent: true,
  reporters: [],
  gitignore: true,
  format: ['typescript', 'tsx', 'javascript'],
  ignore: ['**/node_modules/**', '**/*.gen.ts', '**/styled-system/**', '**/dist/**', '**/functions/lib/**'],
}

/**
 * The copies jscpd finds under `paths` (relative to `cwd`), each as "a.ts:10-24 ~ b.ts:40-54".
 * @param {string[]} paths @param {string} [cwd]
 */
export async function copies(paths, cwd = ROOT) {
  const clones = await detectClones({ ...OPTIONS, path: paths.map((path) => join(cwd, path)) })
  const name = (/** @type {string} */ id) => relative(cwd, id).split(sep).join('/')
  return clones.map(({ duplicationA: a, duplicationB: b }) => ({
    where: `${name(a.sourceId)}:${a.start.line}-${a.end.line} ~ ${name(b.sourceId)}:${b.start.line}-${b.end.line}`,
    lines: a.end.line - a.start.line + 1,
  }))
}

/** The repo's code, as the budget counts it. */
export const CODE = ['src', 'functions/src', 'packages', 'dev', 'tests']

/**
 * What is wrong with `found` against `budget`: more copies or lines fail, fewer ask for the budget
 * to come down to them.
 * @param {{ where: string, lines: number }[]} found @param {{ clones: number, lines: number }} budget
 */
export function overBudget(found, budget = BUDGET) {
  const lines = found.reduce((sum, copy) => sum + copy.lines, 0)
  if (found.length > budget.clones || lines > budget.lines)
    return [
      `${found.length} copies of ${lines} lines, over the budget of ${budget.clones} copies of ${budget.lines}: ` +
        'make the repeated code one piece both places use. The copies:',
      ...found.map((copy) => copy.where),
    ]
  if (found.length < budget.clones || lines < budget.lines)
    return [
      `${found.length} copies of ${lines} lines, under the budget: lower BUDGET in dev/lint/repetition.mjs to them`,
    ]
  return []
}
