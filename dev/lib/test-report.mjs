// @ts-check
/**
 * What `npm test` says at the end: the counts from Vitest's and Playwright's JSON reports, and each
 * failed test by file, name and first line of error, so the last lines of a CI log say what broke.
 */
import { existsSync, readFileSync } from 'node:fs'

/** @typedef {{ passed: number, failed: number, skipped: number, failures: string[] }} SuiteReport */

/** Terminal colours out of a message. @param {unknown} message */
// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colours in error messages
const plain = (message) => String(message ?? '').replace(/\u001b\[[0-9;]*m/g, '')

/**
 * An error message on one line: its first lines up to the stack trace, without terminal colours.
 * @param {unknown} message
 */
export const headline = (message) =>
  plain(message)
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
 * What a test that ran out of time was waiting for: Playwright reports the step under way as a
 * second error, located in the spec, with its call log (the locator, then the last thing it saw).
 * Without it a CI log says only "Test timeout of 30000ms exceeded".
 * @param {{ message?: string, location?: { file: string, line: number } }[] | undefined} errors
 */
export function pendingStep(errors) {
  const step = errors?.find((error) => error.location)
  if (!step?.location) return undefined
  const lines = plain(step.message).split('\n')
  const start = lines.findIndex((line) => line.startsWith('Call log:')) + 1
  const end = lines.findIndex((line, i) => i >= start && !line.trim())
  const calls = lines
    .slice(start || lines.length, end === -1 ? undefined : end)
    .map((line) => line.trim().replace(/^(\d+ × )?- /, ''))
  // The locator it waited for, and the last thing it saw (a retry's bookkeeping says nothing).
  const saw = calls.findLast((line) => !/^(retrying|attempting|waiting \d+ms|waiting for element)/.test(line))
  const where = `${step.location.file.split('/').at(-1)}:${step.location.line}`
  const said = [lines[0]?.replace(/: Test timeout of \d+ms exceeded\.$/, ''), calls[0], saw]
  return `${where} ${[...new Set(said.filter(Boolean))].join(' · ')}`.slice(0, 300)
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
        const result = test.results?.at(-1)
        const step = pendingStep(result?.errors)
        yield `${spec.file}:${spec.line} › ${name}: ${headline(result?.error?.message)}${step ? ` (at ${step})` : ''}`
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
