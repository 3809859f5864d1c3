/**
 * Whether this device has a signed-in member, remembered without loading Firebase, so the
 * shared header can offer "My bookings" on public pages (which never download Firebase). Only a
 * hint for navigation: every member-only page still asks Firebase Auth.
 */
import { useSyncExternalStore } from 'react'
import { PRICE_TIERS, type PriceTier } from '../../domain/catalogue'

const KEY = 'yaari:signed-in'

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(KEY, '1')
    else {
      localStorage.removeItem(KEY)
      localStorage.removeItem(TIERS_KEY)
    }
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
  for (const listener of listeners) listener()
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
