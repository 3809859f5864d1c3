// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { spokenMessage, UNEXPECTED, useAction } from './call'

const refused = (code: string, message = 'That date is full.') => Object.assign(new Error(message), { code })
const WORDS = { offline: 'You are offline.' }

afterEach(() => vi.restoreAllMocks())

describe('spokenMessage', () => {
  it('reads out the server’s reason for a refusal the person can act on', () => {
    expect(spokenMessage(refused('functions/failed-precondition'), WORDS)).toBe('That date is full.')
    expect(spokenMessage(refused('functions/permission-denied', 'Not your city.'), WORDS)).toBe('Not your city.')
  })

  it('says what to do when the server was not reached in time, or the device is offline', () => {
    expect(spokenMessage(refused('functions/deadline-exceeded', 'deadline-exceeded'), WORDS)).toBe('You are offline.')
    expect(spokenMessage(refused('functions/unavailable', 'unavailable'), WORDS)).toBe('You are offline.')
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    expect(spokenMessage(refused('functions/failed-precondition'), WORDS)).toBe('You are offline.')
  })

  it('never reads out an internal error, an unknown failure or an empty reason', () => {
    expect(spokenMessage(refused('functions/internal', 'TypeError: x is undefined'), WORDS)).toBe(UNEXPECTED)
    expect(spokenMessage(new Error('boom'), WORDS)).toBe(UNEXPECTED)
    expect(spokenMessage(undefined, WORDS)).toBe(UNEXPECTED)
    expect(spokenMessage(refused('functions/failed-precondition', ''), WORDS)).toBe(UNEXPECTED)
    expect(spokenMessage(refused('functions/internal'), { ...WORDS, unexpected: 'Oops!' })).toBe('Oops!')
  })

  it('reads out only the refusals a screen asks for, and a screen’s own sentence for a code', () => {
    const words = { ...WORDS, speaks: ['functions/failed-precondition'] as const }
    expect(spokenMessage(refused('functions/permission-denied'), words)).toBe(UNEXPECTED)
    const own = {
      ...WORDS,
      byCode: { 'functions/invalid-argument': 'Check the form.', 'functions/unavailable': () => 'No session.' },
    }
    expect(spokenMessage(refused('functions/invalid-argument'), own)).toBe('Check the form.')
    expect(spokenMessage(refused('functions/unavailable'), own)).toBe('No session.')
  })
})

describe('useAction', () => {
  it('is busy while it runs, gives the result, and a second tap meanwhile does nothing', async () => {
    let finish: (value: string) => void = () => undefined
    const action = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)))
    const { result } = renderHook(() => useAction(action, WORDS))
    let first: Promise<string | undefined> = Promise.resolve(undefined)
    act(() => {
      first = result.current.run()
    })
    expect(result.current.busy).toBe(true)
    await act(async () => expect(await result.current.run()).toBeUndefined())
    expect(action).toHaveBeenCalledTimes(1)
    await act(async () => finish('done'))
    expect(await first).toBe('done')
    expect(result.current.busy).toBe(false)
    expect(result.current.error).toBeUndefined()
  })

  it('says the spoken message when it fails, and clears it on the next try', async () => {
    const action = vi.fn().mockRejectedValueOnce(refused('functions/failed-precondition')).mockResolvedValueOnce('ok')
    const { result } = renderHook(() => useAction(action, WORDS))
    await act(async () => void (await result.current.run()))
    expect(result.current.error).toBe('That date is full.')
    expect(result.current.busy).toBe(false)
    await act(async () => void (await result.current.run()))
    expect(result.current.error).toBeUndefined()
  })

  it('tells a page-level notice of every failure, the same message twice included', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const said = vi.fn()
    const { result } = renderHook(() => useAction(async () => 'ok', WORDS, said))
    await act(async () => void (await result.current.run()))
    await act(async () => void (await result.current.run()))
    expect(said).toHaveBeenCalledTimes(2)
    expect(said).toHaveBeenLastCalledWith('You are offline.')
  })

  it('does not try when the device is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const action = vi.fn(async () => 'ok')
    const { result } = renderHook(() => useAction(action, WORDS))
    await act(async () => void (await result.current.run()))
    expect(action).not.toHaveBeenCalled()
    expect(result.current.error).toBe('You are offline.')
  })
})

describe('call', () => {
  it('gives up after 20 s unless told otherwise, and 0 leaves the SDK’s own limit', async () => {
    const callFunction = vi.fn(async () => ({ ok: true }))
    vi.doMock('./firebase', () => ({ callFunction }))
    const { call } = await import('./call')
    const contract = { name: 'ping' } as unknown as Parameters<typeof call>[0]
    await call(contract, {} as never)
    await call(contract, {} as never, { timeoutMs: 0 })
    expect(callFunction.mock.calls.map((args) => (args as unknown[])[2])).toEqual([
      { timeoutMs: 20_000 },
      { timeoutMs: 0 },
    ])
    vi.doUnmock('./firebase')
  })
})
