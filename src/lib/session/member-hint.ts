/**
 * Who was last signed in on this device (uid, name, email; never a token), remembered in
 * localStorage without loading Firebase: every page renders as that member from its first frame,
 * the public pages' header included (they never download Firebase), and member pages read that
 * member's saved data while Firebase Auth verifies the session, which on a hanging connection
 * takes up to 30 s. Auth's answer always wins (session/auth-store.ts): another member or nobody
 * replaces this at once. Sign-out removes it.
 */
import { useSyncExternalStore } from 'react'
import { PRICE_TIERS, type PriceTier } from '../../domain/catalogue'

/** The member as this device knows them. */
export interface KnownMember {
  uid: string
  name: string | null
  email: string | null
}

const KEY = 'yaari:member'
/** Before identities were kept: only "someone is signed in". Read once, then removed. */
const OLD_KEY = 'yaari:signed-in'

const listeners = new Set<() => void>()
const notify = () => {
  for (const listener of listeners) listener()
}

export function rememberMember(member: KnownMember | null): void {
  try {
    localStorage.removeItem(OLD_KEY)
    if (member) {
      localStorage.setItem(KEY, JSON.stringify({ uid: member.uid, name: member.name, email: member.email }))
    } else {
      localStorage.removeItem(KEY)
      localStorage.removeItem(TIERS_KEY)
    }
  } catch {
    // Storage blocked (private mode): pages wait for Firebase Auth, which still works.
  }
  notify()
}

const text = (value: unknown) => (typeof value === 'string' && value.length <= 320 ? value : null)

/** Parses what was stored; anything that is not a member (tampered, old) is no member. */
function parseMember(raw: string | null): KnownMember | null {
  if (!raw) return null
  try {
    const value = JSON.parse(raw) as Record<string, unknown> | null
    const uid = value?.uid
    if (typeof uid !== 'string' || !/^[\w-]{1,128}$/.test(uid)) return null
    return { uid, name: text(value?.name), email: text(value?.email) }
  } catch {
    return null
  }
}

const readRaw = () => {
  try {
    return localStorage.getItem(KEY)
  } catch {
    return null
  }
}

/** The member this device last knew, read now (outside React). */
export function knownMember(): KnownMember | null {
  return parseMember(readRaw())
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  window.addEventListener('storage', listener) // another tab signed in or out
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', listener)
  }
}

let lastRaw: string | null = null
let lastMember: KnownMember | null = null
/** The same object while the stored text is the same, as useSyncExternalStore needs. */
const snapshot = () => {
  const raw = readRaw()
  if (raw !== lastRaw) {
    lastRaw = raw
    lastMember = parseMember(raw)
  }
  return lastMember
}

/** The member this device knows, or null; the prerendered HTML is a visitor's. */
export function useKnownMember(): KnownMember | null {
  return useSyncExternalStore(subscribe, snapshot, () => null)
}

/** "Asha" of "Asha Rao"; undefined when the name is not known. */
export function firstNameOf(member: Pick<KnownMember, 'name'> | null | undefined): string | undefined {
  return member?.name?.trim().split(/\s+/)[0] || undefined
}

const TIERS_KEY = 'yaari:price-tiers'

/**
 * The price tiers the signed-in member's profile allows (tiersFor), remembered on this device so
 * an event page (which never loads Firebase) offers only those. Only a hint: the server enforces
 * the rule, and the booking form checks it against the profile it loads.
 */
export function rememberPriceTiers(tiers: readonly PriceTier[] | undefined): void {
  try {
    if (tiers?.length) localStorage.setItem(TIERS_KEY, tiers.join(','))
    else localStorage.removeItem(TIERS_KEY)
  } catch {
    // Storage blocked: the event page shows every price, which is still correct.
  }
  notify()
}

const readTiers = (): string => {
  try {
    return localStorage.getItem(TIERS_KEY) ?? ''
  } catch {
    return ''
  }
}

/** The tiers to offer on this device: the member's, or all of them for a visitor. */
export function usePriceTiersHint(): readonly PriceTier[] {
  const stored = useSyncExternalStore(subscribe, readTiers, () => '')
  const tiers = PRICE_TIERS.filter((tier) => stored.split(',').includes(tier))
  return tiers.length ? tiers : PRICE_TIERS
}
