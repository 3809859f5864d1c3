#!/usr/bin/env node
// @ts-check
/**
 * `npm test`: type check, lint and format check and the production build, side by side; then,
 * while the local stack starts, the unit and component tests and the security rules tests
 * (skipped, saying so, where the official Firestore and Storage emulators cannot run), with the
 * drill (`npm run drill`: the operator's faults) and the backend integration tests starting on
 * the stack once it is up; then the Playwright tests in Debian's Chromium, installed with apt-get
 * when it is missing; then every stage of `npm run bench` once on small inputs (`--smoke`). Ends
 * with where the time went (dev/lib/test-timings.mjs) and one plain line, "N passed, N failed",
 * and exits non-zero when anything failed.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { CHROMIUM_PATH as CHROMIUM } from './lib/chromium.mjs'
import { ROOT } from './lib/config.mjs'
import { StackError, startStack } from './lib/stack.mjs'
import { playwrightReport, vitestReport } from './lib/test-report.mjs'
import { writeTimingReport } from './lib/test-timings.mjs'

const RESULTS = join(ROOT, '.tmp', 'results')
const TMP = join(ROOT, '.tmp')
rmSync(RESULTS, { recursive: true, force: true })
mkdirSync(RESULTS, { recursive: true })

/** @type {{ name: string, seconds: number, ok: boolean }[]} */
const summary = []

/**
 * Runs one step and records its time. Alone, its output goes straight to ours; `quiet` (a step
 * running beside another) keeps it and prints it in one piece when the step ends, so two steps'
 * lines never interleave.
 * @param {string} name @param {string} command @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, quiet?: boolean }} [options]
 * @returns {Promise<boolean>}
 */
async function run(name, command, args, { env = {}, quiet = false } = {}) {
  const header = `\n=== ${name}: ${command} ${args.join(' ')}`
  if (!quiet) console.log(header)
  const started = Date.now()
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, TMPDIR: TMP, ...env },
  })
  /** @type {Buffer[]} */
  const output = []
  child.stdout?.on('data', (chunk) => output.push(chunk))
  child.stderr?.on('data', (chunk) => output.push(chunk))
  const status = await new Promise((resolve) => {
    child.once('error', () => resolve(-1))
    child.once('close', (code) => resolve(code))
  })
  const ok = status === 0
  const seconds = (Date.now() - started) / 1000
  if (quiet) {
    console.log(header)
    process.stdout.write(Buffer.concat(output))
    console.log(`=== ${name}: ${ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s`)
  }
  summary.push({ name, seconds, ok })
  return ok
}

/** Steps side by side (each quiet): true when all passed. @param {Promise<boolean>[]} steps */
const all = async (steps) => (await Promise.all(steps)).every(Boolean)

function ensureChromium() {
  if (existsSync(CHROMIUM)) return true
  console.log(
    `\n${CHROMIUM} is missing: installing Debian's chromium with apt-get (Playwright cannot download browsers here).`,
  )
  const asRoot = process.getuid?.() === 0
  const sudo = asRoot ? [] : ['sudo', '-n']
  const apt = (/** @type {string[]} */ ...args) =>
    spawnSync(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(asRoot ? [] : ['apt-get']), ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0
  if (apt('update', '-qq') && apt('install', '-y', '-qq', 'chromium') && existsSync(CHROMIUM)) return true
  console.error(`Could not install chromium. Install it yourself (apt-get install chromium) or set CHROMIUM_PATH.`)
  return false
}

/** Suites that never ran because an earlier step failed. @type {string[]} */
const notRun = []

/** @param {string} file @param {import('./lib/test-report.mjs').SuiteReport | undefined} report */
function counted(file, report) {
  if (report) return report
  notRun.push(file)
  return { passed: 0, failed: 0, skipped: 0, failures: [] }
}

const vitestJson = (/** @type {string} */ name) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${join(RESULTS, `${name}.json`)}`,
  // Each file's own time, what runs before its tests included (dev/lib/vitest-file-times.mjs).
  '--reporter=./dev/lib/vitest-file-times.mjs',
  // `npm run coverage` (dev/coverage.mjs): the lines of the app and the functions each suite ran.
  ...(process.env.YAARI_COVERAGE
    ? [
        '--coverage.enabled',
        '--coverage.provider=v8',
        '--coverage.reporter=json',
        `--coverage.reportsDirectory=${join(TMP, 'coverage', name)}`,
        '--coverage.include=src/**/*.{ts,tsx}',
        '--coverage.include=functions/src/**/*.ts',
        '--coverage.exclude=**/*.test.{ts,tsx}',
      ]
    : []),
]

/** Where a Vitest layer's per-file times go (read by the timing report). */
const fileTimes = (/** @type {string} */ name) => ({ YAARI_FILE_TIMES: join(RESULTS, `${name}-files.json`) })

// The checks and the build side by side: the type check and the linter each keep to one core.
let ok =
  ensureChromium() &&
  (await all([
    run('type check', 'npx', ['tsc', '-b'], { quiet: true }),
    run('lint and format check, unused code', 'npm', ['run', 'lint'], { quiet: true }),
    run('build', 'npm', ['run', 'build'], { quiet: true }),
  ]))

// The stack starts while the unit and rules tests run (most of its start-up is waiting); the
// drill, then the integration tests, start on it as soon as it is up, beside the unit tests (they
// mostly wait on the emulators, the unit tests mostly compute). The end-to-end tests then have the
// machine.
if (ok) {
  console.log('\n=== starting the local stack (alongside the next steps)')
  const starting = startStack({ onStep: (message) => console.log(`  [stack] starting ${message}...`) }).then(
    (started) => {
      console.log(`  [stack] ready at ${started.appUrl} in ${(started.startupMs / 1000).toFixed(1)} s`)
      return started
    },
    (error) => {
      const reason = error instanceof StackError ? error.message : error
      console.error(`Could not start the local stack: ${reason}`)
      summary.push({ name: 'local stack', seconds: 0, ok: false })
      return undefined
    },
  )
  const stackEnv = (/** @type {import('./lib/stack.mjs').Stack} */ started) => ({
    YAARI_STACK_RUNNING: '1',
    BASE_URL: started.appUrl,
  })
  try {
    ok = await all([
      (async () =>
        (await run('unit and component tests', 'npx', ['vitest', 'run', ...vitestJson('unit')], {
          env: fileTimes('unit'),
          quiet: true,
        })) &&
        // Skipped, and saying so, unless the official Firestore and Storage emulators are running.
        (await run(
          'security rules tests',
          'npx',
          ['vitest', 'run', '--config', 'tests/rules/vitest.config.ts', ...vitestJson('rules')],
          { env: fileTimes('rules'), quiet: true },
        )))(),
      starting.then(async (started) => {
        if (!started) return false
        // The operator's night rehearsed first, alone on the stack (its faults are the payment
        // stand-in's, for every caller): every fault seen, every state as it should be. The
        // integration tests run whatever it found, so a failed drill hides none of their results.
        const drilled = await run('the drill (faults on the stack)', process.execPath, ['dev/drill.mjs'], {
          env: stackEnv(started),
          quiet: true,
        })
        const integrated = await run(
          'backend integration tests',
          'npx',
          ['vitest', 'run', '--config', 'tests/integration/vitest.config.ts', ...vitestJson('integration')],
          { env: { ...stackEnv(started), ...fileTimes('integration') }, quiet: true },
        )
        return drilled && integrated
      }),
    ])
    const stack = await starting
    if (ok && stack) {
      ok = await run('end-to-end tests (Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
        env: { ...stackEnv(stack), PLAYWRIGHT_JSON_OUTPUT_NAME: join(RESULTS, 'e2e.json') },
      })
      // Every stage of `npm run bench` once, on small inputs and without budgets (they stay in the
      // bench), last on the stack: a stage that can no longer run fails here, not in a month.
      const benched = await run(
        'every bench stage once, small inputs',
        process.execPath,
        ['dev/bench.mjs', '--smoke'],
        {
          env: stackEnv(stack),
        },
      )
      ok = ok && benched
    }
  } finally {
    await (await starting)?.stop()
  }
}

const counts = [
  ...['unit', 'rules', 'integration'].map((name) => {
    const file = join(RESULTS, `${name}.json`)
    return counted(file, vitestReport(file, ROOT))
  }),
  counted(join(RESULTS, 'e2e.json'), playwrightReport(join(RESULTS, 'e2e.json'))),
]
const failures = counts.flatMap((c) => c.failures)
const total = counts.reduce(
  (sum, c) => ({ passed: sum.passed + c.passed, failed: sum.failed + c.failed, skipped: sum.skipped + c.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
)
// Where the time went: per layer, per file, and what the slowest end-to-end files spent it on.
writeFileSync(join(RESULTS, 'layers.json'), JSON.stringify(summary))
console.log(`\n${writeTimingReport(RESULTS, ROOT.replace(/\/$/, ''), summary)}`)
console.log(`(also in ${join(RESULTS, 'timings.md')})`)

console.log('\n=== summary')
for (const step of summary) console.log(`  ${step.ok ? 'ok  ' : 'FAIL'} ${step.name} (${step.seconds.toFixed(1)} s)`)
if (failures.length) console.log(`  failed:\n${failures.map((line) => `    ${line}`).join('\n')}`)
if (notRun.length) console.log(`  not run: ${notRun.map((file) => file.replace(`${RESULTS}/`, '')).join(', ')}`)
// A failed step with no failed test (type check, lint, build, the stack) still counts once.
const failed = ok ? total.failed : Math.max(1, total.failed)
console.log(`${total.passed} passed, ${failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`)
process.exit(ok && failed === 0 ? 0 : 1)
