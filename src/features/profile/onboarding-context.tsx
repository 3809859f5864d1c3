/**
 * The signed-in member's onboarding draft, shared by the wrapper and every step. One draft
 * store per member and tab; it is flushed when the page is hidden or closed.
 */
import { createContext, type ReactNode, useContext } from 'react'
import { type StoreApi, useStore } from 'zustand'
import { localDb } from '../../lib/db'
import { useAuthStore } from '../../lib/session/auth-store'
import { createDraftStore, type DraftState, flushOnPageHide } from './draft-store'

const stores = new Map<string, StoreApi<DraftState>>()

// Signing out forgets the drafts in memory too, cancelling any write still pending, so
// nothing of the member's comes back after their local data was cleared.
useAuthStore.subscribe((state) => {
  if (state.status !== 'signed-out') return
  for (const store of stores.values()) void store.getState().reset()
  stores.clear()
})

export function draftStoreFor(uid: string): StoreApi<DraftState> {
  let store = stores.get(uid)
  if (!store) {
    store = createDraftStore(localDb(), uid)
    flushOnPageHide(store)
    stores.set(uid, store)
  }
  return store
}

interface OnboardingValue {
  uid: string
  email: string | null
  /** The name given at sign-up: the name step and the one-page form start from it. */
  name?: string | null
  store: StoreApi<DraftState>
}

const OnboardingContext = createContext<OnboardingValue | null>(null)

export function OnboardingProvider({ value, children }: { value: OnboardingValue; children: ReactNode }) {
  return <OnboardingContext.Provider value={value}>{children}</OnboardingContext.Provider>
}

export function useOnboarding(): OnboardingValue {
  const value = useContext(OnboardingContext)
  if (!value) throw new Error('useOnboarding outside the onboarding wrapper')
  return value
}

/** Reads from the member's draft state; re-renders only when the selected part changes. */
export function useDraft<T>(selector: (state: DraftState) => T): T {
  return useStore(useOnboarding().store, selector)
}
