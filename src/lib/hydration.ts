import { useSyncExternalStore } from 'react'

const never = () => () => {}

/**
 * False while React takes over a prerendered page (and in the prerender itself), true once it
 * has: controls that need the app's code are disabled until then, so a tap before the code has
 * arrived is not silently lost. Always true on pages the browser renders itself.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}
