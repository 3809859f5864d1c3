/**
 * How many of the member's notifications are unread, for the bell in the header. The header is on
 * every page and public pages load neither Dexie nor Firebase, so the count is kept in
 * localStorage beside the member's name (session/member-hint.ts) rather than read from the
 * notices table: refresh.ts writes it whenever it writes the list, and sign-out's
 * localStorage.clear() forgets it. It carries the uid it was counted for, so it is never shown to
 * another member.
 */
import { useSyncExternalStore } from 'react'

const UNREAD_KEY = 'yaari:unread'

const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  window.addEventListener('storage', listener) // another tab read them, or a push arrived there
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', listener)
  }
}

const stored = () => {
  try {
    return localStorage.getItem(UNREAD_KEY)
  } catch {
    return null // storage blocked: the bell shows no count
  }
}

/** What is stored: whose count and how many; null when nothing fits (tampered, old, none). */
function parse(raw: string | null): { uid: string; unread: number } | null {
  try {
    const value = raw ? JSON.parse(raw) : null
    return typeof value?.uid === 'string' && Number.isInteger(value.unread) && value.unread >= 0 ? value : null
  } catch {
    return null
  }
}

/** Keeps the member's unread count for the bell (refresh.ts, after the server said it). */
export function rememberUnread(uid: string, unread: number): void {
  try {
    localStorage.setItem(UNREAD_KEY, JSON.stringify({ uid, unread }))
  } catch {
    // Storage blocked: the list page still shows what is unread.
  }
  for (const listener of listeners) listener()
}

/** Forgets the count kept for `uid` (a member replaced without a sign-out on this device). */
export function forgetUnread(uid: string): void {
  if (parse(stored())?.uid !== uid) return
  try {
    localStorage.removeItem(UNREAD_KEY)
  } catch {
    // Storage blocked: nothing was kept.
  }
  for (const listener of listeners) listener()
}

/** The member's unread count as this device last heard it (0 before it has, for another member and a visitor). */
export function useUnread(uid: string | undefined): number {
  return useSyncExternalStore(
    subscribe,
    () => {
      const kept = parse(stored())
      return uid && kept?.uid === uid ? kept.unread : 0
    },
    () => 0,
  )
}
