import { expect, it } from 'vitest'
import { AUTH_MESSAGES, authErrorMessage } from './auth-errors'

it('maps Firebase Auth codes to the messages members read', () => {
  expect(authErrorMessage({ code: 'auth/invalid-credential', message: 'x' })).toBe(
    'Invalid email or password. Please check your credentials.',
  )
  expect(authErrorMessage({ code: 'auth/email-already-in-use', message: 'x' })).toBe(
    'An account with this email already exists. Please try signing in instead.',
  )
  expect(authErrorMessage({ code: 'auth/network-request-failed' })).toBe(AUTH_MESSAGES.offline)
})

it('shows other backend messages as-is, and anything else as unexpected', () => {
  expect(
    authErrorMessage({
      code: 'auth/too-many-requests',
      message: 'Firebase: Access to this account has been temporarily disabled (auth/too-many-requests).',
    }),
  ).toBe('Access to this account has been temporarily disabled')
  expect(authErrorMessage(new Error('boom'))).toBe('An unexpected error occurred. Please try again.')
  expect(authErrorMessage(undefined)).toBe('An unexpected error occurred. Please try again.')
})
