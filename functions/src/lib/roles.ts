/**
 * Granting and revoking roles: Firebase Auth custom claims, `admin: true` and
 * `host_cities: [...]`, set with the Admin SDK only (the team's `grant-role` command). A grant
 * applies when the person's app next refreshes its token (it does on opening the console); a
 * revoke also ends their sessions, so a role taken away cannot be used until the token expires.
 */
import type { City } from '@yaari/domain/catalogue'
import type { Auth } from 'firebase-admin/auth'
import type { Firestore } from 'firebase-admin/firestore'
import { loadCatalogue } from './catalogue'

export interface RoleChange {
  email: string
  role: 'host' | 'admin'
  city?: string
  revoke?: boolean
}

export type Claims = { admin?: true; host_cities?: City[] } & Record<string, unknown>

/**
 * The claims after the change (the person's other claims kept). A host role is granted for one of
 * the `cities` published; a city the person holds may always be taken away.
 */
export function changedClaims(
  current: Record<string, unknown> | undefined,
  change: RoleChange,
  cities: readonly City[],
): Claims {
  const { admin: _admin, host_cities: listed, ...rest } = current ?? {}
  const held = new Set(Array.isArray(listed) ? (listed as City[]) : [])
  let admin = current?.admin === true
  if (change.role === 'admin') admin = !change.revoke
  else if (change.city && change.revoke && held.has(change.city)) held.delete(change.city)
  else if (change.city && cities.includes(change.city)) {
    if (!change.revoke) held.add(change.city)
  } else throw new Error(`--city must be one of the published cities (${cities.join(', ')}) for the host role`)
  return {
    ...rest,
    ...(admin ? { admin: true as const } : {}),
    ...(held.size ? { host_cities: [...held].sort() } : {}),
  }
}

/** Applies a role change to the account with this email; returns the account's id and claims. */
export async function changeRole(
  auth: Auth,
  firestore: Firestore,
  change: RoleChange,
): Promise<{ uid: string; claims: Claims }> {
  const user = await auth.getUserByEmail(change.email)
  const cities = (await loadCatalogue(firestore)).cities.map((city) => city.id)
  const claims = changedClaims(user.customClaims, change, cities)
  await auth.setCustomUserClaims(user.uid, claims)
  if (change.revoke) await auth.revokeRefreshTokens(user.uid)
  return { uid: user.uid, claims }
}
