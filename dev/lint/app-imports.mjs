// @ts-check
/**
 * Rules of the app's imports that Biome's import rules cannot say (they see no dynamic import(),
 * nor a name used without an import), checked over the source text by `npm test`
 * (app-imports.test.mjs):
 * - only src/lib/firebase.ts loads the Firebase SDK (`firebase`, `firebase/…`), statically or not;
 * - only src/lib/call.ts calls the server through `callFunction`: everything else uses `call`,
 *   which gives up on a hanging line after 20 s;
 * - test helpers (anything importing Vitest) live in test files, `test-utils/` or `testing/`, not
 *   among the production modules.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

const TEST_FILE = /\.test\.[cm]?[jt]sx?$/
const TEST_FOLDER = /(^|\/)(test-utils|testing)\//
const SOURCE = /\.[cm]?[jt]sx?$/

/** A module specifier naming the Firebase SDK, in an import, an export-from or an import(). */
const FIREBASE_SDK = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]firebase(?:\/[^'"]*)?['"]/
const CALL_FUNCTION = /\bcallFunction\b/
const VITEST = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]vitest['"]/

/**
 * Each broken rule, as "path: what is wrong", for the files given (path relative to the repo, with
 * forward slashes -> contents).
 * @param {Record<string, string>} files
 */
export function importViolations(files) {
  /** @type {string[]} */
  const found = []
  for (const [path, text] of Object.entries(files)) {
    const test = TEST_FILE.test(path) || TEST_FOLDER.test(path)
    if (path.startsWith('src/') && !test) {
      if (path !== 'src/lib/firebase.ts' && FIREBASE_SDK.test(text))
        found.push(`${path}: loads the Firebase SDK, which only src/lib/firebase.ts does`)
      if (path !== 'src/lib/call.ts' && path !== 'src/lib/firebase.ts' && CALL_FUNCTION.test(text))
        found.push(`${path}: uses callFunction; call the server through call() (src/lib/call.ts)`)
    }
    if (!test && VITEST.test(text))
      found.push(`${path}: imports Vitest outside a test: move it to a test-utils/ (or testing/) folder`)
  }
  return found
}

/** The repo's production source folders, read: path (relative, forward slashes) -> contents. @param {string} root */
export function sourceFiles(root) {
  /** @type {Record<string, string>} */
  const files = {}
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (SOURCE.test(entry.name)) files[relative(root, path).split(sep).join('/')] = readFileSync(path, 'utf8')
    }
  }
  for (const folder of ['src', 'functions/src', 'packages/domain/src']) walk(join(root, folder))
  return files
}
