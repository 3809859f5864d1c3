import { listedEvents } from '@yaari/domain/catalogue'
import { STATIC_PAGES } from '@yaari/domain/sitemap'

/**
 * The public pages built to HTML ahead of time: what a visitor or a search engine opens first.
 * Pages for members (auth, onboarding, bookings) need the member and stay client-rendered.
 */
export const PRERENDERED_PATHS: readonly string[] = [
  ...STATIC_PAGES.slice(0, 2),
  ...listedEvents().map((event) => `/events/${event.id}`),
  ...STATIC_PAGES.slice(2),
]

/** Where a path's HTML goes in dist/: "/" -> "index.html", "/events" -> "events.html". */
export function htmlFileFor(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`
}
