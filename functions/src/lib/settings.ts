/**
 * The functions' parameters (firebase-functions params). A deploy reads their values from
 * functions/.env.<project> and the secret from Secret Manager; the local stack writes
 * functions/.env.local and functions/.secret.local, which the Functions emulator reads the same
 * way, so the same code runs in both. Each function that calls Cashfree binds the secret
 * (`secrets: CASHFREE_SECRETS`): an unbound secret never reaches the function.
 */

import { isLocalPassKeyId } from '@yaari/domain/pass'
import { defineSecret, defineString } from 'firebase-functions/params'
import { ALERTS, alert } from './log'
import { type PassSigner, parsePassSigningKey } from './pass-signer'
import {
  describeProblems,
  type FunctionSettings,
  isDemoProject,
  LOCAL_VAPID_PUBLIC_KEY,
  type MailSettings,
  parseFunctionSettings,
  parseMailSettings,
} from './settings-schema'

const CASHFREE_CLIENT_SECRET = defineSecret('CASHFREE_CLIENT_SECRET', {
  description: "Cashfree's Secret Key (Developers > API Keys), for the environment in CASHFREE_ENV.",
})

const CASHFREE_CLIENT_ID = defineString('CASHFREE_CLIENT_ID', {
  description: "Cashfree's App ID (Developers > API Keys), for the environment in CASHFREE_ENV.",
})

const CASHFREE_ENV = defineString('CASHFREE_ENV', {
  description: "Cashfree's environment: sandbox (test payments) or production (real money).",
  input: { select: { options: [{ value: 'sandbox' }, { value: 'production' }] } },
})

export const APP_ORIGIN = defineString('APP_ORIGIN', {
  description: "The site's https address (no path): where checkout returns, the only origin callables answer.",
  input: {
    text: {
      example: 'https://yaari.example',
      validationRegex: '^https://[^/?#\\s]+$',
      validationErrorMessage: 'An https origin with no path, such as https://yaari.example',
    },
  },
})

/** reCAPTCHA Enterprise site key of Firebase App Check; empty: App Check not enforced. */
export const APP_CHECK_SITE_KEY = defineString('APP_CHECK_SITE_KEY', {
  default: '',
  description: 'The App Check (reCAPTCHA Enterprise) site key the web app uses; empty to leave App Check off.',
})

/** Where the functions send email: an SMTP URL with its credentials (smtps://user:pass@host:465). */
export const SMTP_URL = defineSecret('SMTP_URL', {
  description: 'The SMTP server the functions send email through, with its credentials: smtps://user:password@host:465',
})

const MAIL_FROM = defineString('MAIL_FROM', {
  description: "The sender of the members' email, a mailbox the SMTP server may send as.",
  input: { text: { example: 'Yaari <hello@yaari.example>' } },
})

/**
 * The Ed25519 key the functions sign members' passes with, "<key id>:<private key, base64url>"
 * (`npm run pass-key -- --kid <id>` makes one). The app must list its public key in
 * VITE_PASS_PUBLIC_KEYS before passes are signed with it (docs/decisions/0011-signed-passes.md).
 */
export const PASS_SIGNING_KEY = defineSecret('PASS_SIGNING_KEY', {
  description: 'The Ed25519 key members\' passes are signed with: "<key id>:<private key in base64url>".',
})

/**
 * Web Push (RFC 8292): the VAPID key pair the functions sign pushes with, and who to contact about
 * them. The app subscribes with the public half (VITE_VAPID_PUBLIC_KEY); `npx web-push
 * generate-vapid-keys` makes a pair.
 */
export const VAPID_PRIVATE_KEY = defineSecret('VAPID_PRIVATE_KEY', {
  description:
    'The private half of the Web Push (VAPID) key pair, base64url, as `npx web-push generate-vapid-keys` prints it.',
})
const VAPID_PUBLIC_KEY = defineString('VAPID_PUBLIC_KEY', {
  description: "The public half of the Web Push (VAPID) key pair: the same as the web app's VITE_VAPID_PUBLIC_KEY.",
})
const VAPID_SUBJECT = defineString('VAPID_SUBJECT', {
  description: 'Who push services may contact about our pushes: a mailto: or https: address.',
  input: { text: { example: 'mailto:hello@yaari.example' } },
})

/** The secrets of every function that talks to Cashfree. */
export const CASHFREE_SECRETS = [CASHFREE_CLIENT_SECRET]

/** A configuration the functions cannot run with; its message lists every problem. */
export class SettingsError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(describeProblems(problems))
    this.name = 'SettingsError'
  }
}

let checked: FunctionSettings | undefined

/**
 * The parameters' values, checked. Throws SettingsError (logged once per instance as the
 * `config-invalid` alert) rather than falling back to Cashfree's sandbox or a relative URL.
 */
export function functionSettings(): FunctionSettings {
  if (checked) return checked
  const result = parseFunctionSettings({
    projectId: process.env.GCLOUD_PROJECT ?? '',
    CASHFREE_ENV: CASHFREE_ENV.value(),
    CASHFREE_CLIENT_ID: CASHFREE_CLIENT_ID.value(),
    CASHFREE_CLIENT_SECRET: CASHFREE_CLIENT_SECRET.value(),
    APP_ORIGIN: APP_ORIGIN.value(),
    CASHFREE_STANDIN_URL: process.env.CASHFREE_STANDIN_URL,
  })
  if (!result.ok) {
    alert(ALERTS.configInvalid, { problems: result.problems })
    throw new SettingsError(result.problems)
  }
  checked = result.settings
  return checked
}

/** Where the functions' email goes out, checked; a MailSettingsError names what is wrong. */
export function mailSettings(): MailSettings {
  const result = parseMailSettings({ SMTP_URL: SMTP_URL.value(), MAIL_FROM: MAIL_FROM.value() })
  if (!result.ok) {
    alert(ALERTS.configInvalid, { problems: result.problems })
    throw new SettingsError(result.problems)
  }
  return result.settings
}

let signer: PassSigner | undefined

/**
 * The pass signer from PASS_SIGNING_KEY, checked: a missing or malformed key, or the local stack's
 * key ids (`dev...`) in a real project, is a SettingsError and a `config-invalid` alert.
 */
export function passSigner(): PassSigner {
  if (signer) return signer
  const parsed = parsePassSigningKey(PASS_SIGNING_KEY.value())
  const problem =
    typeof parsed === 'string'
      ? parsed
      : !isDemoProject(process.env.GCLOUD_PROJECT ?? '') && isLocalPassKeyId(parsed.keyId)
        ? `PASS_SIGNING_KEY's key id ${parsed.keyId} is the local stack's: make a key of this project's own (npm run pass-key).`
        : undefined
  if (problem || typeof parsed === 'string') {
    const problems = [problem ?? String(parsed)]
    alert(ALERTS.configInvalid, { problems })
    throw new SettingsError(problems)
  }
  signer = parsed
  return signer
}

/** The VAPID details pushes are signed with; the local stack's pair is refused for a real project. */
export function vapidSettings(): { subject: string; publicKey: string; privateKey: string } {
  const details = {
    subject: VAPID_SUBJECT.value(),
    publicKey: VAPID_PUBLIC_KEY.value(),
    privateKey: VAPID_PRIVATE_KEY.value(),
  }
  const problems = [
    ...(/^[A-Za-z0-9_-]{87}$/.test(details.publicKey) ? [] : ['VAPID_PUBLIC_KEY is not a base64url P-256 public key.']),
    ...(/^[A-Za-z0-9_-]{43}$/.test(details.privateKey)
      ? []
      : ['VAPID_PRIVATE_KEY is not a base64url P-256 private key.']),
    ...(/^(mailto:|https:\/\/)\S+$/.test(details.subject) ? [] : ['VAPID_SUBJECT is not a mailto: or https: address.']),
    ...(!isDemoProject(process.env.GCLOUD_PROJECT ?? '') && details.publicKey === LOCAL_VAPID_PUBLIC_KEY
      ? ["VAPID_PUBLIC_KEY is the local stack's: make this project's own pair (npx web-push generate-vapid-keys)."]
      : []),
  ]
  if (problems.length > 0) {
    alert(ALERTS.configInvalid, { problems })
    throw new SettingsError(problems)
  }
  return details
}

/**
 * The local push service stand-in's address (the local stack only): subscriptions naming it are
 * accepted besides the browsers' push services. Ignored in a real project.
 */
export function pushStandinUrl(): string | undefined {
  const url = process.env.PUSH_STANDIN_URL
  return url && isDemoProject(process.env.GCLOUD_PROJECT ?? '') ? url.replace(/\/$/, '') : undefined
}

/** Tests only: read the parameters again. */
export function forgetSettings(): void {
  checked = undefined
  signer = undefined
}
