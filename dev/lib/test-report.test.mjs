// @ts-check
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { jsonFolder } from '../testing/json-files.mjs'
import { headline, pendingStep, playwrightReport, vitestReport } from './test-report.mjs'

const { dir, file } = jsonFolder('test-report-')

// The shapes below are trimmed from reports Vitest 4 and Playwright 1.65 wrote for a failing test.
describe('the summary npm test ends with', () => {
  it('names each failed Vitest test, and a file that failed before its tests ran', () => {
    const report = vitestReport(
      file('unit.json', {
        numPassedTests: 1,
        numFailedTests: 1,
        numPendingTests: 2,
        numTodoTests: 1,
        testResults: [
          {
            name: '/repo/src/a.test.ts',
            status: 'failed',
            message: '',
            assertionResults: [
              {
                fullName: 'outer fails',
                status: 'failed',
                failureMessages: [
                  'AssertionError: expected 1 to be 2 // Object.is equality\n    at /repo/src/a.test.ts:2:57',
                ],
              },
              { fullName: 'outer passes', status: 'passed', failureMessages: [] },
            ],
          },
          {
            name: '/repo/src/b.test.ts',
            status: 'failed',
            message: "Cannot find module './missing.mjs' imported from /repo/src/b.test.ts",
            assertionResults: [],
          },
          { name: '/repo/src/c.test.ts', status: 'passed', message: '', assertionResults: [] },
        ],
      }),
      '/repo',
    )
    expect(report).toEqual({
      passed: 1,
      failed: 1,
      skipped: 3,
      failures: [
        'src/a.test.ts › outer fails: AssertionError: expected 1 to be 2 // Object.is equality',
        "src/b.test.ts: Cannot find module './missing.mjs' imported from /repo/src/b.test.ts",
      ],
    })
  })

  it('names each Playwright test that failed on its last try, with its project and describe blocks', () => {
    const spec = (/** @type {string} */ title, /** @type {string} */ status, /** @type {string} */ message) => ({
      title,
      file: 'c.spec.ts',
      line: 7,
      tests: [{ projectName: 'mobile', status, results: [{ status: 'failed', error: { message } }] }],
    })
    const report = playwrightReport(
      file('e2e.json', {
        stats: { expected: 3, flaky: 1, unexpected: 1, skipped: 2 },
        suites: [
          {
            title: 'c.spec.ts',
            file: 'c.spec.ts',
            specs: [],
            suites: [
              {
                title: 'outer',
                file: 'c.spec.ts',
                specs: [
                  spec(
                    'fails',
                    'unexpected',
                    'Error: \u001b[2mexpect(\u001b[22m\u001b[31mreceived\u001b[39m\u001b[2m).\u001b[22mtoBe\u001b[2m(\u001b[22m\u001b[32mexpected\u001b[39m\u001b[2m)\u001b[22m\n\nExpected: \u001b[32m2\u001b[39m\nReceived: \u001b[31m1\u001b[39m',
                  ),
                  spec('passed on a retry', 'flaky', 'Error: timed out'),
                ],
              },
            ],
          },
        ],
      }),
    )
    expect(report).toEqual({
      passed: 4,
      failed: 1,
      skipped: 2,
      failures: [
        'c.spec.ts:7 › [mobile] › outer › fails: Error: expect(received).toBe(expected) · Expected: 2 · Received: 1',
      ],
    })
  })

  it('says what a test that ran out of time was waiting for, and where', () => {
    const dim = (/** @type {string} */ line) => `\u001b[2m${line}\u001b[22m`
    const errors = [
      { message: '\u001b[31mTest timeout of 30000ms exceeded.\u001b[39m' },
      {
        location: { file: '/repo/tests/e2e/auth.spec.ts', line: 139, column: 56 },
        message: [
          'Error: locator.click: Test timeout of 30000ms exceeded.',
          'Browser logs:',
          '',
          '<launched> pid=19688',
          'Call log:',
          dim("  - waiting for getByRole('button', { name: 'Continue' })"),
          dim('    - locator resolved to <button disabled>Continue</button>'),
          dim('  - attempting click action'),
          dim('    5 × waiting for element to be visible, enabled and stable'),
          dim('      - element is not enabled'),
        ].join('\n'),
      },
    ]
    expect(pendingStep(errors)).toBe(
      "auth.spec.ts:139 Error: locator.click · waiting for getByRole('button', { name: 'Continue' }) · element is not enabled",
    )
    expect(pendingStep([errors[0] ?? {}])).toBeUndefined()
  })

  it('a suite that wrote no report is not counted as passed', () => {
    expect(vitestReport(join(dir, 'absent.json'), '/repo')).toBeUndefined()
    expect(playwrightReport(join(dir, 'absent.json'))).toBeUndefined()
  })

  it('keeps a message to one short line', () => {
    expect(headline(`${'x'.repeat(500)}\n    at somewhere`)).toHaveLength(300)
    expect(headline(undefined)).toBe('')
  })
})
