// @ts-check
/**
 * No module over 300 lines where the house's rules live: the features, the functions' services, the
 * data modules and the domain (tests excepted). The files that were longer when the rule came in are
 * listed with their length then; a listed file may shrink, never grow, and leaves the list once it
 * is under the limit, so the list only gets shorter. Checked by `npm test` (file-size.test.mjs).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

const MAX_LINES = 300
const FOLDERS = ['src/features', 'functions/src/services', 'functions/src/lib/data', 'packages/domain/src']

/** Files over the limit, waiting to be split: path -> the most lines it may have. */
/** @type {Record<string, number>} */
const LONG_FILES = {}

const lineCount = (/** @type {string} */ text) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0)

/**
 * What breaks the rule, for files given as path -> contents, against `allowed` (path -> lines).
 * @param {Record<string, string>} files @param {Record<string, number>} allowed
 */
export function sizeViolations(files, allowed = LONG_FILES) {
  /** @type {string[]} */
  const found = []
  for (const [path, text] of Object.entries(files)) {
    const lines = lineCount(text)
    const most = allowed[path]
    if (most === undefined && lines > MAX_LINES)
      found.push(`${path}: ${lines} lines, over ${MAX_LINES}: split it by concern`)
    else if (most !== undefined && lines > most)
      found.push(`${path}: ${lines} lines, longer than its ${most} on the list of long files: split it, do not grow it`)
    else if (most !== undefined && lines <= MAX_LINES)
      found.push(
        `${path}: ${lines} lines, within ${MAX_LINES} now: take it off the list of long files (dev/lint/file-size.mjs)`,
      )
    else if (most !== undefined && lines < most)
      found.push(
        `${path}: ${lines} lines, shorter than its ${most} on the list of long files: lower it there to ${lines}`,
      )
  }
  for (const path of Object.keys(allowed))
    if (!(path in files)) found.push(`${path}: on the list of long files, but gone: take it off the list`)
  return found
}

/** The modules of FOLDERS, tests excepted: path (relative, forward slashes) -> contents. @param {string} root */
export function checkedFiles(root) {
  /** @type {Record<string, string>} */
  const files = {}
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
        files[relative(root, path).split(sep).join('/')] = readFileSync(path, 'utf8')
    }
  }
  for (const folder of FOLDERS) walk(join(root, folder))
  return files
}
