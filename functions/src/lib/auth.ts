import { HOST_MESSAGES, isHost, mayHost, type Roles, rolesOf } from '@yaari/domain/host'
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

/** A host (or admin) from the verified token, with the cities they may act in. */
export interface HostCaller {
  uid: string
  email: string | undefined
  roles: Roles
}

/**
 * The caller, refused with `permission-denied` unless their verified token makes them a host
 * (of `eventId`'s city, when one is named) or an admin.
 */
export function requireHost(request: Pick<CallableRequest, 'auth'>, eventId?: string): HostCaller {
  const member = requireMember(request, { requireEmailVerification: false })
  const roles = rolesOf(request.auth?.token as Record<string, unknown> | undefined)
  if (!isHost(roles)) throw new HttpsError('permission-denied', HOST_MESSAGES.hostsOnly)
  if (eventId !== undefined && !mayHost(roles, eventId))
    throw new HttpsError('permission-denied', HOST_MESSAGES.notYourCity)
  return { ...member, roles }
}
