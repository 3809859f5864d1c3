import { HOST_MESSAGES, isHost, mayHost, type Roles, rolesOf } from '@yaari/domain/host'
import { ACCOUNT_MESSAGES } from '@yaari/domain/profile'
import { type CallableRequest, HttpsError } from 'firebase-functions/v2/https'
import { isDemoProject } from './settings-schema'

/**
 * Whether members must have confirmed their email: yes on a real project unless
 * REQUIRE_EMAIL_VERIFICATION=false turns it off on purpose (preflight asks for a waiver), no on the
 * local demo project unless it is set to true. The web app defaults the same way.
 */
export function emailVerificationRequired(env: Record<string, string | undefined> = process.env): boolean {
  if (env.REQUIRE_EMAIL_VERIFICATION === 'true') return true
  if (env.REQUIRE_EMAIL_VERIFICATION === 'false') return false
  return !isDemoProject(env.GCLOUD_PROJECT ?? 'demo-')
}

/**
 * The caller's verified identity; the only source of a user id in any function. While email
 * verification is required (emailVerificationRequired), a member whose email is not confirmed yet
 * is refused, so a throwaway address can hold no seat.
 */
export function requireMember(
  request: Pick<CallableRequest, 'auth'>,
  { requireEmailVerification = emailVerificationRequired() } = {},
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
