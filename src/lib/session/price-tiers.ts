/**
 * The price tiers the signed-in member's profile allows (tiersFor), remembered on this device so
 * an event page (which never loads Firebase) offers only those. Only a hint: the server enforces
 * the rule, and the booking form checks it against the profile it loads.
 */

import { PRICE_TIERS, type PriceTier } from '@yaari/domain/catalogue'
import { useSyncExternalStore } from 'react'
import { emitMemberHint, read, subscribe } from './member-hint'

export const TIERS_KEY = 'yaari:price-tiers'

export function rememberPriceTiers(tiers: readonly PriceTier[] | undefined): void {
  try {
    if (tiers?.length) localStorage.setItem(TIERS_KEY, tiers.join(','))
    else localStorage.removeItem(TIERS_KEY)
  } catch {
    // Storage blocked: the event page shows every price, which is still correct.
  }
  emitMemberHint()
}

/** The tiers to offer on this device: the member's, or all of them for a visitor. */
export function usePriceTiersHint(): readonly PriceTier[] {
  const stored = useSyncExternalStore(
    subscribe,
    () => read(TIERS_KEY) ?? '',
    () => '',
  )
  const tiers = PRICE_TIERS.filter((tier) => stored.split(',').includes(tier))
  return tiers.length ? tiers : PRICE_TIERS
}
