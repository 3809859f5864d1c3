import { CATEGORY_PAGE_SLUGS } from '@yaari/domain/categories'
import { STATIC_PAGES } from '@yaari/domain/sitemap'

/**
 * The information pages the build writes as HTML (nothing in them changes with the catalogue or the
 * day). The pages that show the catalogue (home, listing, categories, events) are written when
 * they are asked for, by the publicPages function (decision 0020). Pages for members (auth,
 * onboarding, bookings) need the member and stay client-rendered.
 */
export const PRERENDERED_PATHS: readonly string[] = STATIC_PAGES.filter(
  (path) => path !== '/' && path !== '/events' && !CATEGORY_PAGE_SLUGS.some((slug) => path === `/categories/${slug}`),
)

/** An address no page has: the build renders the not-found page at it, as 404.html. */
export const NOT_FOUND_PATH = '/__not-found__'

/** Where a path's HTML goes in dist/: "/about" -> "about.html"; the not-found page -> "404.html". */
export function htmlFileFor(path: string): string {
  if (path === NOT_FOUND_PATH) return '404.html'
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`
}
