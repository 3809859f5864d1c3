import { lazy, Suspense, useEffect } from 'react'
import { logError } from '../../lib/log'
import { checkForUpdates } from './update-checks'

/** The worker vite-plugin-pwa generates (its default file name), serving the whole site. */
export const SERVICE_WORKER = { url: '/sw.js', scope: '/' } as const

// The prompt's code (and workbox-window) loads only on a page a worker already controls.
const UpdatePrompt = lazy(() => import('./update-prompt').then(({ UpdatePrompt }) => ({ default: UpdatePrompt })))

/** The parts of `navigator.serviceWorker` the app uses. */
export type WorkerContainer = Pick<ServiceWorkerContainer, 'controller' | 'register'>

/**
 * On a page no worker controls (a first visit) there is no older version to replace, so there
 * is nothing to prompt for: the worker is registered directly, installs, precaches the app and
 * controls the next visit. A worker found later while this page is open takes over at once
 * (no page of the old one is open), so the next visit is the newest.
 */
function registerFirstWorker(container: WorkerContainer): void {
  container
    .register(SERVICE_WORKER.url, { scope: SERVICE_WORKER.scope })
    .then((registration) => checkForUpdates(registration))
    .catch((error: unknown) => logError('service-worker-registration', error))
}

/**
 * Registers the service worker. On a page a worker controls, the update prompt takes over: it
 * registers through workbox-window and asks before switching to a new version.
 */
export function RegisterServiceWorker({ container }: { container: WorkerContainer | undefined }) {
  const controlled = Boolean(container?.controller)
  useEffect(() => {
    if (container && !controlled) registerFirstWorker(container)
  }, [container, controlled])
  return controlled ? (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  ) : null
}
