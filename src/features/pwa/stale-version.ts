/**
 * After a deploy, a tab still running the old version can ask for a code chunk that no longer
 * exists (its service worker was replaced from another tab, or it never had one). Vite reports
 * that as `vite:preloadError`; the answer is to load the new version. At most once a minute, so
 * a real outage shows the error page instead of reloading forever.
 */
const KEY = 'yaari:reloaded-for-new-version'
const MIN_INTERVAL_MS = 60_000

export function reloadOnStaleChunks(
  target: Pick<Window, 'addEventListener'> = window,
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  reload: () => void = () => window.location.reload(),
  now: () => number = Date.now,
  isOnline: () => boolean = () => navigator.onLine,
): void {
  target.addEventListener('vite:preloadError', () => {
    // Offline, a chunk fails because there is no network, not because the version is gone:
    // reloading would only trade the page for the browser's offline error.
    if (!isOnline()) return
    const last = Number(storage.getItem(KEY) ?? 0)
    if (now() - last < MIN_INTERVAL_MS) return // the error surfaces as usual
    storage.setItem(KEY, String(now()))
    reload()
  })
}
