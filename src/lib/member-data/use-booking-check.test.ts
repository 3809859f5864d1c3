// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { beforeEach, expect, it, vi } from 'vitest'
import { useAuthStore } from '../session/auth-store'
import { useBookingCheck } from './use-booking-check'

const checkBooking = vi.hoisted(() => vi.fn(async (_orderId: string) => ({ booking: { orderId: 'order-1' } })))
vi.mock('./refresh', () => ({ checkBooking }))
vi.mock('../session/auth-store', async (original) => ({
  ...(await original<typeof import('../session/auth-store')>()),
  watchAuth: vi.fn(),
}))

beforeEach(() => {
  checkBooking.mockClear()
  useAuthStore.setState({ status: 'signed-in', verified: true } as never)
})

it('asks the server about the order in the link', async () => {
  const { result } = renderHook(() => useBookingCheck('order-1'))
  await act(async () => undefined)
  expect(checkBooking).toHaveBeenCalledWith('order-1')
  expect(result.current.status).toBe('ready')
})

it('asks nothing for a link with no order in it (the request could only be refused)', async () => {
  const { result } = renderHook(() => useBookingCheck(''))
  await act(async () => undefined)
  expect(checkBooking).not.toHaveBeenCalled()
  expect(result.current).toEqual({ status: 'error', code: 'functions/invalid-argument', offline: false })
})
