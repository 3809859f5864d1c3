// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useWakeLock } from './use-wake-lock'

function fakeWakeLock(refuse = false) {
  const sentinels: { released: boolean; release: () => Promise<void> }[] = []
  const request = vi.fn(async () => {
    if (refuse) throw new DOMException('no', 'NotAllowedError')
    const sentinel = {
      released: false,
      release: async () => {
        sentinel.released = true
      },
    }
    sentinels.push(sentinel)
    return sentinel
  })
  Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true })
  return { request, sentinels }
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'wakeLock')
})

describe('the door keeps the screen on', () => {
  it('holds a screen lock while open, asks again when the page comes back, and lets go when it closes', async () => {
    const lock = fakeWakeLock()
    const { result, rerender } = renderHook(({ open }) => useWakeLock(open), { initialProps: { open: true } })
    await act(async () => undefined)
    expect(result.current).toBe('on')
    expect(lock.request).toHaveBeenCalledWith('screen')
    // Hidden, the browser let go of it; back, it is asked for again.
    await act(async () => {
      await lock.sentinels[0]?.release()
      document.dispatchEvent(new Event('visibilitychange'))
    })
    expect(lock.request).toHaveBeenCalledTimes(2)
    rerender({ open: false })
    await act(async () => undefined)
    expect(result.current).toBe('off')
    expect(lock.sentinels.every((sentinel) => sentinel.released)).toBe(true)
  })

  it('says so where the browser has no wake lock, or refuses it', async () => {
    const none = renderHook(() => useWakeLock(true))
    await act(async () => undefined)
    expect(none.result.current).toBe('unsupported')
    fakeWakeLock(true)
    const refused = renderHook(() => useWakeLock(true))
    await act(async () => undefined)
    expect(refused.result.current).toBe('refused')
  })
})
