#!/usr/bin/env node
// @ts-check
/**
 * `npm run coverage`: `npm test` with coverage, then which lines of the app (src/) and of the
 * functions (functions/src/) the tests ran: Vitest's V8 coverage of the unit and component tests
 * and of the integration tests (the code they run in their own process), plus Playwright's of the
 * end-to-end tests (the app's built scripts as Chromium ran them, mapped back to src/ through the
 * build's source maps). A line counts once any layer ran it; the lines that count are those
 * Vitest's report lists for the files of src/ and functions/src/ (every file, run or not).
 * Prints a table per area and layer and writes it to .tmp/coverage/summary.json. `--report-only`
 * reports what the last run left in .tmp/coverage without running the tests again.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { mergeProcessCovs } from '@bcoe/v8-coverage'
import libCoverage from 'istanbul-lib-coverage'
import MCR from 'monocart-coverage-reports'
import { ROOT } from './lib/config.mjs'

const COVERAGE = join(ROOT, '.tmp', 'coverage')
const AREAS = /** @type {const} */ (['src/', 'functions/src/'])

let status = 0
if (!process.argv.includes('--report-only')) {
  rmSync(COVERAGE, { recursive: true, force: true })
  status =
    spawnSync(process.execPath, [join(ROOT, 'dev', 'test.mjs')], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, YAARI_COVERAGE: '1' },
    }).status ?? 1
}

/** @typedef {Map<string, Map<number, number>>} Lines file (repository path) -> line -> hits */

/** The lines of an Istanbul JSON report, by repository path. @param {string} file @returns {Lines} */
function linesOf(file) {
  /** @type {Lines} */
  const lines = new Map()
  if (!existsSync(file)) return lines
  const map = libCoverage.createCoverageMap(JSON.parse(readFileSync(file, 'utf8')))
  for (const path of map.files()) {
    const hits = map.fileCoverageFor(path).getLineCoverage()
    lines.set(relative(ROOT, path), new Map(Object.entries(hits).map(([line, count]) => [Number(line), Number(count)])))
  }
  return lines
}

/** The end-to-end tests' coverage: each script's runs merged, mapped to src/ by the build's source maps. */
async function e2eLines() {
  const dir = join(COVERAGE, 'e2e')
  if (!existsSync(dir)) return new Map()
  const runs = readdirSync(dir).map((name) => ({
    result: /** @type {{ url: string, functions: unknown[] }[]} */ (
      JSON.parse(readFileSync(join(dir, name), 'utf8'))
    ).map((entry, i) => ({ scriptId: String(i), ...entry })),
  }))
  const merged = mergeProcessCovs(runs).result
  const report = MCR({
    name: 'end-to-end',
    outputDir: join(COVERAGE, 'e2e-report'),
    reports: [['json', { file: 'coverage-final.json' }]],
    // Only the repository's own files (by the paths the source maps give, from the repository's root).
    sourceFilter: (path) => /(^|\/)src\//.test(path) && !/node_modules/.test(path),
    logging: 'error',
  })
  for (const script of merged) {
    const file = join(ROOT, 'dist', new URL(script.url).pathname)
    if (!existsSync(file) || !existsSync(`${file}.map`)) continue
    await report.add([
      {
        ...script,
        source: readFileSync(file, 'utf8'),
        sourceMap: JSON.parse(readFileSync(`${file}.map`, 'utf8')),
      },
    ])
  }
  await report.generate()
  return linesOf(join(COVERAGE, 'e2e-report', 'coverage-final.json'))
}

const layers = {
  unit: linesOf(join(COVERAGE, 'unit', 'coverage-final.json')),
  integration: linesOf(join(COVERAGE, 'integration', 'coverage-final.json')),
  e2e: await e2eLines(),
}

/**
 * The lines Vitest lists for every file of `area`, and which of them `sources` ran.
 * @param {string} area @param {Lines[]} sources
 */
function count(area, sources) {
  let total = 0
  let covered = 0
  // Every file of the area, run or not, is in the unit report (coverage.include).
  for (const [file, lines] of layers.unit) {
    if (!file.startsWith(area)) continue
    for (const line of lines.keys()) {
      total++
      if (sources.some((source) => (source.get(file)?.get(line) ?? 0) > 0)) covered++
    }
  }
  return { covered, total, percent: total ? Math.round((covered / total) * 1000) / 10 : 0 }
}

const rows = AREAS.map((area) => ({
  area,
  unit: count(area, [layers.unit]),
  integration: count(area, [layers.integration]),
  e2e: count(area, [layers.e2e]),
  all: count(area, [layers.unit, layers.integration, layers.e2e]),
}))
mkdirSync(COVERAGE, { recursive: true })
writeFileSync(join(COVERAGE, 'summary.json'), JSON.stringify(rows, null, 2))
const cell = (/** @type {{ covered: number, total: number, percent: number }} */ c) =>
  `${c.percent}% (${c.covered}/${c.total})`
console.log('\nLines run, by area and layer (a line counts once any layer ran it):')
console.log('| area | unit and component | integration | end-to-end | all layers |')
console.log('|---|---|---|---|---|')
for (const row of rows)
  console.log(`| ${row.area} | ${cell(row.unit)} | ${cell(row.integration)} | ${cell(row.e2e)} | ${cell(row.all)} |`)
process.exit(status)
