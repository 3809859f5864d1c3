import { expect, it } from 'vitest'
import { robotsTxt } from './crawlers'

it('robots.txt keeps member pages out and names the sitemap', () => {
  const robots = robotsTxt('https://yaari.example')
  expect(robots).toContain('Disallow: /my-bookings')
  expect(robots).toContain('Sitemap: https://yaari.example/sitemap.xml')
})
