/**
 * Experience categories beyond our live events, as the home page's cards and the router know
 * them (light: every first visit loads this). Each category page's coming-soon listings are in
 * category-pages.ts, loaded with that page.
 */

export const CATEGORY_PAGE_SLUGS = ['adventure', 'food-drink', 'culture', 'nightlife'] as const
export type CategoryPageSlug = (typeof CATEGORY_PAGE_SLUGS)[number]

export interface CategoryCard {
  slug: CategoryPageSlug
  icon: string
  title: string
  /** Card text on the home page. */
  description: string
  color: string
}

export const CATEGORY_CARDS: readonly CategoryCard[] = [
  {
    slug: 'adventure',
    icon: '⛰️',
    title: 'Adventure',
    description: 'Hiking, climbing, and outdoor adventures',
    color: '#0f766e',
  },
  {
    slug: 'food-drink',
    icon: '🍽️',
    title: 'Food & Drink',
    description: 'Food tours, cooking classes, and tastings',
    color: '#c2410c',
  },
  {
    slug: 'culture',
    icon: '🎨',
    title: 'Culture',
    description: 'Museums, art galleries, and cultural events',
    color: '#7c3aed',
  },
  {
    slug: 'nightlife',
    icon: '🎶',
    title: 'Nightlife',
    description: 'Concerts, bars, and nighttime events',
    color: '#be185d',
  },
]

export const isCategoryPageSlug = (slug: string): slug is CategoryPageSlug =>
  (CATEGORY_PAGE_SLUGS as readonly string[]).includes(slug)

/** The events page's coming-soon panels. */
export const COMING_SOON_PANELS = [
  { title: 'Dating & Relationships', description: 'Thoughtful, low-pressure evenings for singles.' },
  { title: 'Business Networking', description: 'Meet founders, makers and professionals over coffee.' },
  { title: 'Creative Workshops', description: 'Pottery, painting and writing sessions in small groups.' },
] as const
