// @ts-check
/**
 * One owner per collection: a collection with a data module (functions/src/lib/data/<name>.ts, the
 * module named after its collection, in kebab case: insight-marks.ts owns insight_marks) is named by
 * that module alone. Everything else reads and
 * writes it through the module's typed, checked functions. Likewise a service never loads the
 * catalogue: it takes the one its context carries (lib/context.ts). Checked by `npm test`
 * (data-owners.test.mjs); the collections without a module yet are named where they are used, as
 * before, until each gets one.
 */

const DATA_MODULE = /^functions\/src\/lib\/data\/([a-z-]+)\.ts$/
/** The collection a data module owns: its file's name in snake case. */
const ownedBy = (/** @type {string} */ path) => DATA_MODULE.exec(path)?.[1]?.replaceAll('-', '_')
const TEST_FILE = /\.test\.ts$|(^|\/)testing\//
/** What reaches a collection or a document directly. */
const REACHES_DATA = /\b(collectionOf|subcollectionOf|seatClaims)\(|\bfirestore\s*\.\s*(doc|collection)\(/
const NAMES_ONLY = 'functions/src/lib/collections.ts'
/** A service reading the catalogue itself, instead of the one its context carries (read once for the call or the run). */
const LOADS_CATALOGUE = /\bloadCatalogue\(/

/**
 * Each place a collection is named outside its data module, as "path: …", for the files given
 * (repo path with forward slashes -> contents).
 * @param {Record<string, string>} files
 */
export function ownerViolations(files) {
  const owned = Object.keys(files).flatMap((path) => ownedBy(path) ?? [])
  /** @type {string[]} */
  const found = []
  for (const [path, text] of Object.entries(files)) {
    if (!path.startsWith('functions/src/') || TEST_FILE.test(path)) continue
    if (!DATA_MODULE.test(path) && path !== NAMES_ONLY && REACHES_DATA.test(text)) {
      const line = text.split('\n').findIndex((row) => REACHES_DATA.test(row)) + 1
      found.push(`${path}:${line}: reaches Firestore directly: read and write through a data module (lib/data/)`)
    }
    if (path.startsWith('functions/src/services/') && LOADS_CATALOGUE.test(text)) {
      const line = text.split('\n').findIndex((row) => LOADS_CATALOGUE.test(row)) + 1
      found.push(`${path}:${line}: loads the catalogue: take the one in the service's context (lib/context.ts)`)
    }
    const own = ownedBy(path)
    for (const name of owned) {
      if (name === own) continue
      if (new RegExp(`(collectionOf|subcollectionOf)\\([^)]*['"]${name}['"]`).test(text))
        found.push(
          `${path}: names the collection '${name}': read and write it through lib/data/${name.replaceAll('_', '-')}.ts`,
        )
    }
  }
  return found
}
