// @ts-check
/**
 * One name a feature: groups are "groups" and notifications "notifications", in folders, files and
 * exported names alike. The words they replaced (seating, tables, notify, notices) come back
 * with each new file unless the build refuses them. A data module keeps its collection's stored name
 * (lib/data/seatings.ts owns `seatings`): renaming stored data is a migration, not a lint fix.
 * Checked by `npm test` (feature-names.test.mjs).
 */

/** A retired word, where it may not stand, and the word to use instead. */
const RETIRED = [
  { word: /seating/i, use: 'groups' },
  { word: /notify/i, use: 'notifications' },
  { word: /(^|[/-])(notices?|tables?)([.-]|$)/, use: 'notifications or groups' },
]
/** A data module, named after its collection. */
const DATA_MODULE = /^functions\/src\/lib\/data\/[a-z-]+\.ts$/
/** Exported names that use a retired word. */
const EXPORTED = /^export\s+(?:async\s+)?(?:const|let|function|interface|type|class|enum)\s+([A-Za-z_$][\w$]*)/gm
const RETIRED_IN_NAMES = /seating|notify|TableView/i

/**
 * Each path or exported name that uses a retired word, as "path: …", for the files given (repo
 * path with forward slashes -> contents).
 * @param {Record<string, string>} files
 */
export function nameViolations(files) {
  /** @type {string[]} */
  const found = []
  for (const [path, text] of Object.entries(files)) {
    if (!DATA_MODULE.test(path)) {
      const retired = RETIRED.find(({ word }) => word.test(path))
      if (retired) found.push(`${path}: its path uses a retired word: name it with ${retired.use}`)
    }
    for (const [, name] of text.matchAll(EXPORTED)) {
      if (name && RETIRED_IN_NAMES.test(name))
        found.push(`${path}: exports ${name}, a retired word: name it with groups or notifications`)
    }
  }
  return found
}
