/**
 * Who was last signed in on this device (uid, name, email; never a token), remembered in
 * localStorage without loading Firebase: every page renders as that member from its first frame,
 * the public pages' header included (they never download Firebase), and member pages read that
 * member's saved data while Firebase Auth verifies the session, which on a hanging connection
 * takes up to 30 s. Auth's answer always wins (session/auth-store.ts): another member or nobody
 * replaces this at once. Sign-out removes it. This module only reads (it is on every page);
 * remember.ts writes, and price-tiers.ts keeps the prices a member is offered.
 */

import { firstNameOf } from '@yaari/domain/names'
import { useSyncExternalStore } from 'react'

/** The member as this device knows them. */
export interface KnownMember {
  uid: string
  name: string | null
  email: string | null
  /** Their token said they host events: only shows them the way to the console (the functions decide). */
  host?: boolean
}

export const MEMBER_KEY = 'yaari:member'

const listeners = new Set<() => void>()
/** Tells this tab's readers that what is remembered changed (remember.ts writes it). */
export const emitMemberHint = () => {
  for (const listener of listeners) listener()
}

/** Calls listener when what this device remembers changes, here or in another tab. */
export function subscribe(listener: () => void) {
  listeners.add(listener)
  window.addEventListener('storage', listener) // another tab signed in or out
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', listener)
  }
}

/** A stored value, or null when there is none or storage is blocked. */
export const read = (key: string) => {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : null)

/** Parses what was stored; anything that is not a member (tampered, old) is no member. */
function parseMember(raw: string | null): KnownMember | null {
  try {
    const value = raw ? JSON.parse(raw) : null
    return typeof value?.uid === 'string'
      ? {
          uid: value.uid,
          name: text(value.name),
          email: text(value.email),
          host: value.host === true,
        }
      : null
  } catch {
    return null
  }
}

/** The member this device last knew, read now (outside React). */
export const knownMember = () => parseMember(read(MEMBER_KEY))

let lastRaw: string | null = null
let lastMember: KnownMember | null = null
/** The same object while the stored text is the same, as useSyncExternalStore needs. */
const snapshot = () => {
  const raw = read(MEMBER_KEY)
  if (raw !== lastRaw) {
    lastRaw = raw
    lastMember = parseMember(raw)
  }
  return lastMember
}

/** The member this device knows, or null; the prerendered HTML is a visitor's. */
export const useKnownMember = () => useSyncExternalStore(subscribe, snapshot, () => null)

/** "Asha" of "Asha Rao"; undefined when the name is not known. */
export const memberFirstName = (member: Pick<KnownMember, 'name'> | null | undefined) => firstNameOf(member?.name)
