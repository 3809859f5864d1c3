// @ts-check
/**
 * The local stack's addresses. Emulator ports come from firebase.json (the one place they
 * are set); the stand-ins' ports and the app's PORT may be overridden by environment.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const PROJECT_ID = 'demo-yaari'
const REGION = 'asia-south1'
export const HOST = '127.0.0.1'

/**
 * The tests' own email domain: the local stack lets its accounts book without a verified mobile
 * (MOBILE_CHECK_SKIP_DOMAINS). The tests of verification sign up at another.
 */
export const TEST_EMAIL_DOMAIN = 'example.test'

/** Where the Auth emulator lists the SMS codes it "sent" (it sends none). */
export const smsCodesUrl = (port = stackPorts().auth) =>
  `http://${HOST}:${port}/emulator/v1/projects/${PROJECT_ID}/verificationCodes`

/**
 * The local stack's pass signing key (PASS_SIGNING_KEY), committed like the stand-ins' secrets:
 * its public half is in .env (VITE_PASS_PUBLIC_KEYS), and "dev" key ids are refused for a real
 * project. Made with `npm run pass-key -- --kid dev1`.
 */
export const DEV_PASS_SIGNING_KEY = 'dev1:7tis76NDceyYdtAXiWbOKO0pr49blTH_N1rG2dB4RmQ'

/**
 * The local stack's VAPID key pair (Web Push), committed like the pass key: the functions sign with
 * the private half (VAPID_PRIVATE_KEY), the app subscribes with the public half (.env
 * VITE_VAPID_PUBLIC_KEY), and preflight refuses this pair for a real project.
 */
export const DEV_VAPID_KEYS = {
  publicKey: 'BCLBOUx_PZKCj_7oxeNu-7X5qn7DuAcdQcVak6QaIAPyidHxIuqHKs-NDBtFgYYLAR0aTbYZMbPhfHE06cmGw_w',
  privateKey: 'aB2smomZ4_DzHvZhwQPGEssxgAWtXKplxpRiGWf6BK0',
}

const firebaseJson = JSON.parse(readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8'))
/** @type {Record<string, { port: number }>} */
const emulators = firebaseJson.emulators

/** @param {string} name @param {number} fallback */
function envPort(name, fallback) {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${name}=${raw} is not a port number (1-65535).`)
  }
  return port
}

export function stackPorts() {
  return {
    app: envPort('PORT', 4173),
    firestore: envPort('FIRESTORE_STANDIN_PORT', 8080),
    payments: envPort('PAYMENT_STANDIN_PORT', 8081),
    photos: envPort('PHOTO_STORE_PORT', 8082),
    push: envPort('PUSH_STANDIN_PORT', 8083),
    mailSmtp: envPort('MAIL_SMTP_PORT', 1025),
    mailInbox: envPort('MAIL_INBOX_PORT', 1080),
    auth: emulators.auth.port,
    functions: emulators.functions.port,
    hosting: emulators.hosting.port,
    hub: emulators.hub.port,
    logging: emulators.logging.port,
    eventarc: emulators.eventarc.port,
    tasks: emulators.tasks.port,
  }
}

/** @param {string} name */
export function functionUrl(name, port = stackPorts().functions) {
  return `http://${HOST}:${port}/${PROJECT_ID}/${REGION}/${name}`
}

/**
 * Signs up (`signUp`) or in (`signInWithPassword`) on the Auth emulator's REST API, as the web SDK
 * does (the answer carries the person's idToken and localId); or, as the SDK's phone sign-in does,
 * has a code "sent" by SMS (`sendVerificationCode`: its sessionInfo) and checks it
 * (`signInWithPhoneNumber`, with an idToken: links the number to that account).
 * @param {'signUp' | 'signInWithPassword' | 'sendVerificationCode' | 'signInWithPhoneNumber'} how
 * @param {Record<string, unknown>} body email, password (and displayName); or phoneNumber; or sessionInfo, code and idToken
 */
export function authAccounts(how, body) {
  return fetch(
    `http://${HOST}:${stackPorts().auth}/identitytoolkit.googleapis.com/v1/accounts:${how}?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, returnSecureToken: true }),
    },
  )
}

/**
 * A callable function over HTTP, as the web SDK calls it from the app: `data`, as whoever `idToken` signs in.
 * @param {string} name @param {string} idToken @param {unknown} data
 */
export function postCallable(name, idToken, data) {
  return fetch(functionUrl(name), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${idToken}`,
      origin: `http://${HOST}:${stackPorts().app}`,
    },
    body: JSON.stringify({ data }),
  })
}

/** The local inbox's API (MailDev): every email the functions sent, newest last. */
export const mailInboxUrl = (port = stackPorts().mailInbox) => `http://${HOST}:${port}`

/** Where a running stack writes what tools need to reach it (its secret), in .tmp/. */
export const STACK_FILE = join(ROOT, '.tmp', 'stack.json')

/**
 * The running stack's secret: the photo store's writes, the payment and push stand-ins' control
 * APIs and the local job trigger answer only requests that carry it. Generated afresh at every start.
 * @returns {string}
 */
export function stackSecret() {
  try {
    return JSON.parse(readFileSync(STACK_FILE, 'utf8')).secret
  } catch {
    throw new Error(`No running stack: ${STACK_FILE} is missing. Start one with \`npm start\`.`)
  }
}

/**
 * The payment stand-in's control API (tests and the bench), with the stack's secret.
 * @param {string} path e.g. `/orders/{id}/pay` @param {unknown} [body]
 */
export function standinControl(path, body = {}) {
  return fetch(`http://${HOST}:${stackPorts().payments}/__standin${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-standin-secret': stackSecret() },
    body: JSON.stringify(body),
  })
}

/**
 * The push stand-in's control API (tests), with the stack's secret: POST `/subscriptions` makes
 * a subscription (as a browser's PushSubscription.toJSON(), and its id), GET
 * `/subscriptions/{id}/messages` or `/messages` reads what the functions pushed (decrypted), POST
 * `/subscriptions/{id}/fault` makes the next pushes fail, DELETE `/subscriptions/{id}` ends one.
 * @param {string} path e.g. `/subscriptions/{id}/messages`
 * @param {{ method?: string, body?: unknown }} [options]
 */
export function pushControl(path, { method = 'POST', body } = {}) {
  return fetch(`http://${HOST}:${stackPorts().push}/__push${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-stack-secret': stackSecret() },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
}
