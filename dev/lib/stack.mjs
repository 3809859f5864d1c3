// @ts-check
/**
 * Starts the local stack from a table of its parts (stackParts): the Firestore stand-in, the photo
 * store, the payment stand-in, the push stand-in (a Web Push service the functions send
 * notifications to), the mail inbox and the app (production build with its service worker, or Vite's
 * dev server) side by side; the Firebase Auth + Functions emulators once Firestore answers; the
 * functions' scheduled jobs once a function answers. Every part is checked before what depends
 * on it starts, and every failure says what is wrong and what to do; nothing waits silently. Every part listens on 127.0.0.1 only; the parts that take writes or
 * test controls answer only the stack's secret, generated at each start (.tmp/stack.json).
 */
import { execFile, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import grpc from '@grpc/grpc-js'
import { STANDIN_CLIENT_ID, STANDIN_CLIENT_SECRET } from '../payments/standin.mjs'
import {
  DEV_PASS_SIGNING_KEY,
  DEV_VAPID_KEYS,
  functionUrl,
  HOST,
  mailInboxUrl,
  PROJECT_ID,
  ROOT,
  STACK_FILE,
  stackPorts,
  TEST_EMAIL_DOMAIN,
} from './config.mjs'
import { makeDemoAccounts } from './demo-accounts.mjs'
import { startJobScheduler } from './scheduler.mjs'

export class StackError extends Error {}

const LOG_DIR = join(ROOT, '.tmp', 'logs')
const BIN = join(ROOT, 'node_modules', '.bin')

/** The Firebase CLI, kept quiet and offline: no update checks, no metadata-server lookups. */
const FIREBASE_ENV = {
  // The Functions emulator starts a worker process per request in flight and gives each 30 s to
  // load; many cold calls at once on 2 cores take longer, and a worker that misses it leaves its
  // request hanging for good. Two minutes lets a burst of 50 come up.
  FUNCTIONS_DISCOVERY_TIMEOUT: '120',
  CI: 'true',
  NO_UPDATE_NOTIFIER: '1',
  METADATA_SERVER_DETECTION: 'none',
  npm_config_offline: 'true',
  FIREBASE_CLI_EXPERIMENTS: '',
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** @param {number} port @returns {Promise<boolean>} */
function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, HOST, () => server.close(() => resolve(true)))
  })
}

/** A port nothing listens on right now. @returns {Promise<number>} */
export async function freePort() {
  const server = createServer()
  await new Promise((resolve) => server.listen(0, HOST, () => resolve(undefined)))
  const address = server.address()
  await new Promise((resolve) => server.close(() => resolve(undefined)))
  return typeof address === 'object' && address ? address.port : 0
}

/**
 * Polls `probe` until it returns true or `timeoutMs` passes; `child` dying ends the wait early.
 * @param {string} what @param {() => Promise<boolean>} probe @param {number} timeoutMs
 * @param {{ exited: boolean, logFile: string } | undefined} child
 */
export async function waitFor(what, probe, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child?.exited) throw new StackError(`${what} exited during start-up.\n${tail(child.logFile)}`)
    try {
      if (await probe()) return
    } catch {
      // not answering yet
    }
    await sleep(250)
  }
  throw new StackError(
    `${what} did not answer within ${Math.round(timeoutMs / 1000)} s.${child ? `\n${tail(child.logFile)}` : ''}`,
  )
}

/** @param {string} file */
function tail(file, lines = 25) {
  if (!existsSync(file)) return ''
  const text = readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
  return `Last lines of ${file}:\n${text}`
}

/** @param {string} url @param {RequestInit} [init] */
async function fetchOk(url, init) {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(3000) })
  return response.ok
}

/**
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function grpcAnswers(port) {
  return new Promise((resolve) => {
    const client = new grpc.Client(`${HOST}:${port}`, grpc.credentials.createInsecure())
    client.waitForReady(Date.now() + 1000, (error) => {
      client.close()
      resolve(!error)
    })
  })
}

/**
 * @typedef {{ name: string, pid: number, exited: boolean, logFile: string, done: Promise<void> }} Child
 * @param {string} name @param {string} command @param {string[]} args @param {NodeJS.ProcessEnv} [env]
 * @returns {Child}
 */
export function startChild(name, command, args, env = {}) {
  mkdirSync(LOG_DIR, { recursive: true })
  const logFile = join(LOG_DIR, `${name}.log`)
  const log = createWriteStream(logFile)
  // Children stay in the orchestrator's process group: Ctrl-C in a terminal, or a test runner
  // killing the group, reaches every one of them even if the orchestrator cannot clean up.
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.pipe(log)
  child.stderr.pipe(log)
  /** @type {Child} */
  const handle = {
    name,
    pid: child.pid ?? -1,
    exited: false,
    logFile,
    done: new Promise((resolve) => child.once('exit', () => resolve())),
  }
  child.once('exit', () => {
    handle.exited = true
  })
  return handle
}

/** @param {Child} child */
export async function stopChild(child) {
  if (child.exited) return
  try {
    process.kill(child.pid, 'SIGTERM')
  } catch {
    return
  }
  const stopped = await Promise.race([child.done.then(() => true), sleep(8000).then(() => false)])
  if (!stopped) {
    try {
      process.kill(child.pid, 'SIGKILL')
    } catch {
      // already gone
    }
    await child.done
  }
}

/**
 * The functions' configuration for the local stack, in the files the Functions emulator reads
 * (the process environment does not reach its workers): the params and local settings in
 * `.env.local`, the Cashfree secret in `.secret.local`, which the emulator passes only as the
 * secret param. Both are ignored by git.
 * @param {string} dir the functions' folder
 * @param {{ ports: ReturnType<typeof stackPorts>, secret: string, appUrl: string }} stack
 */
export function writeFunctionsConfig(dir, { ports, secret, appUrl }) {
  writeFileSync(
    join(dir, '.env.local'),
    [
      '# Written by dev/lib/stack.mjs at start-up; not committed.',
      `FIRESTORE_EMULATOR_HOST=${HOST}:${ports.firestore}`,
      `PHOTO_STORE_URL=http://${HOST}:${ports.photos}`,
      `PHOTO_STORE_SECRET=${secret}`,
      // The local job trigger (runScheduledJob) answers only this.
      `STACK_SECRET=${secret}`,
      // The params (functions/src/lib/settings.ts): the stand-in plays Cashfree's sandbox.
      'CASHFREE_ENV=sandbox',
      `CASHFREE_CLIENT_ID=${STANDIN_CLIENT_ID}`,
      `APP_ORIGIN=${appUrl}`,
      'APP_CHECK_SITE_KEY=',
      'MAIL_FROM=Yaari <hello@yaari.local>',
      'CHECKOUT_MIN_INSTANCES=0',
      // Local only (refused for a real project): Cashfree's API is the stand-in.
      `CASHFREE_STANDIN_URL=http://${HOST}:${ports.payments}/pg`,
      // Local only (refused for a real project): the functions may send pushes to the push stand-in.
      `PUSH_STANDIN_URL=http://${HOST}:${ports.push}`,
      // Web Push: the committed local VAPID key pair, whose public half the app subscribes with (.env).
      `VAPID_PUBLIC_KEY=${DEV_VAPID_KEYS.publicKey}`,
      'VAPID_SUBJECT=mailto:hello@yaari.local',
      // Matches the web app's VITE_REQUIRE_EMAIL_VERIFICATION when set in the environment.
      `REQUIRE_EMAIL_VERIFICATION=${process.env.VITE_REQUIRE_EMAIL_VERIFICATION === 'true'}`,
      // Local only (refused for a real project): the tests' accounts book without a verified mobile;
      // the tests of verification sign up elsewhere.
      `MOBILE_CHECK_SKIP_DOMAINS=${TEST_EMAIL_DOMAIN}`,
      '',
    ].join('\n'),
  )
  writeFileSync(
    join(dir, '.secret.local'),
    [
      '# Written by dev/lib/stack.mjs at start-up; not committed.',
      `CASHFREE_CLIENT_SECRET=${STANDIN_CLIENT_SECRET}`,
      // Email goes to the local inbox (MailDev), which takes any sender and recipient.
      `SMTP_URL=smtp://${HOST}:${ports.mailSmtp}`,
      // Members' passes: the committed local key, whose public half the app is built with (.env).
      `PASS_SIGNING_KEY=${DEV_PASS_SIGNING_KEY}`,
      // Web Push: the private half of the committed local VAPID key pair.
      `VAPID_PRIVATE_KEY=${DEV_VAPID_KEYS.privateKey}`,
      '',
    ].join('\n'),
  )
}

/**
 * Loads the seed catalogue into the stand-in, as `npm run catalogue -- seed` does into a project
 * (the functions' own command, built with them): a stand-in that has a catalogue keeps it.
 * @param {ReturnType<typeof stackPorts>} ports
 */
function seedCatalogue(ports) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [join(ROOT, 'functions', 'lib', 'ops', 'catalogue.js'), 'seed'],
      {
        env: {
          ...process.env,
          GOOGLE_CLOUD_PROJECT: PROJECT_ID,
          FIRESTORE_EMULATOR_HOST: `${HOST}:${ports.firestore}`,
          METADATA_SERVER_DETECTION: 'none',
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) =>
        error
          ? reject(new StackError(`The seed catalogue was not loaded: ${stderr || error.message}`))
          : resolve(stdout),
    )
  })
}

/**
 * One part of the stack: a process (`command`, `args`, `env`, its log in .tmp/logs/<name>.log) or
 * something run in this process (`start`, returning its stop), and the checks that say it is up.
 * A part starts once every part it comes `after` is up; the others start side by side.
 * @typedef {{
 *   name: string,
 *   step: string,
 *   after?: string[],
 *   command?: string, args?: string[], env?: NodeJS.ProcessEnv,
 *   start?: () => Promise<() => void>,
 *   ready?: { what: string, probe: () => Promise<boolean>, timeoutMs: number }[],
 * }} Part
 */

/**
 * A stand-in of ours: a Node script that listens on `port` and answers /health once it is up.
 * @param {string} name @param {string} label what the step and its check call it
 * @param {string} script @param {number} port @param {NodeJS.ProcessEnv} env
 * @returns {Part}
 */
const standIn = (name, label, script, port, env) => ({
  name,
  step: `${label} on ${HOST}:${port}`,
  command: process.execPath,
  args: [script, String(port)],
  env,
  ready: [
    {
      what: `The ${label} (${HOST}:${port})`,
      probe: () => fetchOk(`http://${HOST}:${port}/health`),
      timeoutMs: 10_000,
    },
  ],
})

/**
 * The local stack as a table.
 * @param {{ mode: 'preview' | 'dev', ports: ReturnType<typeof stackPorts>, secret: string, appUrl: string }} options
 * @returns {Part[]}
 */
export function stackParts({ mode, ports, secret, appUrl }) {
  const getAvailability = functionUrl('getAvailability', ports.functions)
  return [
    {
      name: 'firestore-standin',
      step: `Firestore stand-in on ${HOST}:${ports.firestore}`,
      command: process.execPath,
      args: ['dev/firestore/standin.mjs', String(ports.firestore)],
      ready: [
        {
          what: `The Firestore stand-in (${HOST}:${ports.firestore})`,
          probe: () => grpcAnswers(ports.firestore),
          timeoutMs: 10_000,
        },
      ],
    },
    standIn('photo-store', 'photo store', 'dev/photo-store/server.mjs', ports.photos, { PHOTO_STORE_SECRET: secret }),
    standIn('payment-standin', 'payment stand-in', 'dev/payments/standin.mjs', ports.payments, {
      // Cashfree's "dashboard" webhook endpoint: the cashfreeWebhook function.
      STANDIN_WEBHOOK_URL: functionUrl('cashfreeWebhook', ports.functions),
      STACK_SECRET: secret,
      // Checkout sends the browser back to the app only.
      APP_ORIGIN: appUrl,
    }),
    // Its control API (the tests' subscriptions, messages and faults) answers only this.
    standIn('push-standin', 'push stand-in', 'dev/push/standin.mjs', ports.push, { STACK_SECRET: secret }),
    {
      name: 'mail-inbox',
      step: `mail inbox (MailDev): SMTP on ${HOST}:${ports.mailSmtp}, inbox on ${mailInboxUrl(ports.mailInbox)}`,
      command: join(BIN, 'maildev'),
      args: [
        '--smtp',
        String(ports.mailSmtp),
        '--web',
        String(ports.mailInbox),
        '--ip',
        HOST,
        '--web-ip',
        HOST,
        '--mail-directory',
        join(ROOT, '.tmp', 'mail'),
      ],
      ready: [
        {
          what: `The mail inbox (${mailInboxUrl(ports.mailInbox)})`,
          probe: () => fetchOk(`${mailInboxUrl(ports.mailInbox)}/healthz`),
          timeoutMs: 15_000,
        },
      ],
    },
    {
      name: 'catalogue',
      step: 'the seed catalogue (when the stand-in has none)',
      after: ['firestore-standin'],
      start: async () => {
        await seedCatalogue(ports)
        return () => {}
      },
    },
    {
      name: 'firebase-emulators',
      step: `Firebase Auth (${ports.auth}), Functions (${ports.functions})${mode === 'preview' ? ` and Hosting (${ports.hosting})` : ''} emulators`,
      // Its first call reads Firestore, and its readiness probe asks for an event of the catalogue.
      after: ['firestore-standin', 'catalogue'],
      command: join(BIN, 'firebase'),
      // Hosting serves dist/ exactly as firebase.json says (headers, rewrites, 404.html): what the
      // hosting tests hold the app's own preview to. The app itself is served by the preview, whose
      // policy also allows the local stack's servers.
      args: [
        'emulators:start',
        '--only',
        mode === 'preview' ? 'auth,functions,hosting' : 'auth,functions',
        '--project',
        PROJECT_ID,
      ],
      env: FIREBASE_ENV,
      ready: [
        {
          what: `The Firebase Auth emulator (${HOST}:${ports.auth})`,
          probe: () => fetchOk(`http://${HOST}:${ports.auth}/`),
          timeoutMs: 90_000,
        },
        ...(mode === 'preview'
          ? [
              {
                what: `The Firebase Hosting emulator (${HOST}:${ports.hosting})`,
                probe: () => fetchOk(`http://${HOST}:${ports.hosting}/about`),
                timeoutMs: 90_000,
              },
            ]
          : []),
        // A function that fails to load does not fail the emulator: calls just 404. So the stack
        // is up only when a real callable answers, which also proves Functions -> Firestore.
        {
          what: `The getAvailability function (${getAvailability})`,
          probe: () =>
            fetchOk(getAvailability, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ data: { eventId: 'first-hello-stranger-meetup' } }),
            }),
          timeoutMs: 60_000,
        },
      ],
    },
    {
      name: 'demo-accounts',
      step: 'the demo admin and Bangalore host',
      after: ['firebase-emulators'],
      start: async () => {
        await makeDemoAccounts(ports, appUrl)
        return () => {}
      },
    },
    {
      name: 'scheduled-jobs',
      step: 'the scheduled jobs (the emulator does not run schedules)',
      after: ['firebase-emulators'],
      start: async () =>
        (await startJobScheduler({ triggerUrl: functionUrl('runScheduledJob', ports.functions), secret })).stop,
    },
    {
      name: 'app',
      step: mode === 'dev' ? `Vite dev server on ${appUrl}` : `production build on ${appUrl}`,
      command: join(BIN, 'vite'),
      args: [mode === 'dev' ? 'dev' : 'preview', '--host', HOST, '--port', String(ports.app), '--strictPort'],
      // A page the build wrote: `/` is written by the publicPages function, which answers once the
      // Functions emulator is up (its own readiness probe), however long that takes on a busy machine.
      ready: [{ what: `The app (${appUrl})`, probe: () => fetchOk(`${appUrl}/about`), timeoutMs: 30_000 }],
    },
  ]
}

/**
 * Starts the parts of a table, each once the parts it comes after are up; the first failure
 * stops everything started and is thrown.
 * @param {Part[]} parts @param {(message: string) => void} onStep
 * @returns {Promise<() => Promise<void>>} stops every part, the last started first
 */
export async function startParts(parts, onStep) {
  /** @type {(() => Promise<void>)[]} */
  const stops = []
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop()
  }
  /** @type {Map<string, Promise<void>>} */
  const up = new Map()
  const known = new Set(parts.map((part) => part.name))
  for (const part of parts) {
    for (const name of part.after ?? []) {
      if (!known.has(name))
        throw new StackError(`The stack's part ${part.name} comes after ${name}, which is not a part.`)
    }
  }
  let failed = false
  const bringUp = async (/** @type {Part} */ part) => {
    await Promise.all((part.after ?? []).map((name) => up.get(name)))
    if (failed) return
    onStep(part.step)
    /** @type {Child | undefined} */
    let child
    if (part.command) {
      child = startChild(part.name, part.command, part.args ?? [], part.env)
      const started = child
      stops.push(() => stopChild(started))
    }
    if (part.start) {
      const stop = await part.start()
      stops.push(async () => stop())
    }
    for (const { what, probe, timeoutMs } of part.ready ?? []) await waitFor(what, probe, timeoutMs, child)
  }
  // In table order, so each part's `after` is already in the map when it is read.
  for (const part of parts) {
    if (!up.has(part.name)) up.set(part.name, bringUp(part))
  }
  try {
    await Promise.all(up.values())
  } catch (error) {
    // Stop what runs (its waits then end at once), let every start settle, stop what came late.
    failed = true
    await stopAll()
    await Promise.allSettled(up.values())
    await stopAll()
    throw error
  }
  return stopAll
}

/**
 * @typedef {{ appUrl: string, ports: ReturnType<typeof stackPorts>, startupMs: number, stop: () => Promise<void> }} Stack
 * @param {{ mode?: 'preview' | 'dev', onStep?: (message: string) => void }} [options]
 * @returns {Promise<Stack>}
 */
export async function startStack({ mode = 'preview', onStep = () => {} } = {}) {
  const started = Date.now()
  const ports = stackPorts()

  const names = /** @type {Record<keyof typeof ports, string>} */ ({
    app: 'the app (set PORT to use another)',
    firestore: 'the Firestore stand-in (set FIRESTORE_STANDIN_PORT to use another)',
    payments: 'the payment stand-in (set PAYMENT_STANDIN_PORT to use another)',
    photos: 'the photo store (set PHOTO_STORE_PORT to use another)',
    push: 'the push stand-in (set PUSH_STANDIN_PORT to use another)',
    mailSmtp: "the mail inbox's SMTP server (set MAIL_SMTP_PORT to use another)",
    mailInbox: 'the mail inbox (set MAIL_INBOX_PORT to use another)',
    auth: 'the Firebase Auth emulator (firebase.json)',
    functions: 'the Firebase Functions emulator (firebase.json)',
    hosting: 'the Firebase Hosting emulator (firebase.json)',
    hub: 'the Firebase emulator hub (firebase.json)',
    logging: 'the Firebase logging emulator (firebase.json)',
    eventarc: 'the Firebase Eventarc emulator (firebase.json)',
    tasks: 'the Firebase Cloud Tasks emulator (firebase.json)',
  })
  for (const [key, port] of Object.entries(ports)) {
    if (!(await portIsFree(port))) {
      throw new StackError(
        `Port ${port} on ${HOST} is already in use; it is needed by ${names[/** @type {keyof typeof ports} */ (key)]}. ` +
          `Is another Yaari stack running? Stop it, or find the process with \`lsof -i :${port}\`.`,
      )
    }
  }

  if (mode === 'preview' && !existsSync(join(ROOT, 'dist', 'app.html'))) {
    throw new StackError('No production build in dist/. Run `npm run build` first (`npm start` builds for you).')
  }
  if (mode === 'preview' && !existsSync(join(ROOT, 'functions', 'lib', 'pages', 'render.mjs'))) {
    throw new StackError(
      "The pages' server render is not built (functions/lib/pages/render.mjs is missing). Run `npm run build`.",
    )
  }
  if (!existsSync(join(ROOT, 'functions', 'lib', 'index.js'))) {
    throw new StackError('The functions are not built (functions/lib/index.js is missing). Run `npm run build`.')
  }

  const appUrl = `http://${HOST}:${ports.app}`
  const secret = randomBytes(16).toString('hex')
  mkdirSync(join(ROOT, '.tmp'), { recursive: true })
  writeFileSync(STACK_FILE, JSON.stringify({ secret, appUrl }))
  writeFunctionsConfig(join(ROOT, 'functions'), { ports, secret, appUrl })

  let stopParts = async () => {}
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await stopParts()
    rmSync(STACK_FILE, { force: true })
  }
  try {
    stopParts = await startParts(stackParts({ mode, ports, secret, appUrl }), onStep)
  } catch (error) {
    await stop()
    throw error
  }
  return { appUrl, ports, startupMs: Date.now() - started, stop }
}
