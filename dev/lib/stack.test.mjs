// @ts-check
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseEnv } from 'node:util'
import { parsePassPublicKeys } from '@yaari/domain/pass'
import { afterEach, describe, expect, it } from 'vitest'
import { parsePassSigningKey } from '../../functions/src/lib/pass-signer'
import { parseFunctionSettings, parseMailSettings } from '../../functions/src/lib/settings-schema'
import { DEV_PASS_SIGNING_KEY, ROOT, stackPorts } from './config.mjs'
import { freePort, StackError, stackParts, startParts, startStack, waitFor, writeFunctionsConfig } from './stack.mjs'

const savedEnv = { ...process.env }
afterEach(() => {
  process.env = { ...savedEnv }
})

describe('startStack refuses bad configuration with a clear message', () => {
  it('names the port in use and the part that needs it', async () => {
    const blocker = createServer()
    await new Promise((resolve) => blocker.listen(0, '127.0.0.1', () => resolve(undefined)))
    const address = blocker.address()
    const port = typeof address === 'object' && address ? address.port : 0
    // Ports are checked app, Firestore, payments: free the first two so a running stack
    // on the default ports does not change which port this test trips over.
    process.env.PORT = String(await freePort())
    process.env.FIRESTORE_STANDIN_PORT = String(await freePort())
    process.env.PAYMENT_STANDIN_PORT = String(port)
    try {
      // dev mode skips the dist/ check, so the port check is what fails.
      await expect(startStack({ mode: 'dev' })).rejects.toThrow(
        new RegExp(`Port ${port} on 127.0.0.1 is already in use; it is needed by the payment stand-in`),
      )
    } finally {
      blocker.close()
    }
  })

  it('rejects a PORT that is not a port number', async () => {
    process.env.PORT = 'eighty'
    await expect(startStack({ mode: 'dev' })).rejects.toThrow('PORT=eighty is not a port number')
  })
})

describe('waitFor', () => {
  it('gives up with the part named when it never answers', async () => {
    const started = Date.now()
    await expect(waitFor('The Firestore stand-in (127.0.0.1:1)', async () => false, 600, undefined)).rejects.toThrow(
      new StackError('The Firestore stand-in (127.0.0.1:1) did not answer within 1 s.'),
    )
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('stops waiting at once when the part has exited, quoting its log', async () => {
    const logFile = join(mkdtempSync(join(tmpdir(), 'yaari-')), 'part.log')
    writeFileSync(logFile, 'Error: listen EADDRINUSE 127.0.0.1:8080\n')
    const child = { exited: true, logFile }
    await expect(waitFor('The Firestore stand-in', async () => false, 60_000, child)).rejects.toThrow(
      /exited during start-up[\s\S]*EADDRINUSE/,
    )
  })

  it('returns as soon as the probe answers', async () => {
    let calls = 0
    await waitFor('A part', async () => ++calls >= 2, 5000, undefined)
    expect(calls).toBe(2)
  })
})

describe('the stack as a table of parts', () => {
  /** A part run in this process that records its start and stop in `events`. */
  const part = (
    /** @type {string[]} */ events,
    /** @type {string} */ name,
    /** @type {string[]} */ after = [],
    fail = false,
  ) => ({
    name,
    step: name,
    after,
    start: async () => {
      events.push(`start ${name}`)
      return () => events.push(`stop ${name}`)
    },
    ready: [{ what: `The ${name}`, probe: async () => !fail, timeoutMs: fail ? 300 : 5000 }],
  })

  it('starts each part after the ones it needs, and stops them last first', async () => {
    /** @type {string[]} */
    const events = []
    const stop = await startParts(
      [
        part(events, 'store'),
        part(events, 'functions', ['store']),
        part(events, 'jobs', ['functions']),
        part(events, 'app'),
      ],
      () => {},
    )
    expect(events.indexOf('start functions')).toBeGreaterThan(events.indexOf('start store'))
    expect(events.indexOf('start jobs')).toBeGreaterThan(events.indexOf('start functions'))
    expect(events.indexOf('start app')).toBeLessThan(events.indexOf('start functions')) // side by side
    events.length = 0
    await stop()
    expect(events).toEqual(['stop jobs', 'stop functions', 'stop app', 'stop store'])
  })

  it('on a failure, stops what started and starts nothing that needed it', async () => {
    /** @type {string[]} */
    const events = []
    await expect(
      startParts(
        [part(events, 'store', [], true), part(events, 'functions', ['store']), part(events, 'app')],
        () => {},
      ),
    ).rejects.toThrow('The store did not answer')
    expect(events).not.toContain('start functions')
    expect(events.filter((event) => event.startsWith('stop')).sort()).toEqual(['stop app', 'stop store'])
  })

  it('refuses a part that comes after one the table lacks', async () => {
    await expect(startParts([part([], 'functions', ['store'])], () => {})).rejects.toThrow(
      "The stack's part functions comes after store, which is not a part.",
    )
  })

  it("orders the local stack's parts: the seed catalogue and the emulators after Firestore, the demo accounts and jobs after the functions", () => {
    const parts = stackParts({ mode: 'preview', ports: stackPorts(), secret: 's', appUrl: 'http://127.0.0.1:4173' })
    const after = Object.fromEntries(parts.map((p) => [p.name, p.after ?? []]))
    expect(after).toEqual({
      'firestore-standin': [],
      'photo-store': [],
      'payment-standin': [],
      'push-standin': [],
      'mail-inbox': [],
      catalogue: ['firestore-standin'],
      'firebase-emulators': ['firestore-standin', 'catalogue'],
      'demo-accounts': ['firebase-emulators'],
      'scheduled-jobs': ['firebase-emulators'],
      app: [],
    })
  })
})

describe("the functions' local configuration", () => {
  it('signs passes with the key whose public half the app is built with (.env)', () => {
    const listed = /^VITE_PASS_PUBLIC_KEYS=(.*)$/m.exec(readFileSync(join(ROOT, '.env'), 'utf8'))?.[1] ?? ''
    const passes = /** @type {import('../../functions/src/lib/pass-signer').PassSigner} */ (
      parsePassSigningKey(DEV_PASS_SIGNING_KEY)
    )
    expect(parsePassPublicKeys(listed)).toEqual({ [passes.keyId]: passes.publicKey })
  })

  it('gives the Cashfree secret only through the secret file, and params the functions accept', () => {
    const dir = mkdtempSync(join(tmpdir(), 'yaari-functions-'))
    writeFunctionsConfig(dir, { ports: stackPorts(), secret: 'stack-secret', appUrl: 'http://127.0.0.1:4173' })
    const env = parseEnv(readFileSync(join(dir, '.env.local'), 'utf8'))
    const secrets = parseEnv(readFileSync(join(dir, '.secret.local'), 'utf8'))
    expect(Object.keys(secrets).sort()).toEqual([
      'CASHFREE_CLIENT_SECRET',
      'PASS_SIGNING_KEY',
      'SMTP_URL',
      'VAPID_PRIVATE_KEY',
    ])
    expect(env).not.toHaveProperty('PASS_SIGNING_KEY')
    expect(parseMailSettings({ ...env, ...secrets })).toEqual({
      ok: true,
      settings: { smtpUrl: `smtp://127.0.0.1:${stackPorts().mailSmtp}`, from: 'Yaari <hello@yaari.local>' },
    })
    expect(env).not.toHaveProperty('CASHFREE_CLIENT_SECRET')
    const settings = parseFunctionSettings({ projectId: 'demo-yaari', ...env, ...secrets })
    expect(settings).toMatchObject({
      ok: true,
      settings: {
        cashfree: { environment: 'sandbox', baseUrl: `http://127.0.0.1:${stackPorts().payments}/pg` },
        appOrigin: 'http://127.0.0.1:4173',
      },
    })
    // The same files would be refused for a real project.
    expect(parseFunctionSettings({ projectId: 'yaari-prod', ...env, ...secrets }).ok).toBe(false)
  })
})
