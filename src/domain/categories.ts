/**
 * Experience categories beyond our live events: the home page's category cards, the
 * category pages' coming-soon listings, and the events page's coming-soon panels.
 */

export const CATEGORY_PAGE_SLUGS = ['adventure', 'food-drink', 'culture', 'nightlife'] as const
export type CategoryPageSlug = (typeof CATEGORY_PAGE_SLUGS)[number]

export interface ComingSoonListing {
  title: string
  description: string
  date: string
  time: string
  location: string
  attendees: number
  maxAttendees: number
  /** Whole rupees per person. */
  price: number
  category: string
  image: string
  status: 'coming-soon'
}

export interface CategoryPage {
  slug: CategoryPageSlug
  icon: string
  title: string
  /** Card text on the home page. */
  description: string
  color: string
  heroTitle: string
  heroSubtitle: string
  listings: readonly ComingSoonListing[]
}

const soon = (
  category: string,
  image: string,
  items: readonly [title: string, description: string, time: string, location: string, max: number, price: number][],
): ComingSoonListing[] =>
  items.map(([title, description, time, location, maxAttendees, price]) => ({
    title,
    description,
    date: 'Dates coming soon',
    time,
    location,
    attendees: 0,
    maxAttendees,
    price,
    category,
    image,
    status: 'coming-soon',
  }))

export const CATEGORY_PAGES: readonly CategoryPage[] = [
  {
    slug: 'adventure',
    icon: '⛰️',
    title: 'Adventure',
    description: 'Hiking, climbing, and outdoor adventures',
    color: '#0f766e',
    heroTitle: 'Adventure',
    heroSubtitle: 'Sunrise treks, climbing walls and weekend trails with people who love the outdoors.',
    listings: soon('Adventure', '/images/categories/adventure.svg', [
      [
        'Nandi Hills Sunrise Trek',
        'Start in the dark, reach the top for sunrise and share breakfast with the group.',
        '4:30 AM',
        'Nandi Hills',
        20,
        999,
      ],
      [
        'Bouldering for Beginners',
        'An instructor-led session at an indoor climbing wall. No experience needed.',
        '10:00 AM',
        'Indiranagar',
        12,
        1299,
      ],
      [
        'Savandurga Day Hike',
        'A full-day hike up one of Asia\u2019s largest monoliths with a trained trek leader.',
        '6:00 AM',
        'Savandurga',
        25,
        1999,
      ],
      [
        'Cubbon Park Cycle Morning',
        'An easy morning ride through the city\u2019s greenest spaces, then coffee.',
        '6:30 AM',
        'MG Road',
        30,
        599,
      ],
    ]),
  },
  {
    slug: 'food-drink',
    icon: '🍽️',
    title: 'Food & Drink',
    description: 'Food tours, cooking classes, and tastings',
    color: '#c2410c',
    heroTitle: 'Food & Drink',
    heroSubtitle: 'Taste your way through the city with a table of new friends.',
    listings: soon('Food & Drink', '/images/categories/food-drink.svg', [
      [
        'VV Puram Street Food Walk',
        'An evening on Bengaluru\u2019s most famous food street with a local guide.',
        '6:30 PM',
        'Basavanagudi',
        15,
        799,
      ],
      [
        'Home-style Cooking Class',
        'Cook a South Indian thali together, then sit down to eat it.',
        '11:00 AM',
        'Koramangala',
        12,
        1499,
      ],
      [
        'Filter Coffee Tasting',
        'From bean to tumbler: a tasting session with a coffee roaster.',
        '10:00 AM',
        'Jayanagar',
        16,
        599,
      ],
    ]),
  },
  {
    slug: 'culture',
    icon: '🎨',
    title: 'Culture',
    description: 'Museums, art galleries, and cultural events',
    color: '#7c3aed',
    heroTitle: 'Culture',
    heroSubtitle: 'Galleries, theatre and heritage walks, better with good company.',
    listings: soon('Culture', '/images/categories/culture.svg', [
      [
        'Gallery Hop',
        'Three contemporary galleries in one afternoon, with a curator\u2019s notes.',
        '3:00 PM',
        'MG Road',
        15,
        699,
      ],
      [
        'Heritage Walk in the Old City',
        'Temples, markets and stories of old Bengaluru with a historian.',
        '7:00 AM',
        'Chickpet',
        20,
        599,
      ],
      ['Theatre Night', 'Watch a play together, then talk about it over dinner.', '7:30 PM', 'Jayanagar', 14, 1299],
    ]),
  },
  {
    slug: 'nightlife',
    icon: '🎶',
    title: 'Nightlife',
    description: 'Concerts, bars, and nighttime events',
    color: '#be185d',
    heroTitle: 'Nightlife',
    heroSubtitle: 'Live music, rooftop evenings and nights out with a group that has your back.',
    listings: soon('Nightlife', '/images/categories/nightlife.svg', [
      [
        'Live Music Night',
        'An evening of local bands with reserved seating for the group.',
        '8:00 PM',
        'Indiranagar',
        20,
        999,
      ],
      [
        'Rooftop Social',
        'Sunset views, good music and a host who makes the introductions.',
        '7:00 PM',
        'MG Road',
        30,
        1499,
      ],
      ['Comedy Club Evening', 'Stand-up comedy with front rows saved for us.', '8:30 PM', 'Koramangala', 25, 1999],
    ]),
  },
]

export function categoryPage(slug: string): CategoryPage | undefined {
  return CATEGORY_PAGES.find((page) => page.slug === slug)
}

/** The events page's coming-soon panels. */
export const COMING_SOON_PANELS = [
  { title: 'Dating & Relationships', description: 'Thoughtful, low-pressure evenings for singles.' },
  { title: 'Business Networking', description: 'Meet founders, makers and professionals over coffee.' },
  { title: 'Creative Workshops', description: 'Pottery, painting and writing sessions in small groups.' },
] as const
