/**
 * The published catalogue on this device. The app starts on the one it was built with (so a first
 * paint needs no request) and installs the one Yaari publishes, `GET /catalogue.json`, when that
 * is newer. The service worker keeps the document (network first, its copy when the network is
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

/** Fetches the published catalogue and installs it when it is newer than the one in use. Never throws. */
export function refreshCatalogue(): Promise<void> {
  pending ??= fetch(CATALOGUE_URL, { headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : undefined))
    .then((body: unknown) => {
      if (looksPublished(body) && body.version > currentCatalogue().version) installCatalogue(body)
    })
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
