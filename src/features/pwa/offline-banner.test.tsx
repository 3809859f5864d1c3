// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import { OfflineBanner } from './offline-banner'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

it('appears while offline and goes away when the connection returns', () => {
  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
  render(<OfflineBanner />)
  expect(screen.queryByRole('status')).toBeNull()
  onLine.mockReturnValue(false)
  act(() => void window.dispatchEvent(new Event('offline')))
  expect(screen.getByRole('status').textContent).toMatch(/You’re offline/)
  onLine.mockReturnValue(true)
  act(() => void window.dispatchEvent(new Event('online')))
  expect(screen.queryByRole('status')).toBeNull()
})
