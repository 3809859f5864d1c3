/**
 * The public pages: the ones the build prerenders besides the events', and the sitemap that lists
 * them with every listed event. The build writes nothing for the sitemap: the publicPages function
 * answers /sitemap.xml from the published catalogue, so an event published after the build is in it.
 */
import { CATEGORY_PAGE_SLUGS } from './categories'
import { escapeHtml } from './page-head'

/** The public pages that are not an event's, in the order the sitemap lists them. */
export const STATIC_PAGES: readonly string[] = [
  '/',
  '/events',
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

export function sitemapXml(siteUrl: string, paths: readonly string[], updatedAt: Date): string {
  const lastmod = updatedAt.toISOString().slice(0, 10)
  const urls = paths.map(
    (path) => `  <url><loc>${escapeHtml(`${siteUrl}${path}`)}</loc><lastmod>${lastmod}</lastmod></url>`,
  )
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}
