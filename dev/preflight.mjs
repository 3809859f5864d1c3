#!/usr/bin/env node
// @ts-check
/**
 * npm run preflight -- --project <id> [--config-dir <dir>]
 *
 * Before `firebase deploy`: checks the web build's configuration, the functions' params, that
 * no emulator or stand-in setting would reach the real project, firebase.json's security
 * headers, and that dist/ is a build for this project. Prints each problem in words and exits
 * 1 when there is any (2 on wrong usage). The checks are dev/preflight/checks.ts.
 *
 * The files are read from --config-dir (default: this repository): its .env files as a
 * production build reads them, functions/.env and functions/.env.<project> as a deploy reads
 * them, and dist/. firebase.json is always this repository's.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { parseArgs, parseEnv } from 'node:util'
import { loadEnv } from 'vite'
import { ROOT } from './lib/config.mjs'
import { importTypeScript } from './lib/typescript.mjs'

/** @param {string} message */
function usage(message) {
  console.error(`${message}\nUsage: npm run preflight -- --project <firebase-project-id> [--config-dir <dir>]`)
  process.exit(2)
}

/** @type {{ project?: string, 'config-dir'?: string }} */
let args = {}
try {
  args = parseArgs({ options: { project: { type: 'string' }, 'config-dir': { type: 'string' } } }).values
} catch (error) {
  usage(String(/** @type {Error} */ (error).message))
}
const projectId = args.project?.trim() ?? ''
if (!projectId) usage('Say which Firebase project to check: --project <id>.')
const dir = resolve(args['config-dir'] ?? ROOT)

// The web app's configuration exactly as `vite build` (mode production) reads it.
const web = loadEnv('production', dir, 'VITE_')

/** @type {Record<string, string>} */
const functions = {}
const functionsFiles = []
for (const name of ['.env', `.env.${projectId}`]) {
  const file = join(dir, 'functions', name)
  if (!existsSync(file)) continue
  functionsFiles.push(relative(ROOT, file) || file)
  Object.assign(functions, parseEnv(readFileSync(file, 'utf8')))
}

/** @param {string} root @param {string} ext @returns {Record<string, string>} */
function filesIn(root, ext) {
  /** @type {Record<string, string>} */
  const found = {}
  if (!existsSync(root)) return found
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith(ext)) {
      const path = join(entry.parentPath, entry.name)
      found[relative(root, path)] = readFileSync(path, 'utf8')
    }
  }
  return found
}
const distDir = join(dir, 'dist')
const dist = existsSync(join(distDir, 'app.html'))
  ? {
      html: filesIn(distDir, '.html'),
      scripts: filesIn(join(distDir, 'assets'), '.js'),
      pagesRender: existsSync(join(ROOT, 'functions', 'lib', 'pages', 'render.mjs')),
    }
  : undefined

/** @type {typeof import('./preflight/checks.ts')} */
const { preflight } = await importTypeScript(join(ROOT, 'dev', 'preflight', 'checks.ts'), 'preflight')
const report = preflight({
  projectId,
  web,
  functions,
  functionsFiles,
  firebaseJson: JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')),
  dist,
  functionsCode: existsSync(join(dir, 'functions', 'lib', 'index.js'))
    ? readFileSync(join(dir, 'functions', 'lib', 'index.js'), 'utf8')
    : undefined,
})

console.log(`Preflight for ${projectId} (configuration from ${relative(ROOT, dir) || 'this repository'}):`)
for (const section of report.sections) {
  if (section.problems.length === 0) console.log(`  ok   ${section.name}`)
  else for (const problem of section.problems) console.log(`  FAIL ${section.name}: ${problem}`)
}
const count = report.sections.reduce((sum, section) => sum + section.problems.length, 0)
console.log(
  report.ok
    ? `Ready to deploy: npx firebase deploy --project ${projectId}`
    : `${count} problem${count === 1 ? '' : 's'}: fix ${count === 1 ? 'it' : 'them'} before deploying.`,
)
process.exit(report.ok ? 0 : 1)
