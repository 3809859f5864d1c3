/**
 * Who is signed in. From the first frame that is the member this device last knew
 * (member-hint.ts), marked unverified; Firebase Auth, loaded only when a page that needs it asks
 * (`watchAuth()`, so public pages never download it), then confirms them or replaces them. A
 * hanging connection delays Auth's answer by up to 30 s: nothing a member reads waits for it,
 * and anything that writes does (`verified`).
 */
import { create } from 'zustand'
import { type KnownMember, knownMember } from './member-hint'
import { rememberMember } from './remember'

export type Member = KnownMember

export interface AuthState {
  /** unknown: no member known on this device, and Firebase Auth has not answered yet. */
  status: 'unknown' | 'signed-out' | 'signed-in'
  member: Member | null
  /** Firebase Auth has confirmed `status` and `member` in this page; false: known on the device only. */
  verified: boolean
}

function initialState(): AuthState {
  const known = typeof window === 'undefined' ? null : knownMember()
  return known
    ? { status: 'signed-in', member: known, verified: false }
    : { status: 'unknown', member: null, verified: false }
}

export const useAuthStore = create<AuthState>(initialState)

/** Set while a sign-out has not reached Firebase's own storage yet (see sign-out.ts). */
const SIGNING_OUT_KEY = 'yaari:signing-out'

/** Whether a sign-out is still on its way to Firebase; `set` changes it. Storage may be blocked. */
export function signingOut(set?: boolean): boolean {
  try {
    if (set === true) localStorage.setItem(SIGNING_OUT_KEY, '1')
    else if (set === false) localStorage.removeItem(SIGNING_OUT_KEY)
    return localStorage.getItem(SIGNING_OUT_KEY) === '1'
  } catch {
    return false
  }
}

/** Called with the uid of a member Auth did not confirm on this device (another member, or nobody). */
const replacedListeners = new Set<(uid: string) => void>()

/**
 * Runs `listener` whenever the member this device knew turns out not to be the one signed in:
 * their saved data must leave the screen and the device.
 */
export function onMemberReplaced(listener: (uid: string) => void): () => void {
  replacedListeners.add(listener)
  return () => replacedListeners.delete(listener)
}

/**
 * What Firebase Auth (or a sign-out) settled on. The name is kept from the device when Auth has
 * none yet (a new account's name is set just after it is created). A member the device knew who
 * is not the one signed in leaves the screen at once (every screen reads by the member's uid),
 * and their saved data leaves the device.
 */
export function settleAuth(next: Member | null): void {
  const before = useAuthStore.getState().member
  const same = before?.uid === next?.uid
  const member = next && {
    ...next,
    name: next.name ?? (same ? (before?.name ?? null) : null),
    ...(next.host === undefined && same && before?.host ? { host: true } : {}),
  }
  rememberMember(member)
  useAuthStore.setState(
    member ? { status: 'signed-in', member, verified: true } : { status: 'signed-out', member: null, verified: true },
  )
  // This device shows no one else's pushes (nor any once nobody is signed in).
  void import('../push-device').then(({ endOthersPush }) => endOthersPush(member?.uid)).catch(() => undefined)
  if (before && before.uid !== member?.uid) {
    for (const listener of replacedListeners) listener(before.uid)
    void import('../db').then(({ clearMemberData, localDb }) => clearMemberData(localDb(), before.uid))
  }
}

/** What the member's token says of their roles (read after sign-in, and when the console refreshes it). */
export function noteMemberRoles(uid: string, host: boolean): void {
  const { member } = useAuthStore.getState()
  if (member?.uid !== uid || Boolean(member.host) === host) return
  const { host: _host, ...rest } = member
  const changed = host ? { ...rest, host: true } : rest
  rememberMember(changed)
  useAuthStore.setState({ member: changed })
}

/** The member's name changed (set at sign-up, or edited on the profile page). */
export function noteMemberName(uid: string, name: string): void {
  const { member } = useAuthStore.getState()
  if (member?.uid !== uid || member.name === name) return
  const renamed = { ...member, name }
  rememberMember(renamed)
  useAuthStore.setState({ member: renamed })
}

let watching: Promise<void> | undefined

/** Starts following Firebase Auth's state (once); resolves when its first answer is known. */
export function watchAuth(): Promise<void> {
  watching ??= import('../firebase').then(
    ({ onSignedInChange, signOutOfAuth }) =>
      new Promise<void>((resolve) => {
        onSignedInChange((user) => {
          if (user && signingOut()) {
            // A sign-out the member asked for had not reached Firebase's storage when the page
            // closed: finish it instead of signing them back in.
            void signOutOfAuth().then(() => signingOut(false))
            settleAuth(null)
          } else {
            if (!user) signingOut(false)
            settleAuth(user ? { uid: user.uid, email: user.email, name: user.displayName } : null)
            // Whether to show them the way to the host console: the claims of the token held (a hint
            // only: the console reads them with rolesOf, and the functions decide).
            user?.getIdTokenResult().then(
              ({ claims }) => noteMemberRoles(user.uid, claims.admin === true || Array.isArray(claims.host_cities)),
              () => undefined,
            )
          }
          resolve()
        })
      }),
  )
  return watching
}
