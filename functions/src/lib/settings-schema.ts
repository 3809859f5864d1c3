/**
 * The functions' configuration, checked as a whole: the Cashfree environment and credentials
 * and the app's origin. Pure, so the runtime (functions/src/lib/settings.ts, from the
 * firebase-functions params) and `npm run preflight` (from the .env files a deploy reads) apply
 * the same rules and print the same words.
 *
 * The local stand-ins exist only for `demo-` projects (which never reach Google): a real
 * project that is given a stand-in's address, or an http origin, is refused, never used.
 */

const CASHFREE_ENVIRONMENTS = ['sandbox', 'production'] as const
type CashfreeEnvironment = (typeof CASHFREE_ENVIRONMENTS)[number]

/** Cashfree's PG API for each environment. */
const CASHFREE_API_URLS: Record<CashfreeEnvironment, string> = {
  sandbox: 'https://sandbox.cashfree.com/pg',
  production: 'https://api.cashfree.com/pg',
}

/**
 * Settings of the local stack only. Any of them in a real project's configuration is a
 * mistake (preflight reports it; the functions refuse to run with the stand-in address).
 */
export const LOCAL_ONLY_SETTINGS = [
  'CASHFREE_STANDIN_URL',
  'FIRESTORE_EMULATOR_HOST',
  'FIREBASE_AUTH_EMULATOR_HOST',
  'FIREBASE_STORAGE_EMULATOR_HOST',
  'FUNCTIONS_EMULATOR',
  'PHOTO_STORE_URL',
  'PHOTO_STORE_SECRET',
  'STACK_SECRET',
  'PUSH_STANDIN_URL',
  // The local stack's test accounts that may book without a verified mobile (lib/auth.ts).
  'MOBILE_CHECK_SKIP_DOMAINS',
] as const

/** The local stack's public VAPID key (committed, like its pass key): never a real project's. */
export const LOCAL_VAPID_PUBLIC_KEY =
  'BCLBOUx_PZKCj_7oxeNu-7X5qn7DuAcdQcVak6QaIAPyidHxIuqHKs-NDBtFgYYLAR0aTbYZMbPhfHE06cmGw_w'

export interface FunctionSettings {
  cashfree: { environment: CashfreeEnvironment; baseUrl: string; clientId: string; clientSecret: string }
  /** "https://yaari.example": where checkout returns, and the only origin callables answer. */
  appOrigin: string
}

export interface SettingsInput {
  projectId: string
  CASHFREE_ENV?: string
  CASHFREE_CLIENT_ID?: string
  CASHFREE_CLIENT_SECRET?: string
  APP_ORIGIN?: string
  /** Local stack only: the payment stand-in's API, used instead of Cashfree's. */
  CASHFREE_STANDIN_URL?: string
}

export type SettingsResult = { ok: true; settings: FunctionSettings } | { ok: false; problems: string[] }

export const isDemoProject = (projectId: string) => projectId.startsWith('demo-')

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** `value` parsed as a bare origin (scheme, host, port; no path, query or credentials), or a problem. */
function parseOrigin(value: string): URL | string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'is not a URL'
  }
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
    return `must be an origin only, such as ${url.protocol}//${url.host}, with no path`
  }
  if (value.replace(/\/$/, '') !== url.origin) return `must be written as ${url.origin}`
  return url
}

/**
 * Checks the values and says every problem in words. `requireSecret` is false for preflight,
 * which cannot read Secret Manager (and refuses a secret written in a .env file instead).
 */
export function parseFunctionSettings(input: SettingsInput, { requireSecret = true } = {}): SettingsResult {
  const problems: string[] = []
  const demo = isDemoProject(input.projectId)
  const text = (value: string | undefined) => value?.trim() ?? ''

  const environment = text(input.CASHFREE_ENV)
  if (!environment) problems.push('CASHFREE_ENV is missing: set it to sandbox or production.')
  else if (!(CASHFREE_ENVIRONMENTS as readonly string[]).includes(environment)) {
    problems.push(`CASHFREE_ENV is "${environment}": it must be sandbox or production.`)
  }

  const clientId = text(input.CASHFREE_CLIENT_ID)
  if (!clientId)
    problems.push("CASHFREE_CLIENT_ID is missing: the App ID from Cashfree's dashboard (Developers > API Keys).")
  else if (/\s/.test(clientId)) problems.push('CASHFREE_CLIENT_ID contains spaces.')

  const clientSecret = text(input.CASHFREE_CLIENT_SECRET)
  if (requireSecret && !clientSecret) {
    problems.push(
      'CASHFREE_CLIENT_SECRET is missing: store it with `npx firebase functions:secrets:set CASHFREE_CLIENT_SECRET` (locally: functions/.secret.local).',
    )
  }

  const originValue = text(input.APP_ORIGIN)
  let appOrigin = ''
  if (!originValue) problems.push("APP_ORIGIN is missing: the site's address, such as https://yaari.example.")
  else {
    const origin = parseOrigin(originValue)
    if (typeof origin === 'string') problems.push(`APP_ORIGIN (${originValue}) ${origin}.`)
    else if (origin.protocol === 'https:' && !LOOPBACK.has(origin.hostname)) appOrigin = origin.origin
    else if (demo && origin.protocol === 'http:' && LOOPBACK.has(origin.hostname)) appOrigin = origin.origin
    else problems.push(`APP_ORIGIN (${originValue}) must be the site's https address.`)
  }

  const standin = text(input.CASHFREE_STANDIN_URL)
  let baseUrl = (CASHFREE_ENVIRONMENTS as readonly string[]).includes(environment)
    ? CASHFREE_API_URLS[environment as CashfreeEnvironment]
    : ''
  if (standin) {
    const url = URL.canParse(standin) ? new URL(standin) : undefined
    if (!demo) {
      problems.push(
        `CASHFREE_STANDIN_URL is set for the real project ${input.projectId}: the payment stand-in is for the local stack only. Remove it.`,
      )
    } else if (url?.protocol !== 'http:' || !LOOPBACK.has(url.hostname)) {
      problems.push(`CASHFREE_STANDIN_URL (${standin}) must be the local stand-in's http://127.0.0.1 address.`)
    } else baseUrl = standin.replace(/\/+$/, '')
  }

  if (problems.length > 0) return { ok: false, problems }
  return {
    ok: true,
    settings: {
      cashfree: { environment: environment as CashfreeEnvironment, baseUrl, clientId, clientSecret },
      appOrigin,
    },
  }
}

/** One readable message for a list of problems. */
export function describeProblems(problems: readonly string[]): string {
  return `The functions' configuration is invalid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`
}

export interface MailSettings {
  /** smtp:// or smtps://, with the server's credentials. */
  smtpUrl: string
  /** The sender, e.g. "Yaari <hello@yaari.example>". */
  from: string
}

export type MailSettingsResult = { ok: true; settings: MailSettings } | { ok: false; problems: string[] }

/** The SMTP server and sender of the functions' email: checked, never a default. */
export function parseMailSettings(input: { SMTP_URL?: string; MAIL_FROM?: string }): MailSettingsResult {
  const problems: string[] = []
  const smtpUrl = (input.SMTP_URL ?? '').trim()
  const from = (input.MAIL_FROM ?? '').trim()
  const url = URL.canParse(smtpUrl) ? new URL(smtpUrl) : undefined
  if (!smtpUrl)
    problems.push('SMTP_URL is not set: the SMTP server email goes out through (smtps://user:password@host:465).')
  else if (url?.protocol !== 'smtp:' && url?.protocol !== 'smtps:') {
    problems.push('SMTP_URL must be an smtp:// or smtps:// address, such as smtps://user:password@host:465.')
  }
  if (!from) problems.push('MAIL_FROM is not set: the sender of the email, such as Yaari <hello@yaari.example>.')
  else if (!/^[^<>@\s][^<>]*<[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+>$|^[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+$/.test(from)) {
    problems.push(`MAIL_FROM (${from}) must be an address, with or without a name: Yaari <hello@yaari.example>.`)
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, settings: { smtpUrl, from } }
}
