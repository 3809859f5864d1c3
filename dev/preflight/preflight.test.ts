/**
 * `npm run preflight`, run as a deployer runs it, on copies of the example configuration: it
 * passes on the complete one, and fails with one sentence per problem on the local demo
 * configuration and on missing or unsafe params.
 */
import { execFile } from 'node:child_process'
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { prerenderedPageHtml } from '../../src/prerender/page-html'

const ROOT = join(import.meta.dirname, '..', '..')
const EXAMPLE = join(import.meta.dirname, 'example')
const PROJECT = 'yaari-example'
const TEMPLATE = `<!doctype html><html><head><title>Yaari</title>
<script type="module" crossorigin src="/assets/index-ex4mple.js"></script>
</head><body><div id="root"></div></body></html>`

/** The example configuration's VITE_SUPPORT_PHONE, as a build writes it into the code. */
const EXAMPLE_PHONE = '+91 80000 12345'
const PHONE = `const support = "${EXAMPLE_PHONE}"`

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A copy of the example configuration with a build of it in dist/, changed by `edit`. */
function exampleConfig(edit: (dir: string) => void = () => {}) {
  const dir = mkdtempSync(join(tmpdir(), 'yaari-preflight-'))
  dirs.push(dir)
  cpSync(EXAMPLE, dir, { recursive: true })
  mkdirSync(join(dir, 'dist', 'assets'), { recursive: true })
  writeFileSync(
    join(dir, 'dist', 'app.html'),
    prerenderedPageHtml(TEMPLATE, {
      path: '/',
      body: '<h1>Yaari</h1>',
      meta: { title: 'Home', description: 'x' },
      renderedAt: 1,
    }),
  )
  writeFileSync(join(dir, 'dist', 'assets', 'index-ex4mple.js'), `const config = { projectId: "${PROJECT}" }; ${PHONE}`)
  // The functions' build, with the same 24/7 number the mails give.
  mkdirSync(join(dir, 'functions', 'lib'), { recursive: true })
  writeFileSync(join(dir, 'functions', 'lib', 'index.js'), `const support = "${EXAMPLE_PHONE}"`)
  edit(dir)
  return dir
}

const replaceIn = (file: string, from: RegExp, to: string) =>
  writeFileSync(file, readFileSync(file, 'utf8').replace(from, to))

// As in a deployer's shell: no VITE_ values in the environment (a build would read them too).
const shellEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_')))

async function preflight(...args: string[]) {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['dev/preflight.mjs', ...args], {
      cwd: ROOT,
      env: shellEnv,
    })
    return { code: 0, output: stdout }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, output: failed.stdout + failed.stderr }
  }
}

const failures = (output: string) => output.split('\n').filter((line) => line.includes('FAIL'))

/** Preflight for the example project, on the configuration in `dir`. */
const preflightOf = (dir: string) => preflight('--project', PROJECT, '--config-dir', dir)

/** A copy of the example configuration whose file at `path` holds `text` instead. */
const exampleWith = (path: string, text: string) => exampleConfig((d) => writeFileSync(join(d, path), text))

/** The problems preflight names on the configuration in `dir`, once it has failed on them. */
async function failuresOf(dir: string) {
  const { code, output } = await preflightOf(dir)
  expect(code).toBe(1)
  return failures(output)
}

/** Preflight fails on the configuration in `dir`, naming each of `problems` among its failures. */
async function expectNamed(dir: string, problems: string[]) {
  const lines = (await failuresOf(dir)).join('\n')
  for (const problem of problems) expect(lines).toContain(problem)
}

/** The functions' params file of the example project, in a configuration. */
const paramsIn = (dir: string) => join(dir, 'functions', `.env.${PROJECT}`)

/** A copy of the example configuration, changed by `edit` (given its params file and its folder). */
const exampleEditing = (edit: (params: string, dir: string) => void) => exampleConfig((d) => edit(paramsIn(d), d))

describe('npm run preflight', () => {
  it('passes on a complete configuration and says how to deploy', async () => {
    const { code, output } = await preflightOf(exampleConfig())
    expect(failures(output)).toEqual([])
    expect(output).toContain(`Ready to deploy: npx firebase deploy --project ${PROJECT}`)
    expect(code).toBe(0)
  })

  it("fails on the local stack's demo configuration, naming each problem", async () => {
    const { code, output } = await preflight('--project', 'demo-yaari')
    expect(code).toBe(1)
    expect(output).toContain('demo-yaari is a demo- project')
    expect(output).toContain('VITE_FIREBASE_EMULATOR_HOST is set')
    expect(output).toContain('VITE_CASHFREE_SDK_URL is set')
    expect(output).toContain('CASHFREE_ENV is not in functions/.env.demo-yaari')
    expect(output).toMatch(/\d+ problems: fix them before deploying\./)
  }, 30_000)

  it('fails on missing params, one message each', async () => {
    expect(await failuresOf(exampleWith(`functions/.env.${PROJECT}`, 'CASHFREE_ENV=sandbox\n'))).toEqual([
      expect.stringContaining('CASHFREE_CLIENT_ID is not in'),
      expect.stringContaining('APP_ORIGIN is not in'),
      expect.stringContaining('APP_CHECK_SITE_KEY is not in'),
      expect.stringContaining('MAIL_FROM is not in'),
      expect.stringContaining('CHECKOUT_MIN_INSTANCES is not in'),
      expect.stringContaining('VAPID_PUBLIC_KEY is not in'),
      expect.stringContaining('VAPID_SUBJECT is not in'),
    ])
  })

  it("refuses a VAPID key the app does not subscribe with, the local stack's key, and the private key in a file", async () => {
    const local = 'BCLBOUx_PZKCj_7oxeNu-7X5qn7DuAcdQcVak6QaIAPyidHxIuqHKs-NDBtFgYYLAR0aTbYZMbPhfHE06cmGw_w'
    const dir = exampleEditing((params) => {
      replaceIn(params, /VAPID_PUBLIC_KEY=.*/, `VAPID_PUBLIC_KEY=${local}`)
      replaceIn(params, /VAPID_SUBJECT=.*/, 'VAPID_SUBJECT=hello@yaari-example.web.app')
      appendFileSync(params, 'VAPID_PRIVATE_KEY=aB2smomZ4_DzHvZhwQPGEssxgAWtXKplxpRiGWf6BK0\n')
    })
    await expectNamed(dir, [
      "The functions' VAPID_PUBLIC_KEY and the web app's VITE_VAPID_PUBLIC_KEY differ",
      "VAPID_PUBLIC_KEY is the local stack's key",
      'VAPID_SUBJECT is "hello@yaari-example.web.app"',
      'VAPID_PRIVATE_KEY is written in',
    ])
  })

  it('fails on stand-in settings, a secret in a file, an http origin, and one-sided App Check', async () => {
    const dir = exampleEditing((params, d) => {
      replaceIn(params, /APP_ORIGIN=.*/, 'APP_ORIGIN=http://yaari-example.web.app')
      appendFileSync(
        params,
        'CASHFREE_CLIENT_SECRET=cfsk_oops\nSMTP_URL=smtps://u:p@smtp.example:465\nPASS_SIGNING_KEY=k1:AAAA\nCASHFREE_STANDIN_URL=http://127.0.0.1:8081/pg\nPHOTO_STORE_URL=http://127.0.0.1:8082\n',
      )
      replaceIn(join(d, '.env.production.local'), /VITE_APP_CHECK_SITE_KEY=.*/, 'VITE_APP_CHECK_SITE_KEY=6LcExampleKey')
    })
    await expectNamed(dir, [
      "APP_ORIGIN (http://yaari-example.web.app) must be the site's https address.",
      'CASHFREE_CLIENT_SECRET is written in',
      'SMTP_URL is written in',
      'PASS_SIGNING_KEY is written in',
      "VITE_SITE_URL (https://yaari-example.web.app) and the functions' APP_ORIGIN (http://yaari-example.web.app) differ",
      `CASHFREE_STANDIN_URL is set for the real project ${PROJECT}`,
      'PHOTO_STORE_URL is set in',
      'App Check is configured on one side only',
      "The Content-Security-Policy's connect-src lacks https://content-firebaseappcheck.googleapis.com",
    ])
  })

  it('refuses App Check off or email confirmation off without a waiver saying why, and accepts them with one', async () => {
    const unsafe = exampleEditing((params, d) => {
      replaceIn(params, /WAIVE_APP_CHECK=.*\n/, '')
      appendFileSync(params, 'REQUIRE_EMAIL_VERIFICATION=false\n')
      appendFileSync(join(d, '.env.production.local'), 'VITE_REQUIRE_EMAIL_VERIFICATION=false\n')
    })
    expect(await failuresOf(unsafe)).toEqual([
      expect.stringContaining('App Check is off (APP_CHECK_SITE_KEY is empty)'),
      expect.stringContaining('A confirmed email is not required (REQUIRE_EMAIL_VERIFICATION=false)'),
    ])
    appendFileSync(
      paramsIn(unsafe),
      'WAIVE_APP_CHECK=no reCAPTCHA key yet\nWAIVE_EMAIL_VERIFICATION=a closed beta of invited members\n',
    )
    const waived = await preflightOf(unsafe)
    expect(failures(waived.output)).toEqual([])
    expect(waived.code).toBe(0)
    // One side off and the other on is refused whatever is waived.
    replaceIn(
      join(unsafe, '.env.production.local'),
      /VITE_REQUIRE_EMAIL_VERIFICATION=false/,
      'VITE_REQUIRE_EMAIL_VERIFICATION=true',
    )
    const oneSided = await preflightOf(unsafe)
    expect(failures(oneSided.output)).toEqual([
      expect.stringContaining('Email confirmation is required on one side only'),
    ])
  })

  it('fails when dist/ is not a build for the project', async () => {
    expect(
      await failuresOf(exampleWith('dist/assets/index-ex4mple.js', 'const config = { projectId: "demo-yaari" }')),
    ).toEqual([
      expect.stringContaining(`dist/ was not built for ${PROJECT}`),
      expect.stringContaining('dist/ is the local build'),
      expect.stringContaining('dist/ was built with another 24/7 number'),
    ])
  })

  it('fails when a build carries another 24/7 number than the configuration (one built before it changed)', async () => {
    expect(await failuresOf(exampleWith('functions/lib/index.js', 'const support = "+91 98765 43210"'))).toEqual([
      expect.stringContaining(
        `functions/lib was built with another 24/7 number than VITE_SUPPORT_PHONE (${EXAMPLE_PHONE})`,
      ),
    ])
    const app = exampleWith('dist/assets/index-ex4mple.js', `const config = { projectId: "${PROJECT}" }`)
    expect(failures((await preflightOf(app)).output)).toEqual([
      expect.stringContaining(`dist/ was built with another 24/7 number than VITE_SUPPORT_PHONE (${EXAMPLE_PHONE})`),
    ])
  })

  it('refuses to run without a project', async () => {
    const { code, output } = await preflight()
    expect(code).toBe(2)
    expect(output).toContain('Say which Firebase project to check: --project <id>.')
  })
})
