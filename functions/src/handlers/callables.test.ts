/**
 * What every callable does before its service runs, tried through each registered function:
 * a visitor is refused where a member is needed, and malformed input gets invalid-argument with
 * the reason (the service never sees it: it would need Firestore, which is not here). The published
 * catalogue, which every callable reads from Firestore first, is the seed's here.
 */

import { CALLABLES } from '@yaari/domain/callables'
import { CATALOGUE_CALLABLES } from '@yaari/domain/catalogue-editor'
import { DOOR_CALLABLES } from '@yaari/domain/door'
import { GROUP_CALLABLES } from '@yaari/domain/groups'
import { HELP_HOST_CALLABLES } from '@yaari/domain/help'
import { HOST_CALLABLES } from '@yaari/domain/host'
import { INSIGHT_CALLABLES } from '@yaari/domain/insights'
import { beforeAll, describe, expect, it, vi } from 'vitest'

vi.mock('../lib/catalogue', async () => {
  const { SEED } = await import('@yaari/domain/catalogue-seed')
  return { loadCatalogue: async () => SEED }
})

type Runnable = { run: (request: unknown) => Promise<unknown> }
let registered: Record<string, Runnable>

beforeAll(async () => {
  process.env.GCLOUD_PROJECT = 'demo-yaari'
  registered = (await import('./callables')) as unknown as Record<string, Runnable>
})

const ORIGIN = 'http://127.0.0.1:4173'
const request = (data: unknown, signedIn = true, claims: Record<string, unknown> = {}) => ({
  data,
  rawRequest: { headers: { origin: ORIGIN }, body: { data } },
  ...(signedIn ? { auth: { uid: 'member-1', token: { email: 'member@example.test', ...claims } } } : {}),
})
const HOST_CALLABLE_NAMES = new Set(
  [
    ...HOST_CALLABLES,
    ...GROUP_CALLABLES,
    ...DOOR_CALLABLES,
    ...CATALOGUE_CALLABLES,
    ...INSIGHT_CALLABLES,
    ...HELP_HOST_CALLABLES,
  ].map((contract) => contract.name),
)

async function refusal(call: Promise<unknown>) {
  try {
    await call
  } catch (error) {
    return error as { code: string; message: string }
  }
  throw new Error('expected a refusal')
}

describe('every callable', () => {
  it('refuses malformed input with invalid-argument and a readable reason, before its service runs', async () => {
    for (const contract of CALLABLES) {
      // A host's callables are tried by a host: anyone else is refused before the input is read.
      const claims = HOST_CALLABLE_NAMES.has(contract.name) ? { host_cities: ['bangalore'] } : {}
      const error = await refusal(
        registered[contract.name]!.run(request({ unexpected: 'field', eventId: 42 }, true, claims)),
      )
      expect(error.code, contract.name).toBe('invalid-argument')
      expect(error.message.length, contract.name).toBeGreaterThan(5)
    }
  })

  it('refuses a visitor where a member is needed; only getAvailability answers visitors', async () => {
    for (const contract of CALLABLES) {
      const error = await refusal(registered[contract.name]!.run(request({ unexpected: 'field' }, false)))
      expect(error.code, contract.name).toBe(
        contract.name === 'getAvailability' ? 'invalid-argument' : 'unauthenticated',
      )
    }
  })

  it("refuses a member (no role) any host's callable, whatever they send", async () => {
    for (const contract of [
      ...HOST_CALLABLES,
      ...GROUP_CALLABLES,
      ...DOOR_CALLABLES,
      ...CATALOGUE_CALLABLES,
      ...INSIGHT_CALLABLES,
      ...HELP_HOST_CALLABLES,
    ]) {
      for (const data of [{}, { eventId: 'midweek-wednesday-dinner', eventDate: '2026-12-02' }, { unexpected: 1 }]) {
        const error = await refusal(registered[contract.name]!.run(request(data)))
        expect(error.code, contract.name).toBe('permission-denied')
      }
      const forged = await refusal(
        registered[contract.name]!.run(request({}, true, { host_cities: ['atlantis'], admin: 'yes' })),
      )
      expect(forged.code, `${contract.name} with claims that grant nothing`).toBe('permission-denied')
    }
  })

  it('refuses another site', async () => {
    const error = await refusal(
      registered.getAvailability!.run({ ...request({}), rawRequest: { headers: { origin: 'https://evil.example' } } }),
    )
    expect(error.code).toBe('permission-denied')
  })
})
