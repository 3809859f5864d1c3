/**
 * The pages that carry the catalogue (the home page and the listing, written by publicPages from
 * what is published at that moment): loaded into the worker vite-plugin-pwa generates
 * (vite.config.ts, workbox.importScripts), plain JavaScript with no imports, and listening before
 * Workbox does.
 *
 * The worker precaches both as it installs, so they open at once offline and on a hanging signal.
 * Kept only as installed, they would show that day's catalogue until the next deploy (a city added
 * since missing, an event's words out of date). So each visit is answered at once from the device
 * and the page is fetched again behind it: the next visit shows what was published meanwhile (the
 * app installs the newest catalogue over the one on screen as it starts). A copy written for
 * another release of the app (a deploy this worker has not installed) is not kept: its scripts are
 * not on the device, and offline it would not start. A new worker starts from its own precache.
 */

/** The pages kept, by path: an address with a query is the app's to render, not these. */
const CATALOGUE_PAGES = new Set(['/', '/events'])
/** Fresher copies than the precache's, fetched behind visits. */
const PAGES_CACHE = 'yaari-pages'
/** The app's entry script, named in every page the build or publicPages writes (src/prerender/page-html.ts). */
const ENTRY = /<meta name="yaari:entry" content="([^"]+)"/

/** What this worker's precache holds at `path` (its keys carry the revision as a query). */
function precached(path) {
  return caches.match(path, { ignoreSearch: true })
}

/** `response` (a page) if this worker's release wrote it, so its scripts are on the device. */
async function ofThisRelease(response) {
  if (!response?.ok) return undefined
  const entry = ENTRY.exec(await response.clone().text())?.[1]
  return entry && (await precached(entry)) ? response : undefined
}

/** The page fetched again and kept, when this release wrote it. Never throws. */
async function refresh(path) {
  // A new release installing or waiting for the member's say has put its scripts in the precache
  // beside this one's: a page it wrote would pass the check below and start nothing offline.
  if (self.registration.installing || self.registration.waiting) return
  try {
    const fresh = await ofThisRelease(await fetch(path, { cache: 'no-cache', credentials: 'same-origin' }))
    if (fresh) await (await caches.open(PAGES_CACHE)).put(path, fresh)
  } catch {
    // Offline or a hanging signal: the copy on the device stays.
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.mode !== 'navigate' || request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin || url.search || !CATALOGUE_PAGES.has(url.pathname)) return
  const path = url.pathname
  event.respondWith(
    (async () => {
      const kept = (await (await caches.open(PAGES_CACHE)).match(path)) ?? (await precached(path))
      // Not on the device (the precache being written, or storage cleared): the network, as Workbox would.
      return kept ?? fetch(request)
    })(),
  )
  event.waitUntil(refresh(path))
  // Answered here: Workbox's listener, registered after this one, must not answer it again.
  event.stopImmediatePropagation()
})

// A new worker is a new release: copies kept by the one before are of that release.
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.delete(PAGES_CACHE))
})
