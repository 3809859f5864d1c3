/**
 * Who opens the console: the signed-in person's roles, read from a freshly refreshed ID token (so
 * a role granted a minute ago applies without signing out). On a connection that hangs, the token
 * already held answers after a few seconds. The functions decide with the same claims; this only
 * chooses what to show.
 */
import type { CallableContract, RequestOf } from '@yaari/domain/callable'
import { isHost, type Roles, rolesOf } from '@yaari/domain/roles'
import { useEffect, useState } from 'react'
import { noteMemberRoles, watchAuth } from '../../lib/session/auth-store'
import { knownMember } from '../../lib/session/member-hint'

export type HostSession =
  | { status: 'checking' }
  | { status: 'signed-out' }
  | { status: 'not-host'; uid: string }
  /** verified: false while only the device says so (Auth has not answered): read what is saved, change nothing. */
  | { status: 'host'; uid: string; roles?: Roles; verified: boolean }

/** How long the console waits for a fresh token before reading the one it holds. */
const FRESH_TOKEN_MS = 4_000

async function readSession(): Promise<HostSession> {
  await watchAuth()
  const [{ auth }] = await Promise.all([import('../../lib/firebase')])
  const user = auth().currentUser
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

/**
 * The session as the console shows it. A host this device knows is shown their saved guest lists at
 * once (on a hanging connection Firebase Auth takes up to 30 s to answer); the answer then decides.
 */
export function useHostSession(): HostSession {
  const [session, setSession] = useState<HostSession>(() => {
    const known = knownMember()
    return known?.host ? { status: 'host', uid: known.uid, verified: false } : { status: 'checking' }
  })
  useEffect(() => {
    let live = true
    readSession().then(
      (next) => live && setSession(next),
      () => live && setSession({ status: 'signed-out' }),
    )
    return () => {
      live = false
    }
  }, [])
  return session
}

/** What a failed host call says to the host: the function's own reason, or what to do. */
export function hostErrorMessage(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  const spoken = [
    'functions/failed-precondition',
    'functions/invalid-argument',
    'functions/permission-denied',
    'functions/aborted',
    'functions/resource-exhausted',
    'functions/already-exists',
    'functions/not-found',
  ]
  if (typeof code === 'string' && spoken.includes(code) && typeof message === 'string') return message
  if (!navigator.onLine || code === 'functions/deadline-exceeded' || code === 'functions/unavailable')
    return 'You are offline, or the connection is too slow. Host actions need a connection: try again.'
  return 'Something went wrong. Please try again.'
}

/** Calls a host callable (Firebase loads on the first call), giving up after `timeoutMs` on a hanging line. */
export async function callHost<C extends CallableContract>(contract: C, data: RequestOf<C>, timeoutMs = 20_000) {
  const { callFunction } = await import('../../lib/firebase')
  return callFunction(contract, data, { timeoutMs })
}
