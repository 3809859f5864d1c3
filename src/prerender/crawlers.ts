/**
 * What the build writes for search engines: robots.txt (the member pages kept out of results, and
 * where the sitemap is). The sitemap itself is the publicPages function's (domain sitemap.ts): it
 * lists the events published after the build too.
 */

/** Pages of one member, never useful in search results. */
export const PRIVATE_PATHS = [
  '/auth',
  '/signup',
  '/onboarding',
  '/my-bookings',
  '/notifications',
  '/booking-success',
  '/booking-failed',
]

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
