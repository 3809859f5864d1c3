/**
 * The device around a component test of what keeps the member's data on the device: its database,
 * new for each test (`deviceDatabase`); and for a signed-in member's pages (`memberDevice`), also
 * the server's calls mocked (`call`, reset before each test), the refresh behind the pages and
 * Firebase Auth out of the way, and member m1 (Asha) signed in. The rest is real. Mocked with
 * vi.doMock, so the module under test is imported (with `await import`) after these have run.
 */
import 'fake-indexeddb/auto'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import type { YaariDb } from '../lib/db'

/** The device's database for each test of the file (named `name`, numbered): what `localDb()` answers. */
export async function deviceDatabase(name: string) {
  let db: YaariDb | undefined
  vi.doMock('../lib/db', async (original) => ({
    ...(await original<typeof import('../lib/db')>()),
    localDb: () => db,
  }))
  const { YaariDb } = await import('../lib/db')
  let count = 0
  beforeEach(() => {
    db = new YaariDb(`${name}-${++count}`)
  })
  afterEach(() => db?.close())
  return () => db!
}

/** Mocks a signed-in member's device for the test file; `name` names each test's database. */
export async function memberDevice(name: string) {
  const db = await deviceDatabase(name)
  vi.doMock('../lib/call', async (original) => ({
    ...(await original<typeof import('../lib/call')>()),
    call: vi.fn(),
  }))
  vi.doMock('../lib/member-data/refresh', async (original) => ({
    ...(await original<typeof import('../lib/member-data/refresh')>()),
    refreshMemberData: vi.fn(async () => undefined),
  }))
  vi.doMock('../lib/session/auth-store', async (original) => ({
    ...(await original<typeof import('../lib/session/auth-store')>()),
    watchAuth: async () => undefined,
  }))
  const { call } = await import('../lib/call')
  const { useAuthStore } = await import('../lib/session/auth-store')
  beforeEach(() => {
    vi.mocked(call).mockReset()
    useAuthStore.setState({
      status: 'signed-in',
      member: { uid: 'm1', name: 'Asha', email: 'a@example.test' },
      verified: true,
    })
  })
  afterEach(cleanup)
  return {
    /** The server's calls, mocked. */
    call: vi.mocked(call),
    /** This test's database of the device. */
    db,
  }
}
