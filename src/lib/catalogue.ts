/**
 * The published catalogue on this device. A public page carries the part of the catalogue it shows
 * (decision 0020), which the app starts on, so a first paint needs no request; a page that carries
 * none (a member's page, the door, an information page) starts on the last whole catalogue this
 * device installed, kept in localStorage (read at once: no connection, or a hanging one, ever holds
 * a ticket or the door back). The app then installs the whole one Yaari publishes,
 * `GET /catalogue.json`, when it is newer or the one in use is only a page's part, and keeps it.
 * The service worker keeps the document too (network first, its copy when the network is slow or
 * gone), so an online visit shows the newest version.
 */
import { type Catalogue, catalogueOf, EMPTY_CATALOGUE, type PublishedCatalogue } from '@yaari/domain/catalogue'
import { useSyncExternalStore } from 'react'
import { createStore } from 'zustand/vanilla'

const CATALOGUE_URL = '/catalogue.json'

/**
 * The catalogue this device shows now (the domain keeps none: the app holds it here), and the one
 * the page on screen was written with (its part, or the device's whole one it started on): what
 * React renders while it takes the page over, whatever arrived meanwhile.
 */
const shown = createStore<{ current: Catalogue; written: Catalogue | undefined }>(() => ({
  current: EMPTY_CATALOGUE,
  written: undefined,
}))
let pending: Promise<void> | undefined

/**
 * Makes `snapshot` the catalogue every page shows, and re-renders the ones that read it.
 * `asWritten`: the catalogue the page's HTML was written with, which hydration must render.
 */
export function installCatalogue(snapshot: PublishedCatalogue, { asWritten = false } = {}): void {
  const current = catalogueOf(snapshot)
  shown.setState(asWritten ? { current, written: current } : { current })
}

/** What the router gives every loader and guard: the catalogue shown when it runs. */
export interface CatalogueContext {
  catalogue: () => Catalogue
}

/** The catalogue shown now: for loaders (through the router's context) and code outside React. */
export function currentCatalogue(): Catalogue {
  return shown.getState().current
}

function looksPublished(value: unknown): value is PublishedCatalogue {
  const candidate = value as Partial<PublishedCatalogue> | null
  return typeof candidate?.version === 'number' && Array.isArray(candidate.events) && Array.isArray(candidate.cities)
}

/** Where the device keeps the last whole catalogue it installed (main.tsx starts on it when a page carries none). */
export const SAVED_CATALOGUE = 'yaari:catalogue'

/**
 * Fetches the published catalogue and installs it (and keeps it on the device) when it is newer
 * than the one in use, or the whole of the version a page carried a part of. A page's part newer
 * than the whole this connection gives (a CDN's or the service worker's older copy) is laid over
 * it, so nothing the page showed goes, and the next refresh installs the newer whole. Never throws.
 */
export function refreshCatalogue(): Promise<void> {
  pending ??= fetch(CATALOGUE_URL, { headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : undefined))
    .then((body: unknown) => {
      const inUse = currentCatalogue().snapshot
      if (!looksPublished(body)) return
      if (body.version > inUse.version || (body.version === inUse.version && inUse.excerpt)) {
        installCatalogue(body)
      } else if (inUse.excerpt) {
        const ids = new Set(inUse.events.map((event) => event.id))
        installCatalogue({
          ...body,
          cities: inUse.cities,
          events: [...body.events.filter((event) => !ids.has(event.id)), ...inUse.events],
        })
      } else return
      localStorage.setItem(SAVED_CATALOGUE, JSON.stringify(body))
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

/**
 * The catalogue shown now, re-rendering the component when another is installed. While React takes
 * over a prerendered page it renders the one the page was written with: a newer one that arrives
 * meanwhile (after a publish, over a page the service worker kept) is rendered just after, never
 * into a page written from the older one (React would find them disagreeing, error 418).
 */
export function useCatalogue(): Catalogue {
  // React's own hook over the store, not zustand's useStore: hydration renders the written one,
  // not the store's initial (empty) state.
  return useSyncExternalStore(shown.subscribe, currentCatalogue, writtenCatalogue)
}

const writtenCatalogue = () => shown.getState().written ?? currentCatalogue()
