// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useAuthStore } from '../../lib/session/auth-store'
import { AFTER_PAGE_MESSAGES } from './after-night-calls'
import { firstAnswer, useSignedInLoad } from './use-signed-in-load'

// Firebase Auth's answer is whatever the store says when the test starts.
vi.mock('../../lib/session/auth-store', async (original) => ({
  ...(await original<typeof import('../../lib/session/auth-store')>()),
  watchAuth: async () => undefined,
}))

const member = { uid: 'm1', name: 'Asha', email: 'a@example.com' }
const signIn = () => useAuthStore.setState({ status: 'signed-in', member, verified: true })
const refused = (code: string, message: string) => Object.assign(new Error(message), { code })

afterEach(() => useAuthStore.setState({ status: 'unknown', member: null, verified: false }))

describe('firstAnswer', () => {
  it('asks nothing for a visitor', async () => {
    useAuthStore.setState({ status: 'signed-out', member: null, verified: true })
    const load = vi.fn(async () => 'view')
    expect(await firstAnswer(load)).toBeUndefined()
    expect(load).not.toHaveBeenCalled()
  })

  it('gives the answer for the confirmed member, or what they read when it failed', async () => {
    signIn()
    expect(await firstAnswer(async () => 'view')).toEqual({ state: 'ready', value: 'view' })
    const closed = await firstAnswer(async () => {
      throw refused('functions/failed-precondition', 'This evening is closed.')
    })
    expect(closed).toEqual({ state: 'error', message: 'This evening is closed.' })
    const down = await firstAnswer(async () => {
      throw refused('functions/unavailable', 'unavailable')
    })
    expect(down).toEqual({ state: 'error', message: AFTER_PAGE_MESSAGES.offline })
  })
})

describe('useSignedInLoad', () => {
  it('opens on the loader’s answer without asking again, and asks again on refresh', async () => {
    signIn()
    const load = vi.fn(async () => 'again')
    const first = Promise.resolve({ state: 'ready', value: 'first' } as const)
    const { result } = renderHook(() => useSignedInLoad(load, first))
    await waitFor(() => expect(result.current.loaded).toEqual({ state: 'ready', value: 'first' }))
    expect(load).not.toHaveBeenCalled()
    await act(() => result.current.refresh())
    expect(result.current.loaded).toEqual({ state: 'ready', value: 'again' })
  })

  it('loads itself when the loader had no member to ask for, or there was no loader', async () => {
    signIn()
    const load = vi.fn(async () => 'mine')
    const { result } = renderHook(() => useSignedInLoad(load, Promise.resolve(undefined)))
    await waitFor(() => expect(result.current.loaded).toEqual({ state: 'ready', value: 'mine' }))
    const alone = renderHook(() => useSignedInLoad(load))
    await waitFor(() => expect(alone.result.current.loaded).toEqual({ state: 'ready', value: 'mine' }))
  })
})
