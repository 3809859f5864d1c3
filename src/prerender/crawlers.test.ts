import { expect, it } from 'vitest'
import { PRIVATE_PATHS, robotsTxt, sitemapXml } from './crawlers'
import { PRERENDERED_PATHS } from './paths'

it('the sitemap lists every prerendered page by its full address, and no member page', () => {
  const xml = sitemapXml('https://yaari.example', PRERENDERED_PATHS, new Date('2026-11-24T10:00:00Z'))
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
  expect(locs).toEqual(PRERENDERED_PATHS.map((path) => `https://yaari.example${path}`))
  expect(xml).toContain('<lastmod>2026-11-24</lastmod>')
  for (const path of PRIVATE_PATHS) expect(locs).not.toContain(`https://yaari.example${path}`)
})

it('robots.txt keeps member pages out and names the sitemap', () => {
  const robots = robotsTxt('https://yaari.example')
  expect(robots).toContain('Disallow: /my-bookings')
  expect(robots).toContain('Sitemap: https://yaari.example/sitemap.xml')
})
