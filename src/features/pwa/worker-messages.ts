/**
 * A tap on a notification, in a window already open: the service worker (public/push-sw.js) asks
 * the app to show the notification's page, and the app navigates itself, as after any link, rather
 * than being reloaded. Answering tells the worker it need not load the page itself.
 */
import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'

/** A path of this app ('/...'); never '//host' or anything else that would leave it. */
const isAppPath = (url: unknown): url is string =>
  typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.includes('\\')

/** Listens for the worker's `yaari:open` while the app runs (mounted once, in the root layout). */
export function useOpenFromWorker(
  container: Pick<ServiceWorkerContainer, 'addEventListener' | 'removeEventListener'> | undefined = typeof navigator ===
  'undefined'
    ? undefined
    : navigator.serviceWorker,
): void {
  const router = useRouter()
  useEffect(() => {
    if (!container) return
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; url?: unknown } | null
      if (data?.type !== 'yaari:open' || !isAppPath(data.url)) return
      event.ports[0]?.postMessage('opening')
      void router.navigate({ href: data.url })
    }
    container.addEventListener('message', onMessage)
    return () => container.removeEventListener('message', onMessage)
  }, [container, router])
}
