/**
 * Who opens the console: the signed-in person's roles, read from a freshly refreshed ID token (so
 * a role granted a minute ago applies without signing out). On a connection that hangs, the token
 * already held answers after a few seconds. The functions decide with the same claims; this only
 * chooses what to show. The console's layout route starts this check (src/lib/host-access.ts).
 */
import { isHost, rolesOf } from '@yaari/domain/roles'
import type { HostSession } from '../../lib/host-access'
import { signedInUser } from '../../lib/host-access'
import { noteMemberRoles, watchAuth } from '../../lib/session/auth-store'

/** How long the console waits for a fresh token before reading the one it holds. */
const FRESH_TOKEN_MS = 4_000

export async function readSession(): Promise<HostSession> {
  await watchAuth()
  const user = await signedInUser()
  if (!user) return { status: 'signed-out' }
  const held = user.getIdTokenResult()
  const fresh = Promise.race([
    user.getIdTokenResult(true),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('slow')), FRESH_TOKEN_MS)),
  ])
  // Roles follow the published cities: a city published since this device's catalogue counts too.
  const catalogue = import('../../lib/catalogue').then(async ({ refreshedCatalogue, currentCatalogue }) => {
    await refreshedCatalogue(FRESH_TOKEN_MS)
    return currentCatalogue()
  })
  const answer = await fresh.then(
    (token) => ({ token, fresh: true }),
    async () => ({ token: await held, fresh: false }),
  )
  const shown = await catalogue
  const roles = rolesOf(shown, answer.token.claims)
  noteMemberRoles(user.uid, isHost(roles))
  const [{ localDb }, staff] = await Promise.all([import('../../lib/db'), import('./staff-data')])
  // Guest data on a staff phone expires: the nights that are over, and everything once not a host.
  await staff.dropPastStaffData(localDb(), shown).catch(() => undefined)
  if (answer.fresh && !isHost(roles)) await staff.forgetStaffData(localDb(), user.uid).catch(() => undefined)
  return isHost(roles)
    ? { status: 'host', uid: user.uid, roles, verified: true }
    : { status: 'not-host', uid: user.uid }
}
