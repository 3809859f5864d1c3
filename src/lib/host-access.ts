/**
 * Who may open the console, as its layout route (src/routes/host/route.tsx) decides before a page
 * loads. It reads only what the device already knows, so the console (the door on a hanging line
 * above all) renders at once; the check with Firebase Auth and the catalogue (`check`) is the
 * layout's, and answers later.
 */
import type { Catalogue, EventId } from '@yaari/domain/catalogue'
import type { Roles } from '@yaari/domain/roles'
import { knownMember } from './session/member-hint'

export type HostSession =
  | { status: 'checking' }
  | { status: 'signed-out' }
  | { status: 'not-host'; uid: string }
  /** verified: false while only the device says so (Auth has not answered): read what is saved, change nothing. */
  | { status: 'host'; uid: string; roles?: Roles; verified: boolean }

/** A signed-in host, as the console's pages get them. */
export type Host = Extract<HostSession, { status: 'host' }>

/** What the console's layout gives every console route: the session shown now, and the answer of its check. */
export interface HostAccess {
  /**
   * A host this device knows is shown their saved guest lists at once (on a hanging connection
   * Firebase Auth takes up to 30 s to answer); anyone else waits for the check.
   */
  shown: HostSession
  /** The session once Auth (and a fresh token, when one comes in time) has answered. */
  checked: Promise<HostSession>
}

const SIGNED_OUT: HostSession = { status: 'signed-out' }

/**
 * The session as the console starts with it. Nothing here waits for the network: the app's first
 * render waits for the router, and the door must open on a hanging line. A preload (a link hovered)
 * checks nothing new for a host the device knows.
 */
export function hostAccess(preload: boolean, check: () => Promise<HostSession>): HostAccess {
  const known = knownMember()
  const shown: HostSession = known?.host ? { status: 'host', uid: known.uid, verified: false } : { status: 'checking' }
  const checked = preload && shown.status === 'host' ? Promise.resolve(shown) : check().catch(() => SIGNED_OUT)
  return { shown, checked }
}

/** The session a console page can act on first: a known host at once, anyone else once checked. */
export function firstHostSession(access: HostAccess): Promise<HostSession> {
  return access.shown.status === 'host' ? Promise.resolve(access.shown) : access.checked
}

/** The signed-in Firebase user, Firebase Auth loading with the first ask: the console reads their token. */
export async function signedInUser() {
  const { auth } = await import('./firebase')
  return auth().currentUser
}

/** A date page's title: "Door: The First Hello, 2026-11-28" (the event as the catalogue names it). */
export const dateTitle =
  (page: string) =>
  (params: Record<string, string>, catalogue: Catalogue): string =>
    `${page}: ${catalogue.eventById(params.eventId as EventId)?.title ?? 'date'}, ${params.date}`
