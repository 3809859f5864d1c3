// @ts-check
/**
 * A Vitest reporter for `npm test`'s timing report (test-timings.mjs): each test file's own time,
 * its tests and hooks and also what runs before them (the environment, Vitest's harness, importing
 * the setup files and the file itself, with its top-level work), which Vitest's JSON report leaves
 * out of a file's start and end. Writes them to the file YAARI_FILE_TIMES names.
 */
import { writeFileSync } from 'node:fs'

/** @typedef {import('vitest/node').TestModule} TestModule */

export default class FileTimes {
  /** @type {{ file: string, tests: number, seconds: number, before: number }[]} */
  files = []

  /** @param {TestModule} module */
  onTestModuleEnd(module) {
    const d = module.diagnostic()
    const before = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration
    this.files.push({
      file: module.moduleId,
      tests: [...module.children.allTests()].length,
      seconds: (before + d.duration) / 1000,
      before: before / 1000,
    })
  }

  onTestRunEnd() {
    if (process.env.YAARI_FILE_TIMES) writeFileSync(process.env.YAARI_FILE_TIMES, JSON.stringify(this.files))
  }
}
