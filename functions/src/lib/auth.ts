import { ACCOUNT_MESSAGES } from '@yaari/domain/profile'
import { type CallableRequest, HttpsError } from 'firebase-functions/v2/https'

/**
 * The caller's verified identity; the only source of a user id in any function. With
 * REQUIRE_EMAIL_VERIFICATION=true (set with VITE_REQUIRE_EMAIL_VERIFICATION for the web
 * app), a member whose email is not confirmed yet is refused.
 */
export function requireMember(
  request: Pick<CallableRequest, 'auth'>,
  { requireEmailVerification = process.env.REQUIRE_EMAIL_VERIFICATION === 'true' } = {},
): { uid: string; email: string | undefined } {
  if (!request.auth) throw new HttpsError('unauthenticated', ACCOUNT_MESSAGES.signInAgain)
  const { email, email_verified: verified } = request.auth.token
  if (requireEmailVerification && verified !== true) {
    throw new HttpsError(
      'permission-denied',
      'Please check your email and click the confirmation link before signing in.',
    )
  }
  return { uid: request.auth.uid, email: typeof email === 'string' ? email : undefined }
}
