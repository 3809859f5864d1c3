/**
 * The built functions served as Cloud Run serves a v2 function (one process, requests at once),
 * not by the Functions emulator, which hides how firebase-admin apps are created: on a fresh
 * instance whose first request is a signed-in call, firebase-functions creates its own app to
 * verify the token before our code runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFunctionInstance } from '../../dev/lib/function-instance.mjs'
import { adminDb, signOutMember, signUpFreshMember, VALID_PROFILE } from './helpers'

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
    expect(first).toEqual({ status: 200, body: { result: { profile: null } } })

    await adminDb().collection('user_profiles').doc(member.uid).set({ name: VALID_PROFILE.name, city: 'Bangalore' })
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
