// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useAnswer } from './answer'

describe("a console page's answer", () => {
  it('is the loader’s once it comes; a reload replaces it, or keeps it with what went wrong', async () => {
    const asked = Promise.resolve({ value: ['first'] })
    const { result } = renderHook(() => useAnswer(asked))
    await act(async () => void (await asked))
    expect(result.current.answer).toEqual({ value: ['first'] })
    await act(async () => void (await result.current.reload(Promise.resolve(['second']))))
    expect(result.current.answer).toEqual({ value: ['second'] })
    const refused = Object.assign(new Error('Not your city.'), { code: 'functions/permission-denied' })
    await act(async () => void (await result.current.reload(Promise.reject(refused))))
    expect(result.current.answer).toEqual({ value: ['second'], error: 'Not your city.' })
  })

  it('stays unanswered for someone the console turns away', async () => {
    const asked = Promise.resolve(undefined)
    const { result } = renderHook(() => useAnswer<string[]>(asked))
    await act(async () => void (await asked))
    expect(result.current.answer).toBeUndefined()
  })
})
