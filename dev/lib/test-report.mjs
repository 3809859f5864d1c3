// @ts-check
/**
 * What `npm test` says at the end: the counts from Vitest's and Playwright's JSON reports, and each
 * failed test by file, name and first line of error, so the last lines of a CI log say what broke.
 */
import { existsSync, readFileSync } from 'node:fs'

/** @typedef {{ passed: number, failed: number, skipped: number, failures: string[] }} SuiteReport */

/**
 * An error message on one line: its first lines up to the stack trace, without terminal colours.
 * @param {unknown} message
 */
export const headline = (message) =>
  String(message ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colours in error messages
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('at '))
    .slice(0, 3)
    .join(' · ')
    .slice(0, 300)

/**
 * A Vitest JSON report, or undefined when the suite never wrote one (it did not run).
 * @param {string} file @param {string} root the checkout, left off the files' paths
 * @returns {SuiteReport | undefined}
 */
export function vitestReport(file, root) {
  if (!existsSync(file)) return undefined
  const report = JSON.parse(readFileSync(file, 'utf8'))
  /** @type {string[]} */
  const failures = []
  for (const suite of report.testResults ?? []) {
    const path = String(suite.name).replace(`${root}/`, '')
    const tests = suite.assertionResults ?? []
    for (const test of tests)
      if (test.status === 'failed') failures.push(`${path} › ${test.fullName}: ${headline(test.failureMessages?.[0])}`)
    // A file that failed before any of its tests ran (an import, a hook) has no failed test to name.
    if (suite.status === 'failed' && !tests.some((/** @type {{ status: string }} */ t) => t.status === 'failed'))
      failures.push(`${path}: ${headline(suite.message)}`)
  }
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
    failures,
  }
}

/**
 * @param {any} suite @param {string[]} titles the enclosing describe blocks
 * @returns {Generator<string>}
 */
function* playwrightFailures(suite, titles) {
  const here = suite.title && !suite.file?.endsWith(suite.title) ? [...titles, suite.title] : titles
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? [])
      if (test.status === 'unexpected') {
        const name = [`[${test.projectName}]`, ...here, spec.title].join(' › ')
        yield `${spec.file}:${spec.line} › ${name}: ${headline(test.results?.at(-1)?.error?.message)}`
      }
  for (const child of suite.suites ?? []) yield* playwrightFailures(child, here)
}

/**
 * A Playwright JSON report, or undefined when the suite never wrote one. A test that passed on a
 * retry counts as passed.
 * @param {string} file @returns {SuiteReport | undefined}
 */
export function playwrightReport(file) {
  if (!existsSync(file)) return undefined
  const report = JSON.parse(readFileSync(file, 'utf8'))
  const failures = (report.suites ?? []).flatMap((/** @type {any} */ suite) => [...playwrightFailures(suite, [])])
  const { stats } = report
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped, failures }
}
