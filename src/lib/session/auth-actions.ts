/**
 * Signing up, in and out with Firebase Auth (email and password), and where a member goes
 * next: home when their profile is complete, otherwise the first onboarding step.
 */

import { tiersFor } from '@yaari/domain/catalogue'
import { errorCode } from '@yaari/domain/error-code'
import { getMyProfileCall } from '@yaari/domain/profile'
import { call } from '../call'
import { clientConfig } from '../client-config'
import {
  applyEmailCode,
  createAccount,
  emailOfResetCode,
  reauthenticateWithPassword,
  sendConfirmationEmail,
  sendResetEmail,
  setPasswordFromReset,
  signInWithPassword,
  signOutOfAuth,
} from '../firebase'
import { ONBOARDING_START } from '../paths'
import { noteMemberName } from './auth-store'
import { rememberPriceTiers } from './price-tiers'

export interface AuthOptions {
  /** New members confirm their email before signing in (a sign-up opens no session until then). */
  requireEmailVerification?: boolean
}

/** Thrown when an unconfirmed member signs in while confirmation is required. */
class UnverifiedEmailError extends Error {
  readonly code = 'auth/unverified-email'
}

/**
 * Creates the account. When email confirmation is required, sends the confirmation link
 * (back to the site's home) and signs out again: the sign-up ends with no session.
 */
export async function signUp(
  name: string,
  email: string,
  password: string,
  { requireEmailVerification = clientConfig.requireEmailVerification }: AuthOptions = {},
): Promise<{ session: boolean }> {
  const user = await createAccount(email.trim(), password, name.trim())
  noteMemberName(user.uid, name.trim()) // the header greets them by name from now on
  if (!requireEmailVerification) return { session: true }
  // The link leads back to the site's home (emailRedirectTo is the origin plus '/').
  const origin = globalThis.location?.origin
  await sendConfirmationEmail(user, origin ? `${origin}/` : undefined)
  await signOutOfAuth()
  return { session: false }
}

export async function signIn(
  email: string,
  password: string,
  { requireEmailVerification = clientConfig.requireEmailVerification }: AuthOptions = {},
): Promise<void> {
  const user = await signInWithPassword(email.trim(), password)
  if (requireEmailVerification && !user.emailVerified) {
    await signOutOfAuth()
    throw new UnverifiedEmailError('Email not confirmed')
  }
}

/** '/' once onboarding is complete (a profile exists on the server), else its first step. */
export async function destinationAfterSignIn(): Promise<string> {
  const { profile } = await call(getMyProfileCall, {})
  rememberPriceTiers(profile ? tiersFor(profile.gender) : undefined)
  return profile ? '/' : ONBOARDING_START
}

/**
 * 'Forgot password?': Firebase sends its reset email, whose link opens the app's action page
 * (/auth/action, the action URL set in the Firebase console's email templates) and then comes back
 * to /auth. An unknown address is not told apart from a known one.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const origin = globalThis.location?.origin
  try {
    await sendResetEmail(email.trim(), origin ? `${origin}/auth` : undefined)
  } catch (error) {
    if (errorCode(error) === 'auth/user-not-found') return
    throw error
  }
}

/** The account a reset link is for (throws auth/invalid-action-code or auth/expired-action-code). */
export function emailOfResetLink(code: string): Promise<string> {
  return emailOfResetCode(code)
}

/** Sets the new password from a reset link, then signs the member in with it. */
export async function resetPassword(code: string, email: string, password: string): Promise<void> {
  await setPasswordFromReset(code, password)
  await signInWithPassword(email, password)
}

/** Confirms the email address of an email confirmation link; the signed-in member sees it at once. */
export const confirmEmail = (code: string): Promise<void> => applyEmailCode(code)

/**
 * Asks for the password again before something that cannot be undone: a fresh sign-in, which
 * the function checks (the token's auth_time).
 */
export const confirmPassword = (password: string): Promise<void> => reauthenticateWithPassword(password)
