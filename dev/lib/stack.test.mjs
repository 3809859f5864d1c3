// @ts-check
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseEnv } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { parseFunctionSettings } from '../../functions/src/lib/settings-schema'
import { stackPorts } from './config.mjs'
import { freePort, StackError, startStack, waitFor, writeFunctionsConfig } from './stack.mjs'

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

describe("the functions' local configuration", () => {
  it('gives the Cashfree secret only through the secret file, and params the functions accept', () => {
    const dir = mkdtempSync(join(tmpdir(), 'yaari-functions-'))
    writeFunctionsConfig(dir, { ports: stackPorts(), secret: 'stack-secret', appUrl: 'http://127.0.0.1:4173' })
    const env = parseEnv(readFileSync(join(dir, '.env.local'), 'utf8'))
    const secrets = parseEnv(readFileSync(join(dir, '.secret.local'), 'utf8'))
    expect(Object.keys(secrets)).toEqual(['CASHFREE_CLIENT_SECRET'])
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
