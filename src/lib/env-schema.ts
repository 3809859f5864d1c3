/**
 * The web app's configuration (VITE_* variables). Validated when the app is built
 * (vite.config.ts), so a misconfigured build fails with a readable message instead of
 * shipping; the app then reads import.meta.env through `clientEnv()`.
 */

import { isLocalPassKeyId, parsePassPublicKeys } from '@yaari/domain/pass'
import { PLACEHOLDER_SUPPORT_PHONE } from '@yaari/domain/site'
import * as v from 'valibot'

const required = (name: string) =>
  v.pipe(v.optional(v.string(`${name} must be text`), ''), v.trim(), v.nonEmpty(`${name} is missing`))
/**
 * The public half of the local stack's VAPID key pair (.env; its private half is committed in
 * dev/lib/config.mjs, so anyone could push to a real project's members with it).
 */
const LOCAL_VAPID_PUBLIC_KEY = 'BCLBOUx_PZKCj_7oxeNu-7X5qn7DuAcdQcVak6QaIAPyidHxIuqHKs-NDBtFgYYLAR0aTbYZMbPhfHE06cmGw_w'
const optionalPort = (name: string) =>
  v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, `${name} must be a port number`), v.transform(Number)))

const clientEnvSchema = v.object({
  VITE_FIREBASE_PROJECT_ID: required('VITE_FIREBASE_PROJECT_ID'),
  VITE_FIREBASE_API_KEY: required('VITE_FIREBASE_API_KEY'),
  VITE_FIREBASE_AUTH_DOMAIN: required('VITE_FIREBASE_AUTH_DOMAIN'),
  VITE_FIREBASE_APP_ID: required('VITE_FIREBASE_APP_ID'),
  VITE_FIREBASE_STORAGE_BUCKET: v.optional(v.string()),
  VITE_FUNCTIONS_REGION: v.optional(v.string(), 'asia-south1'),
  /** Set to use the local emulators; empty in production. */
  VITE_FIREBASE_EMULATOR_HOST: v.optional(v.string(), ''),
  /** A script that defines window.Cashfree before Cashfree's loader runs (the local stand-in's). */
  VITE_CASHFREE_SDK_URL: v.optional(
    v.union([v.literal(''), v.pipe(v.string(), v.url('VITE_CASHFREE_SDK_URL must be a URL'))]),
    '',
  ),
  /**
   * Firebase App Check (reCAPTCHA Enterprise) site key; empty leaves App Check off. The functions'
   * APP_CHECK_SITE_KEY must be the same (preflight checks), and the CSP must allow reCAPTCHA.
   */
  VITE_APP_CHECK_SITE_KEY: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^[\w-]*$/, 'VITE_APP_CHECK_SITE_KEY must be a reCAPTCHA site key')),
    '',
  ),
  /**
   * 'true': new members confirm their email before their first sign-in (and the functions require
   * it). Unset, a real project requires it and the local demo project does not (parseClientEnv).
   */
  VITE_REQUIRE_EMAIL_VERIFICATION: v.optional(
    v.picklist(['true', 'false', ''], 'VITE_REQUIRE_EMAIL_VERIFICATION must be true or false'),
    '',
  ),
  /** The site's own address (origin only): canonical links, link previews and the sitemap name it. */
  VITE_SITE_URL: v.pipe(
    required('VITE_SITE_URL'),
    v.url('VITE_SITE_URL must be the site address, such as https://yaari.example'),
    v.check(
      (value) => !URL.canParse(value) || new URL(value).origin === value.replace(/\/$/, ''),
      'VITE_SITE_URL must be an origin only (no path), such as https://yaari.example',
    ),
    v.transform((value) => value.replace(/\/$/, '')),
  ),
  /**
   * The public keys members' passes are verified with, "<key id>:<Ed25519 public key, base64url>",
   * comma-separated: the key the functions sign with (PASS_SIGNING_KEY) and any still trusted
   * after a rotation.
   */
  VITE_PASS_PUBLIC_KEYS: v.pipe(
    required('VITE_PASS_PUBLIC_KEYS'),
    v.check(
      (value) => typeof parsePassPublicKeys(value) !== 'string',
      (issue) => `VITE_PASS_PUBLIC_KEYS is invalid: ${parsePassPublicKeys(String(issue.input))}`,
    ),
  ),
  /**
   * Web Push: the public half of the VAPID key the functions sign pushes with (VAPID_PRIVATE_KEY),
   * which browsers tie each subscription to. An uncompressed P-256 point (65 bytes, the first 0x04)
   * in base64url: 87 characters starting with B, the last carrying 4 bits (so one of 16 letters).
   */
  VITE_VAPID_PUBLIC_KEY: v.pipe(
    required('VITE_VAPID_PUBLIC_KEY'),
    v.regex(
      /^B[A-Za-z0-9_-]{85}[AEIMQUYcgkosw048]$/,
      'VITE_VAPID_PUBLIC_KEY must be a VAPID public key (a P-256 point in base64url, 87 characters starting with B): npx web-push generate-vapid-keys',
    ),
  ),
  /**
   * The 24/7 number members call or message on WhatsApp, on the night and in an emergency (the
   * Safety Center, a report, the mails): an Indian mobile, "+91 98765 43210". Unset, the local
   * stack's placeholder, which nobody answers: refused for a real project.
   */
  VITE_SUPPORT_PHONE: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^\+91 ?[6-9]\d{4} ?\d{5}$/,
        'VITE_SUPPORT_PHONE must be an Indian mobile number with its country code, such as +91 98765 43210',
      ),
      v.transform((value) => {
        const digits = value.replace(/\D/g, '').slice(2)
        return `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`
      }),
    ),
    PLACEHOLDER_SUPPORT_PHONE,
  ),
  VITE_FIREBASE_AUTH_EMULATOR_PORT: optionalPort('VITE_FIREBASE_AUTH_EMULATOR_PORT'),
  VITE_FIREBASE_FUNCTIONS_EMULATOR_PORT: optionalPort('VITE_FIREBASE_FUNCTIONS_EMULATOR_PORT'),
})
export type ClientEnv = v.InferOutput<typeof clientEnvSchema>

/** Parses the variables, or throws one message that lists every problem. */
export function parseClientEnv(source: Record<string, unknown>): ClientEnv {
  const result = v.safeParse(clientEnvSchema, source)
  if (!result.success) {
    const problems = result.issues.map((issue) => `  - ${issue.message}`).join('\n')
    throw new Error(`The web app's configuration is invalid (see .env and docs/deploy.md):\n${problems}`)
  }
  const env = result.output
  if (!env.VITE_REQUIRE_EMAIL_VERIFICATION) {
    env.VITE_REQUIRE_EMAIL_VERIFICATION = env.VITE_FIREBASE_PROJECT_ID.startsWith('demo-') ? 'false' : 'true'
  }
  if (env.VITE_FIREBASE_EMULATOR_HOST && !env.VITE_FIREBASE_PROJECT_ID.startsWith('demo-')) {
    throw new Error(
      "The web app's configuration is invalid: VITE_FIREBASE_EMULATOR_HOST is set for a real project " +
        `(${env.VITE_FIREBASE_PROJECT_ID}). Use a demo- project id locally, or clear the emulator host.`,
    )
  }
  if (env.VITE_CASHFREE_SDK_URL && !env.VITE_FIREBASE_PROJECT_ID.startsWith('demo-')) {
    throw new Error(
      "The web app's configuration is invalid: VITE_CASHFREE_SDK_URL replaces Cashfree's checkout script, " +
        'which only the local stand-in may do. Clear it for a real project (Cashfree requires its own CDN script).',
    )
  }
  const localKeys = Object.keys(parsePassPublicKeys(env.VITE_PASS_PUBLIC_KEYS)).filter(isLocalPassKeyId)
  if (!env.VITE_FIREBASE_PROJECT_ID.startsWith('demo-') && localKeys.length) {
    throw new Error(
      `The web app's configuration is invalid: VITE_PASS_PUBLIC_KEYS lists the local stack's key ${localKeys.join(', ')}, ` +
        'whose private key is committed. List only keys made for this project (npm run pass-key).',
    )
  }
  if (!env.VITE_FIREBASE_PROJECT_ID.startsWith('demo-') && env.VITE_VAPID_PUBLIC_KEY === LOCAL_VAPID_PUBLIC_KEY) {
    throw new Error(
      "The web app's configuration is invalid: VITE_VAPID_PUBLIC_KEY is the local stack's key, whose private key is " +
        'committed. Make a key pair for this project (npx web-push generate-vapid-keys) and give the functions its private half.',
    )
  }
  if (!env.VITE_FIREBASE_PROJECT_ID.startsWith('demo-') && env.VITE_SUPPORT_PHONE === PLACEHOLDER_SUPPORT_PHONE) {
    throw new Error(
      `The web app's configuration is invalid: VITE_SUPPORT_PHONE is the placeholder ${PLACEHOLDER_SUPPORT_PHONE}, ` +
        'which nobody answers. Set the 24/7 number members call in an emergency.',
    )
  }
  if (!env.VITE_FIREBASE_PROJECT_ID.startsWith('demo-') && !env.VITE_SITE_URL.startsWith('https://')) {
    throw new Error(
      `The web app's configuration is invalid: VITE_SITE_URL (${env.VITE_SITE_URL}) must be the site's https address.`,
    )
  }
  return env
}
