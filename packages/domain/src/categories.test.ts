import { expect, it } from 'vitest'
import { CATEGORY_PAGES, categoryPage } from './category-pages'

it('has the four category pages, with their card texts', () => {
  expect(CATEGORY_PAGES.map((page) => [page.slug, page.title, page.description])).toEqual([
    ['adventure', 'Adventure', 'Hiking, climbing, and outdoor adventures'],
    ['food-drink', 'Food & Drink', 'Food tours, cooking classes, and tastings'],
    ['culture', 'Culture', 'Museums, art galleries, and cultural events'],
    ['nightlife', 'Nightlife', 'Concerts, bars, and nighttime events'],
  ])
  expect(categoryPage('gardening')).toBeUndefined()
})

it('lists three or four coming-soon events per page, priced 599 to 1,999 for 12 to 30 people', () => {
  for (const page of CATEGORY_PAGES) {
    expect(page.listings.length).toBeGreaterThanOrEqual(3)
    expect(page.listings.length).toBeLessThanOrEqual(4)
    for (const listing of page.listings) {
      expect(listing.status).toBe('coming-soon')
      expect(listing.price).toBeGreaterThanOrEqual(599)
      expect(listing.price).toBeLessThanOrEqual(1999)
      expect(listing.maxAttendees).toBeGreaterThanOrEqual(12)
      expect(listing.maxAttendees).toBeLessThanOrEqual(30)
    }
  }
  const prices = CATEGORY_PAGES.flatMap((page) => page.listings.map((l) => l.price))
  expect(Math.min(...prices)).toBe(599)
  expect(Math.max(...prices)).toBe(1999)
})
