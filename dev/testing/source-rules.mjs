// @ts-check
import { expect } from 'vitest'

/**
 * A source rule holds over the repo: the files read from it include `known` (so the walk found the
 * tree), and `violations` finds nothing wrong in them.
 * @param {Record<string, string>} files path -> contents, as the rule reads them
 * @param {string} known
 * @param {(files: Record<string, string>) => string[]} violations
 */
export function expectTreeKeeps(files, known, violations) {
  expect(Object.keys(files)).toContain(known)
  expect(violations(files)).toEqual([])
}
