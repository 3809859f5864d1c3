/**
 * The public pages and the sitemap that lists them (the publicPages function answers
 * /sitemap.xml from the catalogue published now). Each address says when it last changed: an
 * event's page when the event was last published; the home page, the listing and a category when
 * the catalogue last changed (an event published, or one taken off), or the deploy when that is
 * later (the page's own code changed); an information page at the deploy that wrote it.
 */
import type { PublishedCatalogue, YaariEvent } from './catalogue'
import { CATEGORY_PAGE_SLUGS } from './categories'
import { CATEGORY_PAGE_EVENTS } from './category-pages'
import { DEFAULT_CITY } from './event-listing'
import { featuredEvents } from './page-catalogue'
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

export interface SitemapEntry {
  path: string
  /** YYYY-MM-DD */
  lastmod: string
}

const dayOf = (iso: string) => iso.slice(0, 10)

/** The newest of the days given (YYYY-MM-DD sort as they read). */
const newest = (...days: string[]) => days.reduce((a, b) => (b > a ? b : a))

/**
 * Every public page of the catalogue published now with when it last changed: `deployedAt` is
 * the deploy's day (the shell's), every listed event's page its own publish day.
 */
export function sitemapEntries(catalogue: PublishedCatalogue, deployedAt: string): SitemapEntry[] {
  const live = new Set(catalogue.cities.filter((city) => city.live).map((city) => city.id))
  const listed = catalogue.events.filter((event) => event.status === 'published' && live.has(event.city))
  const changed = (event: YaariEvent) => dayOf(event.publishedAt ?? catalogue.publishedAt)
  // A listing changes when an event it shows is published, and when one leaves it (an archive, a
  // city switched off), which only the catalogue's own day records.
  const shown = (events: readonly YaariEvent[]) =>
    newest(dayOf(deployedAt), dayOf(catalogue.publishedAt), ...events.map(changed))
  const pageDay: Record<string, string> = {
    '/': shown(featuredEvents(listed)),
    '/events': shown(listed.filter((event) => event.city === DEFAULT_CITY)),
    ...Object.fromEntries(
      CATEGORY_PAGE_SLUGS.map((slug) => [
        `/categories/${slug}`,
        shown(listed.filter((event) => event.category === CATEGORY_PAGE_EVENTS[slug])),
      ]),
    ),
  }
  const page = (path: string) => ({ path, lastmod: pageDay[path] ?? dayOf(deployedAt) })
  return [
    ...STATIC_PAGES.slice(0, 2).map(page),
    ...listed.map((event) => ({ path: `/events/${event.id}`, lastmod: changed(event) })),
    ...STATIC_PAGES.slice(2).map(page),
  ]
}

export function sitemapXml(siteUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    ({ path, lastmod }) => `  <url><loc>${escapeHtml(`${siteUrl}${path}`)}</loc><lastmod>${lastmod}</lastmod></url>`,
  )
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}
