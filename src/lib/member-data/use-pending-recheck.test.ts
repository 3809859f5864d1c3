// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useAuthStore } from '../session/auth-store'
import { PENDING_RECHECK_MS, usePendingRecheck } from './use-pending-recheck'

const checkBooking = vi.hoisted(() => vi.fn(async (_orderId: string) => ({ booking: {} })))
vi.mock('./refresh', () => ({ checkBooking }))

beforeEach(() => {
  vi.useFakeTimers()
  checkBooking.mockClear()
  useAuthStore.setState({ member: { uid: 'm1', name: 'Asha', email: 'a@example.test' }, verified: true } as never)
})
afterEach(() => vi.useRealTimers())

describe('a pending booking on screen', () => {
  it('is asked about at once and every few seconds until it is no longer pending', async () => {
    const { rerender, unmount } = renderHook(({ ids }) => usePendingRecheck(ids), {
      initialProps: { ids: ['order-1'] },
    })
    await act(async () => undefined)
    expect(checkBooking).toHaveBeenCalledTimes(1)
    await act(async () => vi.advanceTimersByTimeAsync(PENDING_RECHECK_MS * 2))
    expect(checkBooking).toHaveBeenCalledTimes(3)
    rerender({ ids: [] }) // settled: confirmed
    await act(async () => vi.advanceTimersByTimeAsync(PENDING_RECHECK_MS * 3))
    expect(checkBooking).toHaveBeenCalledTimes(3)
    unmount()
  })

  it('is not asked about offline, nor before Firebase Auth confirmed the member', async () => {
    useAuthStore.setState({ verified: false } as never)
    renderHook(() => usePendingRecheck(['order-1']))
    await act(async () => vi.advanceTimersByTimeAsync(PENDING_RECHECK_MS * 2))
    expect(checkBooking).not.toHaveBeenCalled()
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await act(async () => useAuthStore.setState({ verified: true } as never))
    await act(async () => vi.advanceTimersByTimeAsync(PENDING_RECHECK_MS * 2))
    expect(checkBooking).not.toHaveBeenCalled()
  })
})
