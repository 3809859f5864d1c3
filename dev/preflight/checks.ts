/**
 * What `npm run preflight -- --project <id>` checks before a deploy, as pure functions of the
 * files a deploy reads: the web build's configuration (the VITE_ values of mode production),
 * the functions' params (functions/.env and functions/.env.<project>), firebase.json's hosting
 * headers, and the build in dist/ when there is one. Each problem is a sentence that says what
 * to change. dev/preflight.mjs reads the files and prints the result.
 */
import { createHash } from 'node:crypto'
import {
  LOCAL_ONLY_SETTINGS,
  LOCAL_VAPID_PUBLIC_KEY,
  parseFunctionSettings,
  parseMailSettings,
} from '../../functions/src/lib/settings-schema'
import { parseClientEnv } from '../../src/lib/env-schema'
import { cspDirectives, type HostingHeaderRule, hostingHeaders } from '../../src/prerender/hosting'
import { LOADER_SCRIPT } from '../../src/prerender/page-html'

export interface PreflightInput {
  projectId: string
  /** The VITE_ values a production build reads (.env, .env.production, .env.production.local). */
  web: Record<string, string>
  /** The functions' .env files a deploy to this project reads, merged in order. */
  functions: Record<string, string>
  /** Which file each functions value came from, for the messages. */
  functionsFiles: string[]
  firebaseJson: { hosting?: { headers?: HostingHeaderRule[] } }
  /** The built HTML pages and scripts, when dist/ exists; whether the pages' server render was built beside them. */
  dist?: { html: Record<string, string>; scripts: Record<string, string>; pagesRender?: boolean }
  /** The functions' build (functions/lib/index.js) beside this configuration, when there is one. */
  functionsCode?: string
}

/** The params every deploy needs in the .env file: a missing one stops a non-interactive deploy to ask. */
export const FUNCTION_PARAMS = [
  'CASHFREE_ENV',
  'CASHFREE_CLIENT_ID',
  'APP_ORIGIN',
  'APP_CHECK_SITE_KEY',
  'MAIL_FROM',
  'CHECKOUT_MIN_INSTANCES',
  'VAPID_PUBLIC_KEY',
  'VAPID_SUBJECT',
] as const
/** Secrets: set in Secret Manager, never written in an .env file. */
const SECRETS = ['CASHFREE_CLIENT_SECRET', 'SMTP_URL', 'PASS_SIGNING_KEY', 'VAPID_PRIVATE_KEY'] as const

/** What App Check's reCAPTCHA Enterprise needs from the CSP, when a site key is set. */
export const APP_CHECK_SOURCES = {
  'script-src': ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  'frame-src': ['https://www.google.com/recaptcha/'],
  'connect-src': ['https://content-firebaseappcheck.googleapis.com'],
}

const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`

export function checkWebConfig(projectId: string, web: Record<string, string>): string[] {
  const problems: string[] = []
  try {
    parseClientEnv(web)
  } catch (error) {
    problems.push(String((error as Error).message))
  }
  const where = '.env.production.local'
  if (web.VITE_FIREBASE_PROJECT_ID !== projectId) {
    problems.push(
      `VITE_FIREBASE_PROJECT_ID is "${web.VITE_FIREBASE_PROJECT_ID ?? ''}", not ${projectId}: set the web app's configuration for ${projectId} in ${where}.`,
    )
  }
  if (web.VITE_FIREBASE_EMULATOR_HOST) {
    problems.push(
      `VITE_FIREBASE_EMULATOR_HOST is set: the build would talk to local emulators. Leave it empty in ${where}.`,
    )
  }
  if (web.VITE_CASHFREE_SDK_URL) {
    problems.push(
      `VITE_CASHFREE_SDK_URL is set: it replaces Cashfree's checkout script with the stand-in's. Leave it empty in ${where}.`,
    )
  }
  if (web.VITE_FIREBASE_API_KEY === 'demo-api-key') {
    problems.push(
      `VITE_FIREBASE_API_KEY is the local demo key: copy the web app's apiKey from the Firebase console into ${where}.`,
    )
  }
  if ('VITE_CASHFREE_MODE' in web) {
    problems.push("VITE_CASHFREE_MODE is no longer read (the functions' CASHFREE_ENV decides): remove it.")
  }
  return problems
}

export function checkFunctionParams(input: PreflightInput): string[] {
  const { projectId, functions } = input
  const files = input.functionsFiles.join(' or ') || `functions/.env.${projectId}`
  const problems: string[] = []
  for (const name of FUNCTION_PARAMS) {
    if (!(name in functions)) {
      problems.push(
        name === 'APP_CHECK_SITE_KEY'
          ? `APP_CHECK_SITE_KEY is not in ${files}: a deploy would stop to ask for it. Write APP_CHECK_SITE_KEY= (empty: App Check off) or the site key.`
          : `${name} is not in ${files}.`,
      )
    }
  }
  const result = parseFunctionSettings({ projectId, ...functions }, { requireSecret: false })
  if (!result.ok) {
    // A missing param is said once, above.
    problems.push(
      ...result.problems.filter((problem) => !FUNCTION_PARAMS.some((name) => problem.startsWith(`${name} is missing`))),
    )
  }
  for (const secret of SECRETS) {
    if (secret in functions) {
      problems.push(
        `${secret} is written in ${files}: a secret belongs in Secret Manager (npx firebase functions:secrets:set ${secret} --project ${projectId}). Remove it from the file.`,
      )
    }
  }
  if ('MAIL_FROM' in functions) {
    const mail = parseMailSettings({ SMTP_URL: 'smtps://checked.elsewhere:465', MAIL_FROM: functions.MAIL_FROM })
    if (!mail.ok) problems.push(...mail.problems)
  }
  for (const name of LOCAL_ONLY_SETTINGS) {
    if (name in functions && name !== 'CASHFREE_STANDIN_URL') {
      problems.push(`${name} is set in ${files}: it belongs to the local stack only. Remove it.`)
    }
  }
  for (const [name, value] of Object.entries(functions)) {
    if (/\b(127\.0\.0\.1|localhost)\b/.test(value) && !(LOCAL_ONLY_SETTINGS as readonly string[]).includes(name)) {
      problems.push(`${name} points at this machine (${value}): a deployed function cannot reach it.`)
    }
  }
  // Web Push: the app subscribes with the public half the functions sign with.
  const vapid = functions.VAPID_PUBLIC_KEY
  if (vapid !== undefined && vapid !== (input.web.VITE_VAPID_PUBLIC_KEY ?? '')) {
    problems.push(
      `The functions' VAPID_PUBLIC_KEY and the web app's VITE_VAPID_PUBLIC_KEY differ: pushes signed with one are refused for subscriptions made with the other. Set both to the public half of the pair whose private half is the VAPID_PRIVATE_KEY secret.`,
    )
  }
  if (vapid === LOCAL_VAPID_PUBLIC_KEY) {
    problems.push(
      `VAPID_PUBLIC_KEY is the local stack's key: make this project's own pair (npx web-push generate-vapid-keys), put the private half in Secret Manager (npx firebase functions:secrets:set VAPID_PRIVATE_KEY --project ${projectId}).`,
    )
  }
  if ('VAPID_SUBJECT' in functions && !/^(mailto:|https:\/\/)\S+$/.test(functions.VAPID_SUBJECT ?? '')) {
    problems.push(
      `VAPID_SUBJECT is "${functions.VAPID_SUBJECT}": push services need a mailto: or https: address to reach us.`,
    )
  }
  const site = (input.web.VITE_SITE_URL ?? '').replace(/\/$/, '')
  const origin = (functions.APP_ORIGIN ?? '').replace(/\/$/, '')
  if (site && origin && site !== origin) {
    problems.push(
      `The web app's VITE_SITE_URL (${site}) and the functions' APP_ORIGIN (${origin}) differ: both are the site's address. Set them to the same origin.`,
    )
  }
  // Safe by default: App Check on every callable and a confirmed email to hold a seat, unless the
  // configuration turns either off on purpose and says why.
  const waiver = (name: string) => (functions[name] ?? '').trim() !== ''
  if ('APP_CHECK_SITE_KEY' in functions && functions.APP_CHECK_SITE_KEY === '' && !waiver('WAIVE_APP_CHECK')) {
    problems.push(
      `App Check is off (APP_CHECK_SITE_KEY is empty): every callable would answer a script as readily as the app. Set the site key on both sides (docs/deploy.md), or turn it off on purpose with WAIVE_APP_CHECK=<why> in ${files}.`,
    )
  }
  if (functions.REQUIRE_EMAIL_VERIFICATION === 'false' && !waiver('WAIVE_EMAIL_VERIFICATION')) {
    problems.push(
      `A confirmed email is not required (REQUIRE_EMAIL_VERIFICATION=false): throwaway accounts could hold every seat. Remove it, or turn it off on purpose with WAIVE_EMAIL_VERIFICATION=<why> in ${files}.`,
    )
  }
  const webEmail = (input.web.VITE_REQUIRE_EMAIL_VERIFICATION || 'true') !== 'false'
  const functionsEmail = functions.REQUIRE_EMAIL_VERIFICATION !== 'false'
  if (webEmail !== functionsEmail) {
    problems.push(
      `Email confirmation is required on one side only: the web app's VITE_REQUIRE_EMAIL_VERIFICATION says ${webEmail}, the functions' REQUIRE_EMAIL_VERIFICATION says ${functionsEmail}. Set both the same.`,
    )
  }
  const webKey = input.web.VITE_APP_CHECK_SITE_KEY ?? ''
  if ((functions.APP_CHECK_SITE_KEY ?? '') !== webKey) {
    problems.push(
      `App Check is configured on one side only: the web app's VITE_APP_CHECK_SITE_KEY is "${webKey}", the functions' APP_CHECK_SITE_KEY is "${functions.APP_CHECK_SITE_KEY ?? ''}". Set both to the same key, or both empty.`,
    )
  }
  return problems
}

export function checkHostingHeaders(input: PreflightInput): string[] {
  const rules = input.firebaseJson.hosting?.headers ?? []
  const problems: string[] = []
  const page = hostingHeaders('/', rules)
  const policy = page['content-security-policy']
  if (!policy) return ['firebase.json sends no Content-Security-Policy on pages (hosting.headers, source "**").']
  const directives = cspDirectives(policy)
  const require = (name: string, sources: string[], why: string) => {
    const missing = sources.filter((source) => !directives.get(name)?.includes(source))
    if (missing.length > 0) problems.push(`The Content-Security-Policy's ${name} lacks ${missing.join(' ')} (${why}).`)
  }
  require('script-src', [hashOf(LOADER_SCRIPT)], "the pages' inline loader, by its hash")
  require('script-src', ['https://sdk.cashfree.com'], "Cashfree's checkout script")
  require('script-src', ["'wasm-unsafe-eval'"], "Door mode's QR decoder, WebAssembly from our own origin")
  const recaptcha = 'reCAPTCHA, which phone sign-in runs before Firebase sends a code by SMS'
  require('script-src', APP_CHECK_SOURCES['script-src'], recaptcha)
  require('frame-src', APP_CHECK_SOURCES['frame-src'], recaptcha)
  require('frame-ancestors', ["'none'"], 'no site may frame the app')
  require('connect-src', [
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
  ], 'Firebase Auth')
  if (!directives.get('connect-src')?.some((source) => source.endsWith('.cloudfunctions.net'))) {
    problems.push(
      "The Content-Security-Policy's connect-src does not allow Cloud Functions (https://*.cloudfunctions.net).",
    )
  }
  if (directives.get('script-src')?.some((source) => source === "'unsafe-inline'" || source === "'unsafe-eval'")) {
    problems.push(
      "The Content-Security-Policy's script-src allows inline scripts or eval: remove 'unsafe-inline' / 'unsafe-eval'.",
    )
  }
  if (/127\.0\.0\.1|localhost/.test(policy)) {
    problems.push(
      'The Content-Security-Policy in firebase.json allows local addresses: those are added by the local preview only.',
    )
  }
  if (input.web.VITE_APP_CHECK_SITE_KEY) {
    for (const [name, sources] of Object.entries(APP_CHECK_SOURCES))
      require(name, sources, 'App Check reCAPTCHA, since a site key is set')
  }
  const expect = (path: string, header: string, value: string | RegExp) => {
    const actual = hostingHeaders(path, rules)[header]
    if (actual === undefined || (typeof value === 'string' ? actual !== value : !value.test(actual))) {
      problems.push(`firebase.json sends ${header}: ${actual ?? '(nothing)'} for ${path}; it should be ${value}.`)
    }
  }
  for (const path of ['/app.html', '/my-bookings', '/about', '/sw.js']) expect(path, 'cache-control', 'no-cache')
  // The pages the publicPages function writes: revalidated by browsers, kept five minutes by the CDN (decision 0020).
  for (const path of ['/', '/events', '/events/an-event', '/categories/culture', '/sitemap.xml'])
    expect(path, 'cache-control', 'public, max-age=0, s-maxage=300')
  // The build's hashed scripts are kept a year: a script of either release of a deploy is always
  // answered (by Hosting, or by publicPages from its copy of the build), so no 404 of one is kept.
  expect('/assets/index-1a2b.js', 'cache-control', 'public, max-age=31536000, immutable')
  // Any other file's 404 shares its address's headers: never kept for a year.
  expect('/images/events/missing.png', 'cache-control', /^(?!.*max-age=[1-9]).*$/)
  expect('/', 'x-content-type-options', 'nosniff')
  expect('/', 'referrer-policy', /^(strict-origin-when-cross-origin|strict-origin|same-origin|no-referrer)$/)
  // The camera for Door mode's scanner, for our own pages only; nothing else.
  expect('/', 'permissions-policy', /^camera=\(self\), microphone=\(\), geolocation=\(\), payment=\(\)/)

  const dist = input.dist
  if (dist) {
    for (const [file, html] of Object.entries(dist.html)) {
      for (const [, script = ''] of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
        if (!directives.get('script-src')?.includes(hashOf(script))) {
          problems.push(
            `dist/${file} has an inline script the Content-Security-Policy does not allow (${hashOf(script)}).`,
          )
          break
        }
      }
    }
  }
  return problems
}

/** The build in dist/ must be the one made for this project, not the local stack's. */
export function checkBuild(input: PreflightInput): string[] {
  if (!input.dist)
    return ["There is no build in dist/: run `npm run build` first (with the project's .env.production.local)."]
  const code = Object.values(input.dist.scripts).join('\n')
  const problems: string[] = []
  if (!code.includes(input.projectId)) {
    problems.push(`dist/ was not built for ${input.projectId}: run \`npm run build\` with its .env.production.local.`)
  }
  if (input.dist.pagesRender === false) {
    problems.push(
      "The pages' server render (functions/lib/pages/render.mjs) is not built: the home page, the listing and every event page would fail. Run `npm run build`.",
    )
  }
  if (/demo-yaari|127\.0\.0\.1:(9099|5001|8081)/.test(code)) {
    problems.push(
      'dist/ is the local build (it names the demo project or the local emulators): run `npm run build` again.',
    )
  }
  return problems
}

/**
 * The 24/7 number is built into both the app (dist/) and the functions (the mails): each must carry
 * the one this configuration sets, or a deploy of one alone leaves members two different numbers.
 */
export function checkSupportPhone(input: PreflightInput): string[] {
  let phone: string
  try {
    phone = parseClientEnv(input.web).VITE_SUPPORT_PHONE
  } catch {
    return [] // the web app's configuration says what is wrong with it
  }
  const problems: string[] = []
  const builtWithIt = (code: string) => code.includes(phone)
  if (input.dist && !builtWithIt(Object.values(input.dist.scripts).join('\n'))) {
    problems.push(
      `dist/ was built with another 24/7 number than VITE_SUPPORT_PHONE (${phone}): run \`npm run build\` again.`,
    )
  }
  if (input.functionsCode !== undefined && !builtWithIt(input.functionsCode)) {
    problems.push(
      `functions/lib was built with another 24/7 number than VITE_SUPPORT_PHONE (${phone}): the mails would give members another number than the app. Run \`npm run build\` again.`,
    )
  }
  return problems
}

export interface PreflightReport {
  sections: { name: string; problems: string[] }[]
  ok: boolean
}

export function preflight(input: PreflightInput): PreflightReport {
  const sections = [
    {
      name: 'project',
      problems: input.projectId.startsWith('demo-')
        ? [`${input.projectId} is a demo- project: it exists only on the local emulators and cannot be deployed.`]
        : [],
    },
    { name: "web app's configuration", problems: checkWebConfig(input.projectId, input.web) },
    { name: "functions' params", problems: checkFunctionParams(input) },
    { name: 'hosting headers', problems: checkHostingHeaders(input) },
    { name: 'build in dist/', problems: checkBuild(input) },
    { name: '24/7 number in both builds', problems: checkSupportPhone(input) },
  ]
  return { sections, ok: sections.every((section) => section.problems.length === 0) }
}
