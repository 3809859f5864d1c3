/**
 * What the build writes for search engines: sitemap.xml (every prerendered public page) and
 * robots.txt (the member pages kept out of results, and where the sitemap is).
 */
import { escapeHtml } from './page-html'

/** Pages of one member, never useful in search results. */
export const PRIVATE_PATHS = ['/auth', '/signup', '/onboarding', '/my-bookings', '/booking-success', '/booking-failed']

export function sitemapXml(siteUrl: string, paths: readonly string[], builtAt: Date): string {
  const lastmod = builtAt.toISOString().slice(0, 10)
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

export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n')
}
