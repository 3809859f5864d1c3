// @vitest-environment happy-dom
import { act, cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoute } from '../../test-utils/app-page'

// Firebase Auth, which the pages ask who is signed in, answers that nobody is on this device.
vi.mock('../../lib/firebase', () => import('../../test-utils/network').then((network) => network.signedOutFirebase()))

const PASSWORD = 'correct-horse-42'

/** What the browser says once the connection is gone (as a phone in airplane mode). */
function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  act(() => void window.dispatchEvent(new Event('offline')))
}

/** Types into a field as `fill` does: what was there is replaced. */
async function fill(field: HTMLElement, value: string) {
  await userEvent.clear(field)
  await userEvent.type(field, value)
}

afterEach(cleanup)

describe('sign up and sign in', () => {
  it('the sign-up screen links home and to sign-in, and validates passwords', async () => {
    await renderRoute('/signup')
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/')
    expect(screen.getByRole('link', { name: 'Sign in here' }).getAttribute('href')).toBe('/auth')
    await fill(screen.getByLabelText('Password', { exact: true }), '12345')
    expect(screen.getByText('Password must be at least 6 characters long')).toBeTruthy()
    await fill(screen.getByLabelText('Password', { exact: true }), '123456')
    await fill(screen.getByLabelText('Confirm password'), '123457')
    expect(screen.getByText('Passwords do not match')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }))
    expect(screen.getByText('Please fill in all fields.')).toBeTruthy()
  })

  it('signing in offline says it needs a connection and keeps what was typed', async () => {
    await renderRoute('/auth')
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeTruthy()
    goOffline()
    const signIn = within(screen.getByRole('tabpanel'))
    await fill(signIn.getByRole('textbox', { name: 'Email' }), 'asha@example.test')
    await fill(signIn.getByLabelText('Password'), PASSWORD)
    await userEvent.click(signIn.getByRole('button', { name: 'Sign In' }))
    expect(screen.getByText(/You are offline\. Signing in needs a connection/)).toBeTruthy()
    expect(signIn.getByRole('textbox', { name: 'Email' })).toHaveProperty('value', 'asha@example.test')
  })

  it('signing up offline says it needs a connection and keeps what was typed', async () => {
    await renderRoute('/signup')
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeTruthy()
    goOffline()
    await fill(screen.getByRole('textbox', { name: 'Full name' }), 'Asha Rao')
    await fill(screen.getByRole('textbox', { name: 'Email' }), 'asha@example.test')
    await fill(screen.getByLabelText('Password', { exact: true }), PASSWORD)
    await fill(screen.getByLabelText('Confirm password'), PASSWORD)
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }))
    expect(
      screen.getByText('You are offline. Creating an account needs a connection; what you typed is kept.'),
    ).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveProperty('value', 'Asha Rao')
    expect(screen.getByLabelText('Confirm password')).toHaveProperty('value', PASSWORD)
  })

  it('the sign-in tabs work from the keyboard', async () => {
    await renderRoute('/auth')
    const signIn = await screen.findByRole('tab', { name: 'Sign In' })
    expect(screen.queryByRole('textbox', { name: 'Full name' })).toBeNull() // (its panel is hidden)
    act(() => signIn.focus())
    await userEvent.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true')
    expect(await screen.findByRole('textbox', { name: 'Full name' })).toBeTruthy()
  })
})
