/**
 * The auth error catalogue (the product's exact messages), keyed by Firebase Auth's error codes.
 * Other backend errors show the server's message as-is; anything else is unexpected.
 */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password. Please check your credentials.',
  emailNotConfirmed: 'Please check your email and click the confirmation link before signing in.',
  alreadyRegistered: 'An account with this email already exists. Please try signing in instead.',
  unexpected: 'An unexpected error occurred. Please try again.',
  offline: 'You are offline. Signing in needs a connection; what you typed is kept.',
  offlineSignUp: 'You are offline. Creating an account needs a connection; what you typed is kept.',
  signedIn: "You've been successfully logged in.",
  checkEmailTitle: 'Check your email!',
  checkEmail: 'Please check your email and click the confirmation link to complete your registration.',
  welcomeTitle: 'Welcome to Yaari!',
  welcomeBody: "Let's create your adventure profile.",
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordsDiffer: 'Passwords do not match',
  enterEmail: 'Please enter your email address.',
  resetSent: 'If an account exists for this email, a link to set a new password is on its way. Check your inbox.',
  offlineReset: 'You are offline. Sending the link needs a connection; what you typed is kept.',
  linkInvalid: 'This link has expired or has already been used. Ask for a new one.',
  linkUnknown: 'This link is not one we recognise. Ask for a new one.',
  passwordChanged: 'Your password has been changed.',
  emailConfirmed: 'Your email is confirmed. You can sign in now.',
} as const

const BY_CODE: Record<string, string> = {
  'auth/invalid-credential': AUTH_MESSAGES.invalidCredentials,
  'auth/invalid-login-credentials': AUTH_MESSAGES.invalidCredentials,
  'auth/wrong-password': AUTH_MESSAGES.invalidCredentials,
  'auth/user-not-found': AUTH_MESSAGES.invalidCredentials,
  'auth/invalid-email': AUTH_MESSAGES.invalidCredentials,
  'auth/email-already-in-use': AUTH_MESSAGES.alreadyRegistered,
  'auth/unverified-email': AUTH_MESSAGES.emailNotConfirmed,
  'auth/weak-password': AUTH_MESSAGES.passwordTooShort,
  'auth/network-request-failed': AUTH_MESSAGES.offline,
  'auth/expired-action-code': AUTH_MESSAGES.linkInvalid,
  'auth/invalid-action-code': AUTH_MESSAGES.linkInvalid,
  'auth/user-disabled': AUTH_MESSAGES.linkInvalid,
}

/** The message a person sees for an error from Firebase Auth. */
export function authErrorMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    const known = BY_CODE[error.code]
    if (known) return known
    // Other backend errors: the server's message as-is, without the SDK's "Firebase: " wrapper.
    if ('message' in error && typeof error.message === 'string' && error.code.startsWith('auth/')) {
      return (
        error.message.replace(/^Firebase:\s*/, '').replace(/\s*\(auth\/[\w-]+\)\.?$/, '') || AUTH_MESSAGES.unexpected
      )
    }
  }
  return AUTH_MESSAGES.unexpected
}
