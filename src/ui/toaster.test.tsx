// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { showToast } from './toast'
import AppToaster from './toaster'
import { toaster } from './toaster-store'

afterEach(() => {
  act(() => toaster.remove())
  cleanup()
})

it('shows a toast with its title and description', async () => {
  render(<AppToaster />)
  act(() => {
    toaster.success({ title: 'Check your email!', description: 'We sent you a confirmation link.' })
  })
  expect(await screen.findByText('Check your email!')).toBeTruthy()
  expect(screen.getByText('We sent you a confirmation link.')).toBeTruthy()
  expect(screen.getByRole('button', { name: 'Dismiss notification' })).toBeTruthy()
})

it('is no tab stop: neither the toast nor its dismiss button is in the tab order', async () => {
  render(<AppToaster />)
  act(() => {
    toaster.success({ title: 'Your profile has been created successfully.' })
  })
  const toast = (await screen.findByText('Your profile has been created successfully.')).closest('[role=status]')
  expect(toast?.getAttribute('tabindex')).toBe('-1')
  expect(screen.getByRole('button', { name: 'Dismiss notification' }).getAttribute('tabindex')).toBe('-1')
})

it('keeps at most 3 toasts on screen', async () => {
  render(<AppToaster />)
  act(() => {
    for (let n = 1; n <= 5; n++) toaster.create({ title: `Toast ${n}`, type: 'info' })
  })
  await screen.findByText('Toast 3')
  expect(screen.queryAllByText(/^Toast \d$/)).toHaveLength(3)
})

it('shows a toast that was queued before the renderer mounted', async () => {
  await showToast({ title: 'Signed in successfully', type: 'success' })
  render(<AppToaster />)
  expect(await screen.findByText('Signed in successfully')).toBeTruthy()
})
