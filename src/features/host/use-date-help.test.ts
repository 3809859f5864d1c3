// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { type DateHelp, getDateHelpCall } from '@yaari/domain/help'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { call } from '../../lib/call'
import { HELP_EVERY_MS, useDateHelp } from './use-date-help'

vi.mock('../../lib/call', async (original) => ({
  ...(await original<typeof import('../../lib/call')>()),
  call: vi.fn(),
}))

const help: DateHelp = { alerts: [], coordinators: [], hosts: [], youCoordinate: true, readAt: '' }
let visibility: DocumentVisibilityState = 'visible'

beforeEach(() => {
  vi.useFakeTimers()
  visibility = 'visible'
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility)
  vi.mocked(call).mockResolvedValue(help)
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  vi.mocked(call).mockReset()
})

it('reads the date’s help at once, then every 1.5 s, and no more once unmounted', async () => {
  const { result, unmount } = renderHook(() => useDateHelp('e1', '2026-12-05'))
  await act(() => vi.advanceTimersByTimeAsync(0))
  expect(result.current.help).toEqual(help)
  expect(call).toHaveBeenCalledWith(getDateHelpCall, { eventId: 'e1', eventDate: '2026-12-05' }, expect.anything())
  await act(() => vi.advanceTimersByTimeAsync(HELP_EVERY_MS * 2))
  expect(call).toHaveBeenCalledTimes(3)
  unmount()
  await vi.advanceTimersByTimeAsync(HELP_EVERY_MS * 3)
  expect(call).toHaveBeenCalledTimes(3)
})

it('waits while the page is hidden, and reads again when it is shown', async () => {
  visibility = 'hidden'
  renderHook(() => useDateHelp('e1', '2026-12-05'))
  await act(() => vi.advanceTimersByTimeAsync(HELP_EVERY_MS * 3))
  expect(call).not.toHaveBeenCalled()
  visibility = 'visible'
  await act(async () => {
    document.dispatchEvent(new Event('visibilitychange'))
    await vi.advanceTimersByTimeAsync(0)
  })
  expect(call).toHaveBeenCalledTimes(1)
})

it('keeps the last answer when a read fails, and says why', async () => {
  const { result } = renderHook(() => useDateHelp('e1', '2026-12-05'))
  await act(() => vi.advanceTimersByTimeAsync(0))
  vi.mocked(call).mockRejectedValueOnce(Object.assign(new Error('slow'), { code: 'functions/deadline-exceeded' }))
  await act(() => vi.advanceTimersByTimeAsync(HELP_EVERY_MS))
  expect(result.current.help).toEqual(help)
  expect(result.current.error).toMatch(/offline/)
})
