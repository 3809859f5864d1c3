// @ts-check
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'

/**
 * A temporary folder for one test file's JSON files, removed once its tests are done: `dir`, and
 * `file`, which writes `json` there under `name` and gives its path.
 * @param {string} prefix the folder's name starts with it
 */
export function jsonFolder(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  /** @param {string} name @param {unknown} json */
  const file = (name, json) => {
    const path = join(dir, name)
    writeFileSync(path, JSON.stringify(json))
    return path
  }
  return { dir, file }
}
