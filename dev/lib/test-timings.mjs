// @ts-check
/**
 * Where `npm test`'s time goes: per layer (the steps dev/test.mjs ran), per file (from Vitest's and
 * Playwright's JSON reports), the slowest end-to-end and integration files, and, inside an
 * end-to-end file, the time its tests spent in each kind of step the shared helpers name
 * (`timed()` in tests/e2e/support.ts: signing in or up through the UI, a stack job, a reload...;
 * onboarding through the UI is onboarding.spec.ts's own time, the only file that walks it).
 * Written to .tmp/results/timings.md by `npm test`; `node dev/lib/test-timings.mjs` prints it again
 * from the last run's reports.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The kinds of step the end-to-end helpers time; a step titled "<kind>: ..." counts for its kind.
 * Everything else a test does is its own work (or, before its first step, its browser's start).
 */
export const STEP_KINDS = /** @type {const} */ ([
  'sign-up (UI)',
  'sign-in (UI)',
  'checkout (UI)',
  'setup (API)',
  'stack job',
  'reload',
  'service worker',
  'hanging wait',
])

/**
 * @typedef {{ file: string, seconds: number, tests: number, before?: number, steps?: Record<string, number> }} FileTime
 * `before`: of `seconds`, what ran before the file's tests (its environment, imports and top-level work).
 */

/**
 * Per test file of a Vitest layer: its own time and its number of tests. From the file the
 * layer's reporter (vitest-file-times.mjs) wrote, which counts everything the file ran; otherwise
 * from Vitest's JSON report, whose span of a file is only its first test's start to its last test's
 * end (no imports, no setup file). Undefined when neither is there.
 * @param {string} file the JSON report @param {string} root
 * @returns {FileTime[] | undefined}
 */
export function vitestFileTimes(file, root) {
  const own = file.replace(/\.json$/, '-files.json')
  if (existsSync(own)) {
    return JSON.parse(readFileSync(own, 'utf8')).map((/** @type {FileTime} */ row) => ({
      ...row,
      file: row.file.replace(`${root}/`, ''),
    }))
  }
  if (!existsSync(file)) return undefined
  const report = JSON.parse(readFileSync(file, 'utf8'))
  return (report.testResults ?? []).map((/** @type {any} */ suite) => ({
    file: String(suite.name).replace(`${root}/`, ''),
    seconds: Math.max(0, (Number(suite.endTime) - Number(suite.startTime)) / 1000) || 0,
    tests: (suite.assertionResults ?? []).length,
  }))
}

/** @param {any[]} steps @param {Record<string, number>} into */
function addSteps(steps, into) {
  for (const step of steps ?? []) {
    const kind = STEP_KINDS.find((k) => String(step.title).startsWith(`${k}:`))
    // A step of a kind is counted whole; steps inside it are part of it.
    if (kind) into[kind] = (into[kind] ?? 0) + Number(step.duration ?? 0) / 1000
    else addSteps(step.steps, into)
  }
}

/**
 * Per spec file of a Playwright JSON report: the time its tests ran (every project and every
 * attempt, summed: worker time, not wall time, as files run side by side), its number of test
 * runs, and the time in each kind of step. Undefined when the report is missing.
 * @param {string} file @returns {FileTime[] | undefined}
 */
export function playwrightFileTimes(file) {
  if (!existsSync(file)) return undefined
  const report = JSON.parse(readFileSync(file, 'utf8'))
  /** @type {Map<string, FileTime & { steps: Record<string, number> }>} */
  const files = new Map()
  const walk = (/** @type {any} */ suite) => {
    for (const spec of suite.specs ?? []) {
      const entry = files.get(spec.file) ?? { file: spec.file, seconds: 0, tests: 0, steps: {} }
      files.set(spec.file, entry)
      for (const test of spec.tests ?? []) {
        entry.tests++
        for (const result of test.results ?? []) {
          entry.seconds += Number(result.duration ?? 0) / 1000
          addSteps(result.steps, entry.steps)
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child)
  }
  for (const suite of report.suites ?? []) walk(suite)
  return [...files.values()]
}

const s = (/** @type {number} */ seconds) => `${seconds.toFixed(1)} s`

/**
 * The report as Markdown.
 * @param {{
 *   layers: { name: string, seconds: number, ok: boolean }[],
 *   unit?: FileTime[], integration?: FileTime[], e2e?: FileTime[],
 *   slowest?: number,
 * }} times
 */
export function timingReport({ layers, unit, integration, e2e, slowest = 20 }) {
  const lines = ['# Where the time of `npm test` went', '', '| layer | time |', '|---|---|']
  for (const layer of layers) lines.push(`| ${layer.name}${layer.ok ? '' : ' (FAILED)'} | ${s(layer.seconds)} |`)
  const byTime = (/** @type {FileTime[]} */ rows) => [...rows].sort((a, b) => b.seconds - a.seconds)
  const total = (/** @type {FileTime[]} */ rows) => rows.reduce((sum, row) => sum + row.seconds, 0)

  if (e2e?.length) {
    const sums = Object.fromEntries(
      STEP_KINDS.map((kind) => [kind, e2e.reduce((sum, row) => sum + (row.steps?.[kind] ?? 0), 0)]),
    )
    const kinds = STEP_KINDS.filter((kind) => sums[kind])
    lines.push(
      '',
      `## The ${Math.min(slowest, e2e.length)} slowest end-to-end files (of ${e2e.length}; worker time, ${s(total(e2e))} in all)`,
      '',
      `| file | runs | time | ${[...kinds, "the tests' own"].join(' | ')} |`,
      `|---|---|---|${[...kinds, ''].map(() => '---|').join('')}`,
    )
    for (const row of byTime(e2e).slice(0, slowest)) {
      const steps = row.steps ?? {}
      const stepped = Object.values(steps).reduce((sum, value) => sum + value, 0)
      const cells = [...kinds.map((kind) => (steps[kind] ? s(steps[kind]) : '')), s(row.seconds - stepped)]
      lines.push(`| tests/e2e/${row.file} | ${row.tests} | ${s(row.seconds)} | ${cells.join(' | ')} |`)
    }
    if (kinds.length)
      lines.push('', `All end-to-end files: ${kinds.map((kind) => `${kind} ${s(sums[kind] ?? 0)}`).join(', ')}.`)
  }
  for (const [name, rows] of /** @type {const} */ ([
    ['integration', integration],
    ['unit and component', unit],
  ])) {
    if (!rows?.length) continue
    const shown = name === 'integration' ? slowest : 10
    const before = rows.some((row) => row.before !== undefined)
    lines.push(
      '',
      `## The ${Math.min(shown, rows.length)} slowest ${name} files (of ${rows.length}; ${s(total(rows))} in all)`,
      '',
      `| file | tests | time |${before ? ' of which before its tests (imports, setup) |' : ''}`,
      `|---|---|---|${before ? '---|' : ''}`,
    )
    for (const row of byTime(rows).slice(0, shown))
      lines.push(`| ${row.file} | ${row.tests} | ${s(row.seconds)} |${before ? ` ${s(row.before ?? 0)} |` : ''}`)
  }
  return `${lines.join('\n')}\n`
}

/**
 * The report of the reports in `results` (the folder dev/test.mjs writes them to), written beside
 * them as timings.md and returned.
 * @param {string} results @param {string} root @param {{ name: string, seconds: number, ok: boolean }[]} layers
 */
export function writeTimingReport(results, root, layers) {
  const text = timingReport({
    layers,
    unit: vitestFileTimes(join(results, 'unit.json'), root),
    integration: vitestFileTimes(join(results, 'integration.json'), root),
    e2e: playwrightFileTimes(join(results, 'e2e.json')),
  })
  writeFileSync(join(results, 'timings.md'), text)
  return text
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '')
  const results = join(root, '.tmp', 'results')
  const layers = existsSync(join(results, 'layers.json'))
    ? JSON.parse(readFileSync(join(results, 'layers.json'), 'utf8'))
    : []
  process.stdout.write(writeTimingReport(results, root, layers))
}
