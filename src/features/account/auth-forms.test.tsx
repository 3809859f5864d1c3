// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'

// The account actions reach Firebase; here sign-up answers as it does when the project
// requires email confirmation: the account exists, but there is no session.
const signUp = vi.fn(async () => ({ session: false }))
vi.mock('../../lib/session/auth-actions', () => ({ signUp }))

const { SignUpForm } = await import('./auth-forms')

afterEach(cleanup)

it('a sign-up without a session asks the member to confirm their email', async () => {
  const onSignedUp = vi.fn(async () => {})
  render(<SignUpForm onSignedUp={onSignedUp} />)
  await userEvent.type(screen.getByRole('textbox', { name: 'Full name' }), 'Asha Rao')
  await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'asha@example.test')
  await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'correct-horse-42')
  await userEvent.type(screen.getByLabelText('Confirm password'), 'correct-horse-42')
  await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }))

  expect(signUp).toHaveBeenCalledWith('Asha Rao', 'asha@example.test', 'correct-horse-42')
  expect((await screen.findByRole('status')).textContent).toBe(
    'Please check your email and click the confirmation link to complete your registration.',
  )
  expect(onSignedUp).toHaveBeenCalledWith({ session: false })
  expect(screen.queryByRole('button', { name: 'Sign Up' })).toBeNull()
})

it('a sign-up that loses the connection says so and keeps what was typed', async () => {
  signUp.mockRejectedValueOnce(Object.assign(new Error('Firebase: Error'), { code: 'auth/network-request-failed' }))
  render(<SignUpForm onSignedUp={vi.fn(async () => {})} />)
  await userEvent.type(screen.getByRole('textbox', { name: 'Full name' }), 'Asha Rao')
  await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'asha@example.test')
  await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'correct-horse-42')
  await userEvent.type(screen.getByLabelText('Confirm password'), 'correct-horse-42')
  await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }))

  expect((await screen.findByRole('alert')).textContent).toBe(
    'You are offline. Creating an account needs a connection; what you typed is kept.',
  )
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveProperty('value', 'asha@example.test')
  expect(screen.getByLabelText('Confirm password')).toHaveProperty('value', 'correct-horse-42')
})
