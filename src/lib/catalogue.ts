/**
 * The published catalogue on this device. A public page carries the part of the catalogue it shows
 * (decision 0020), which the app starts on, so a first paint needs no request; a page that carries
 * none (a member's page, an information page) starts on the copy the service worker kept, read from
 * its cache at once (a hanging connection never holds a ticket back). The app then installs the
 * whole one Yaari publishes, `GET /catalogue.json`, when it is newer or the one in use is only a
 * page's part. The service worker keeps the document (network first, its copy when the network is
 * slow or gone), so the listing, event pages and tickets render offline after one online visit,
 * and an online visit shows the newest version.
 */
import {
  currentCatalogue,
  installCatalogue,
  onCatalogueInstalled,
  type PublishedCatalogue,
} from '@yaari/domain/catalogue'
import { useSyncExternalStore } from 'react'

export const CATALOGUE_URL = '/catalogue.json'

let pending: Promise<void> | undefined

function looksPublished(value: unknown): value is PublishedCatalogue {
  const candidate = value as Partial<PublishedCatalogue> | null
  return typeof candidate?.version === 'number' && Array.isArray(candidate.events) && Array.isArray(candidate.cities)
}

/** Installs `body` when it is a whole catalogue newer than the one in use, or the whole of a page's part. */
function installIfNewer(body: unknown) {
  const current = currentCatalogue()
  if (looksPublished(body) && (body.version > current.version || (body.version === current.version && current.excerpt)))
    installCatalogue(body)
}

/** The copy of the catalogue the service worker kept, installed when newer. Never throws. */
export function installSavedCatalogue(): Promise<void> {
  return (typeof caches === 'undefined' ? Promise.resolve(undefined) : caches.match(CATALOGUE_URL))
    .then((saved) => saved?.json())
    .then(installIfNewer, () => undefined)
}

/** Fetches the published catalogue and installs it when it is newer than the one in use. Never throws. */
export function refreshCatalogue(): Promise<void> {
  pending ??= fetch(CATALOGUE_URL, { headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : undefined))
    .then(installIfNewer)
    .catch(() => undefined)
    .finally(() => {
      pending = undefined
    })
  return pending
}

/**
 * The catalogue refreshed, waited for at most `ms`: a page that names an event this device does
 * not know yet asks once, and a hanging connection never holds it longer than that.
 */
export function refreshedCatalogue(ms = 4000): Promise<void> {
  return Promise.race([refreshCatalogue(), new Promise<void>((resolve) => setTimeout(resolve, ms))])
}

/** The installed catalogue, re-rendering the component when another is installed. */
export function useCatalogue(): PublishedCatalogue {
  return useSyncExternalStore(onCatalogueInstalled, currentCatalogue, currentCatalogue)
}
