/**
 * The built functions served as Cloud Run serves a v2 function (one process, requests at once),
 * not by the Functions emulator, which hides how firebase-admin apps are created: on a fresh
 * instance whose first request is a signed-in call, firebase-functions creates its own app to
 * verify the token before our code runs.
 */
import { readFileSync } from 'node:fs'
import { CALLABLES } from '@yaari/domain/callables'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFunctionInstance } from '../../dev/function-instance/start.mjs'
import { adminDb, signOutMember, signUpFreshMember, storedProfile, VALID_PROFILE } from './helpers'

let instance: Awaited<ReturnType<typeof startFunctionInstance>>

beforeAll(async () => {
  instance = await startFunctionInstance()
})

afterAll(async () => {
  await instance?.stop()
  await signOutMember()
})

async function call(name: string, data: unknown, token?: string) {
  const response = await fetch(instance.url(name), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ data }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe('a fresh function instance', () => {
  it('answers a signed-in call that is its very first request, then keeps answering', async () => {
    const member = await signUpFreshMember()
    const token = await member.getIdToken()

    const first = await call('getMyProfile', {}, token)
    expect(first).toEqual({
      status: 200,
      body: { result: { profile: null, verifiedMobile: null, mobileCheckSkipped: true } },
    })

    await adminDb()
      .collection('user_profiles')
      .doc(member.uid)
      .set(storedProfile(member.uid, { name: VALID_PROFILE.name, city: 'Bangalore' }))
    const second = await call('getMyProfile', {}, token)
    expect(second.status).toBe(200)
    expect(second.body).toMatchObject({ result: { profile: { name: VALID_PROFILE.name, city: 'Bangalore' } } })
  })

  it('refuses a call without a token and one with a forged uid in the body', async () => {
    expect(await call('getMyProfile', {})).toEqual({
      status: 401,
      body: { error: { message: 'Please sign in again to continue.', status: 'UNAUTHENTICATED' } },
    })
    const member = await signUpFreshMember()
    const forged = await call('getMyProfile', { uid: 'someone-else' }, await member.getIdToken())
    expect(forged.status).toBe(400)
    expect(forged.body).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } })
  })
})

describe('which pages may call', () => {
  const preflight = (origin: string) =>
    fetch(instance.url('getAvailability'), {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    })

  it("lets the browser call from the site's origin (APP_ORIGIN) and from no other", async () => {
    const site = await preflight('http://127.0.0.1:4173')
    expect(site.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173')
    // CORS names the one origin allowed; a browser on any other page sees it is not its own.
    const other = await preflight('https://evil.example')
    expect(other.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173')
  })

  it('refuses a call that names another origin, whatever the browser would do', async () => {
    const response = await fetch(instance.url('getAvailability'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ data: {} }),
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({
      error: { message: 'This page may not call Yaari.', status: 'PERMISSION_DENIED' },
    })
  })
})

describe('an instance deployed with a bad configuration', () => {
  it('refuses to run with it: no silent sandbox, an alert in the log', async () => {
    const broken = await startFunctionInstance({ env: { CASHFREE_ENV: 'live', APP_ORIGIN: 'yaari.example' } })
    try {
      const response = await fetch(broken.url('getAvailability'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: {} }),
      })
      expect(response.status).toBe(500)
      expect(await response.json()).toMatchObject({ error: { status: 'INTERNAL' } })
      // The instance writes its log as it answers: the line may reach the file a moment after the answer.
      const alerts = () =>
        readFileSync(broken.logFile, 'utf8')
          .split('\n')
          .filter((line) => line.includes('"config-invalid"'))
          .map((line) => JSON.parse(line))
      await expect.poll(() => alerts().length, { timeout: 10_000 }).toBeGreaterThan(0)
      expect(alerts()[0]).toMatchObject({
        severity: 'ERROR',
        alert: true,
        event: 'config-invalid',
        problems: [
          'CASHFREE_ENV is "live": it must be sandbox or production.',
          'APP_ORIGIN (yaari.example) is not a URL.',
        ],
      })
    } finally {
      await broken.stop()
    }
  })
})

describe('App Check, when a site key is configured', () => {
  it('refuses every callable without an App Check token, a host’s and a public one included', async () => {
    const guarded = await startFunctionInstance({ env: { APP_CHECK_SITE_KEY: '6LcExampleSiteKey' } })
    try {
      const member = await signUpFreshMember()
      const token = await member.getIdToken()
      const callAs = async (name: string, data: unknown) => {
        const response = await fetch(guarded.url(name), {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ data }),
        })
        return { status: response.status, body: (await response.json()) as Record<string, unknown> }
      }
      for (const { name } of CALLABLES) {
        const refused = await callAs(name, {})
        expect(refused.status, name).toBe(401)
        expect(refused.body, name).toMatchObject({ error: { status: 'UNAUTHENTICATED' } })
      }
    } finally {
      await guarded.stop()
    }
    // Without the key (the stack's own instance), the same call reaches the handler's validation.
    const member = await signUpFreshMember()
    const open = await call('createBooking', {}, await member.getIdToken())
    expect(open.body).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } })
  })
})
