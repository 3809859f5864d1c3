// @ts-check
/**
 * The repository's TypeScript, imported by a Node script (Node 20 cannot strip types): esbuild
 * bundles it into .tmp/bundled/<name>.mjs, which is then imported. Used by the bench and preflight.
 */
import { join } from 'node:path'
import { build } from 'esbuild'
import { ROOT } from './config.mjs'

/**
 * @param {string | { contents: string }} entry a file, or module source resolved from the repository's root
 * @param {string} name the bundle's file name
 * @param {{ external?: string[] }} [options] packages left to Node (native or heavy ones)
 * @returns {Promise<any>}
 */
export async function importTypeScript(entry, name, { external = [] } = {}) {
  const outfile = join(ROOT, '.tmp', 'bundled', `${name}.mjs`)
  await build({
    ...(typeof entry === 'string'
      ? { entryPoints: [entry] }
      : { stdin: { contents: entry.contents, resolveDir: ROOT, loader: 'ts' } }),
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    logLevel: 'silent',
  })
  // A fresh URL each time: Node caches modules by URL, and the bundle may have been rebuilt.
  return import(`${outfile}?${Date.now()}`)
}
