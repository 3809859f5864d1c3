/**
 * Granting and revoking roles: Firebase Auth custom claims, `admin: true` and
 * `host_cities: [...]`, set with the Admin SDK only (the team's `grant-role` command). A grant
 * applies when the person's app next refreshes its token (it does on opening the console); a
 * revoke also ends their sessions, so a role taken away cannot be used until the token expires.
 */
import { CITIES, type City } from '@yaari/domain/catalogue'
import type { Auth } from 'firebase-admin/auth'

export interface RoleChange {
  email: string
  role: 'host' | 'admin'
  city?: string
  revoke?: boolean
}

export type Claims = { admin?: true; host_cities?: City[] } & Record<string, unknown>

/** The claims after the change (the person's other claims kept). */
export function changedClaims(current: Record<string, unknown> | undefined, change: RoleChange): Claims {
  const { admin: _admin, host_cities: listed, ...rest } = current ?? {}
  const cities = new Set(Array.isArray(listed) ? (listed as City[]) : [])
  let admin = current?.admin === true
  if (change.role === 'admin') admin = !change.revoke
  else if (change.city && (CITIES as readonly string[]).includes(change.city)) {
    if (change.revoke) cities.delete(change.city as City)
    else cities.add(change.city as City)
  } else throw new Error(`--city must be one of ${CITIES.join(', ')} for the host role`)
  return {
    ...rest,
    ...(admin ? { admin: true as const } : {}),
    ...(cities.size ? { host_cities: [...cities].sort() } : {}),
  }
}

/** Applies a role change to the account with this email; returns the account's id and claims. */
export async function changeRole(auth: Auth, change: RoleChange): Promise<{ uid: string; claims: Claims }> {
  const user = await auth.getUserByEmail(change.email)
  const claims = changedClaims(user.customClaims, change)
  await auth.setCustomUserClaims(user.uid, claims)
  if (change.revoke) await auth.revokeRefreshTokens(user.uid)
  return { uid: user.uid, claims }
}
