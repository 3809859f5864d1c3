// @ts-check
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { jsonFolder } from '../testing/json-files.mjs'
import { playwrightFileTimes, timingReport, vitestFileTimes } from './test-timings.mjs'

const { dir, file } = jsonFolder('test-timings-')

// Trimmed from the reports Vitest 4 and Playwright 1.65 wrote for this repository's suites.
describe('where the time of npm test went', () => {
  it("reads each Vitest file's wall time and number of tests", () => {
    const times = vitestFileTimes(
      file('integration.json', {
        testResults: [
          { name: '/repo/tests/integration/a.test.ts', startTime: 1000, endTime: 3500, assertionResults: [{}, {}] },
          { name: '/repo/tests/integration/b.test.ts', startTime: 3500, endTime: 4000, assertionResults: [{}] },
        ],
      }),
      '/repo',
    )
    expect(times).toEqual([
      { file: 'tests/integration/a.test.ts', seconds: 2.5, tests: 2 },
      { file: 'tests/integration/b.test.ts', seconds: 0.5, tests: 1 },
    ])
    expect(vitestFileTimes(join(dir, 'missing.json'), '/repo')).toBeUndefined()
  })

  it("prefers each file's own time, from before its tests to its last hook, when the layer's reporter wrote it", () => {
    file('unit.json', { testResults: [{ name: '/repo/a.test.ts', startTime: 0, endTime: 100, assertionResults: [] }] })
    file('unit-files.json', [{ file: '/repo/a.test.ts', tests: 3, seconds: 4.5, before: 1.25 }])
    const times = vitestFileTimes(join(dir, 'unit.json'), '/repo')
    expect(times).toEqual([{ file: 'a.test.ts', tests: 3, seconds: 4.5, before: 1.25 }])
    const report = timingReport({ layers: [], integration: times })
    expect(report).toContain('| file | tests | time | of which before its tests (imports, setup) |')
    expect(report).toContain('| a.test.ts | 3 | 4.5 s | 1.3 s |')
  })

  it('adds up each spec file over projects and retries, and its time by kind of step, nested steps inside their kind', () => {
    const times = playwrightFileTimes(
      file('e2e.json', {
        suites: [
          {
            specs: [
              {
                file: 'booking.spec.ts',
                tests: [
                  {
                    results: [
                      {
                        duration: 10_000,
                        steps: [
                          { title: 'sign-in (UI): a@example.test', duration: 3_000, steps: [] },
                          {
                            title: 'checkout (UI): midweek',
                            duration: 4_000,
                            steps: [{ title: 'reload: /events', duration: 1_000 }],
                          },
                          { title: 'expect something', duration: 500, steps: [{ title: 'reload: /x', duration: 200 }] },
                        ],
                      },
                      { duration: 2_000, steps: [] },
                    ],
                  },
                ],
              },
            ],
            suites: [{ specs: [{ file: 'booking.spec.ts', tests: [{ results: [{ duration: 1_000 }] }] }] }],
          },
        ],
      }),
    )
    expect(times).toEqual([
      {
        file: 'booking.spec.ts',
        seconds: 13,
        tests: 2,
        steps: { 'sign-in (UI)': 3, 'checkout (UI)': 4, reload: 0.2 },
      },
    ])
  })

  it('lists the layers and the slowest files, the steps only of kinds that took time', () => {
    const report = timingReport({
      layers: [
        { name: 'unit and component tests', seconds: 40, ok: true },
        { name: 'end-to-end tests (Chromium)', seconds: 300, ok: false },
      ],
      e2e: [
        { file: 'a.spec.ts', seconds: 5, tests: 1, steps: {} },
        { file: 'b.spec.ts', seconds: 20, tests: 3, steps: { 'stack job': 4 } },
      ],
      integration: [{ file: 'tests/integration/x.test.ts', seconds: 12, tests: 4 }],
      slowest: 1,
    })
    expect(report).toContain('| end-to-end tests (Chromium) (FAILED) | 300.0 s |')
    expect(report).toContain('## The 1 slowest end-to-end files (of 2; worker time, 25.0 s in all)')
    expect(report).toContain("| file | runs | time | stack job | the tests' own |")
    expect(report).toContain('| tests/e2e/b.spec.ts | 3 | 20.0 s | 4.0 s | 16.0 s |')
    expect(report).not.toContain('a.spec.ts')
    expect(report).toContain('All end-to-end files: stack job 4.0 s.')
    expect(report).toContain('| tests/integration/x.test.ts | 4 | 12.0 s |')
  })
})
