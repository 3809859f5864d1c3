// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.resetModules()
})

async function load() {
  const { captureInstallPrompt } = await import('./install')
  const { default: InstallApp } = await import('./install-button')
  captureInstallPrompt()
  return InstallApp
}

it('offers Install Yaari once the browser allows it, and uses the prompt once', async () => {
  const InstallApp = await load()
  render(<InstallApp />)
  expect(screen.queryByRole('button', { name: 'Install Yaari' })).toBeNull()

  const prompt = vi.fn(async () => {})
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  })
  act(() => void window.dispatchEvent(event))
  expect(event.defaultPrevented).toBe(true)
  await userEvent.click(screen.getByRole('button', { name: 'Install Yaari' }))
  expect(prompt).toHaveBeenCalledOnce()
  expect(screen.queryByRole('button', { name: 'Install Yaari' })).toBeNull()
})

it('explains Add to Home Screen on iPhone, where there is no install prompt', async () => {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  )
  const InstallApp = await load()
  render(<InstallApp />)
  expect(screen.getByText(/tap Share, then Add to Home Screen/)).toBeTruthy()
})
