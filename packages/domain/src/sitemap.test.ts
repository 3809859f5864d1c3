import { expect, it } from 'vitest'
import type { PublishedCatalogue } from './catalogue'
import { SEED_CATALOGUE } from './catalogue-seed'
import { sitemapEntries, sitemapXml } from './sitemap'

it('lists every public page and listed event, each with the day it last changed', () => {
  const catalogue: PublishedCatalogue = {
    ...SEED_CATALOGUE,
    publishedAt: '2026-11-20T10:00:00.000Z',
    events: SEED_CATALOGUE.events.map((event, i) =>
      i === 1
        ? { ...event, publishedAt: '2026-11-26T08:00:00.000Z' }
        : i === 2
          ? { ...event, status: 'archived' }
          : event,
    ),
  }
  const entries = sitemapEntries(catalogue, '2026-11-24T00:00:00.000Z')
  const day = (path: string) => entries.find((entry) => entry.path === path)?.lastmod
  // An event's page: when it was published; one never published since the seed: the catalogue's day.
  expect(day('/events/unplanned-sunday-social-mixup')).toBe('2026-11-26')
  expect(day('/events/first-hello-stranger-meetup')).toBe('2026-11-20')
  // Archived: not listed at all.
  expect(day('/events/midweek-wednesday-dinner')).toBeUndefined()
  // The listing shows the Sunday published on the 26th; the privacy page changed with the deploy.
  expect(day('/events')).toBe('2026-11-26')
  expect(day('/privacy')).toBe('2026-11-24')
  expect(entries.map((entry) => entry.path)).not.toContain('/my-bookings')
  const xml = sitemapXml('https://yaari.example', entries)
  expect(xml).toContain('<url><loc>https://yaari.example/privacy</loc><lastmod>2026-11-24</lastmod></url>')
  expect(xml.match(/<url>/g)).toHaveLength(entries.length)
})

it('dates a listing by the catalogue’s last change too: an event archived from it changed it', () => {
  const archivedToday: PublishedCatalogue = {
    ...SEED_CATALOGUE,
    publishedAt: '2026-11-27T09:00:00.000Z',
    events: SEED_CATALOGUE.events.map((event) => ({ ...event, publishedAt: '2026-11-20T10:00:00.000Z' })),
  }
  const entries = sitemapEntries(archivedToday, '2026-11-24T00:00:00.000Z')
  const day = (path: string) => entries.find((entry) => entry.path === path)?.lastmod
  expect([day('/'), day('/events'), day('/events/first-hello-stranger-meetup')]).toEqual([
    '2026-11-27',
    '2026-11-27',
    '2026-11-20',
  ])
})
