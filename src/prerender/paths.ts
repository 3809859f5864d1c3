import { listedEvents } from '@yaari/domain/catalogue'
import { CATEGORY_PAGE_SLUGS } from '@yaari/domain/categories'

/**
 * The public pages built to HTML ahead of time: what a visitor or a search engine opens first.
 * Pages for members (auth, onboarding, bookings) need the member and stay client-rendered.
 */
export const PRERENDERED_PATHS: readonly string[] = [
  '/',
  '/events',
  ...listedEvents().map((event) => `/events/${event.id}`),
  ...CATEGORY_PAGE_SLUGS.map((slug) => `/categories/${slug}`),
  '/how-it-works',
  '/about',
  '/careers',
  '/press',
  '/contact',
  '/help',
  '/safety',
  '/community',
  '/privacy',
  '/terms',
]

/** Where a path's HTML goes in dist/: "/" -> "index.html", "/events" -> "events.html". */
export function htmlFileFor(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`
}
