/**
 * Pushes the service worker announced to this page (public/push-sw.js posts `yaari:notice` to
 * every open window when one arrives), heard from the page's first moment: the listener is added
 * as the app starts (main.tsx), before any page code loads, so a push that arrives while the page
 * is still loading reaches the bell when it mounts, instead of being dispatched to nobody.
 */
import { create } from 'zustand'

/** The message the service worker posts to open pages when a push arrives. */
const NOTICE_MESSAGE = 'yaari:notice'

/** How many pushes this page heard of: the bell asks the server again at each. */
export const usePushArrivals = create<{ count: number }>(() => ({ count: 0 }))

/** Starts listening (once, as the app starts); returns how to stop. */
export function listenForPushes(
  container: Pick<ServiceWorkerContainer, 'addEventListener' | 'removeEventListener'> | undefined = typeof navigator ===
  'undefined'
    ? undefined
    : navigator.serviceWorker,
): () => void {
  if (!container) return () => {}
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type !== NOTICE_MESSAGE) return
    usePushArrivals.setState(({ count }) => ({ count: count + 1 }))
  }
  container.addEventListener('message', onMessage)
  return () => container.removeEventListener('message', onMessage)
}
