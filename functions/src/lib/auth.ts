import type { Catalogue } from '@yaari/domain/catalogue'
import { HOST_MESSAGES, isHost, mayHost, type Roles, rolesOf } from '@yaari/domain/host'
import { ACCOUNT_MESSAGES } from '@yaari/domain/profile'
import type { Auth } from 'firebase-admin/auth'
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
 * Whether the caller may book without a verified mobile: an admin, or (on a `demo-` project only)
 * an account whose email is at one of MOBILE_CHECK_SKIP_DOMAINS, the local stack's test accounts
 * that say so (a real project's preflight refuses the setting, and the functions ignore it there).
 */
export function skipsMobileCheck(
  token: { admin?: unknown; email?: unknown },
  env: Record<string, string | undefined> = process.env,
): boolean {
  if (token.admin === true) return true
  if (!isDemoProject(env.GCLOUD_PROJECT ?? '')) return false
  const email = typeof token.email === 'string' ? token.email.toLowerCase() : ''
  return (env.MOBILE_CHECK_SKIP_DOMAINS ?? '')
    .split(',')
    .map((domain) => domain.trim().toLowerCase())
    .some((domain) => domain !== '' && email.endsWith(`@${domain}`))
}

/**
 * The caller's verified identity; the only source of a user id in any function. While email
 * verification is required (emailVerificationRequired), a member whose email is not confirmed yet
 * is refused, so a throwaway address can hold no seat.
 */
export function requireMember(
  request: Pick<CallableRequest, 'auth'>,
  { requireEmailVerification = emailVerificationRequired() } = {},
): { uid: string; email: string | undefined; skipsMobileCheck: boolean } {
  if (!request.auth) throw new HttpsError('unauthenticated', ACCOUNT_MESSAGES.signInAgain)
  const { email, email_verified: verified } = request.auth.token
  if (requireEmailVerification && verified !== true) {
    throw new HttpsError(
      'permission-denied',
      'Please check your email and click the confirmation link before signing in.',
    )
  }
  return {
    uid: request.auth.uid,
    email: typeof email === 'string' ? email : undefined,
    skipsMobileCheck: skipsMobileCheck(request.auth.token),
  }
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
export function requireHost(
  catalogue: Catalogue,
  request: Pick<CallableRequest, 'auth'>,
  eventId?: string,
): HostCaller {
  const member = requireMember(request, { requireEmailVerification: false })
  const roles = rolesOf(catalogue, request.auth?.token as Record<string, unknown> | undefined)
  if (!isHost(roles)) throw new HttpsError('permission-denied', HOST_MESSAGES.hostsOnly)
  if (eventId !== undefined && !mayHost(roles, catalogue.eventById(eventId)))
    throw new HttpsError('permission-denied', HOST_MESSAGES.notYourCity)
  return { ...member, roles }
}

/** What the account says now, read at most this often per person and instance. */
const ACCOUNT_CACHE_MS = 10_000

const SESSION_ENDED = 'Your session has ended. Please sign in again.'

const accounts = new Map<
  string,
  { at: number; validAfter: number; claims: Record<string, unknown> | undefined; disabled: boolean }
>()

/** What both the token and the account grant: a city taken away since the token was signed grants nothing. */
export function bothGrant(token: Roles, account: Roles): Roles {
  return {
    admin: token.admin && account.admin,
    hostCities: token.hostCities.filter((city) => account.hostCities.includes(city)),
  }
}

/**
 * Refuses a host whose token the account no longer backs: sessions revoked after it was signed in
 * (`grant-role --revoke` revokes them), a role taken away, or a disabled account. An ID token lives
 * an hour; this makes a revoked host's console stop within ACCOUNT_CACHE_MS instead. Answers the
 * roles the account holds now, which the caller's rights are narrowed to (`bothGrant`): a city
 * taken away is refused for requests that name no event too (the catalogue editor's).
 */
export async function refuseStaleHost(
  auth: Pick<Auth, 'getUser'>,
  catalogue: Catalogue,
  request: Pick<CallableRequest, 'auth'>,
  eventId?: string,
  now = Date.now(),
): Promise<Roles> {
  const uid = request.auth?.uid
  if (!uid) throw new HttpsError('unauthenticated', ACCOUNT_MESSAGES.signInAgain)
  let account = accounts.get(uid)
  if (!account || now - account.at > ACCOUNT_CACHE_MS) {
    const user = await auth.getUser(uid)
    const validAfter = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : 0
    account = { at: now, validAfter, claims: user.customClaims, disabled: user.disabled }
    accounts.set(uid, account)
  }
  const signedInAt = Number(request.auth?.token.auth_time) * 1000
  if (account.disabled || !(signedInAt >= account.validAfter)) throw new HttpsError('permission-denied', SESSION_ENDED)
  const roles = rolesOf(catalogue, account.claims)
  if (!isHost(roles)) throw new HttpsError('permission-denied', HOST_MESSAGES.hostsOnly)
  if (eventId !== undefined && !mayHost(roles, catalogue.eventById(eventId)))
    throw new HttpsError('permission-denied', HOST_MESSAGES.notYourCity)
  return roles
}
