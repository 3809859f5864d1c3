/**
 * Whether this device has a signed-in member, remembered without loading Firebase, so the
 * shared header can offer "My bookings" on public pages (which never download Firebase). Only a
 * hint for navigation: every member-only page still asks Firebase Auth.
 */
import { useSyncExternalStore } from 'react'

const KEY = 'yaari:signed-in'

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(KEY, '1')
    else localStorage.removeItem(KEY)
  } catch {
    // Storage blocked (private mode): the header shows Login, which still works.
  }
  for (const listener of listeners) listener()
}

const listeners = new Set<() => void>()
function subscribe(listener: () => void) {
  listeners.add(listener)
  window.addEventListener('storage', listener) // another tab signed in or out
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', listener)
  }
}

const read = () => {
  try {
    return localStorage.getItem(KEY) === '1'
  } catch {
    return false
  }
}

export function useSignedInHint(): boolean {
  return useSyncExternalStore(subscribe, read, () => false)
}
