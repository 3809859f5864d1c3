/**
 * Each category page: its hero, the listing category whose published events it shows, and the
 * coming-soon listings it shows while that category has none (loaded with the category pages).
 */
import type { EventCategory } from './catalogue'
import { CATEGORY_CARDS, type CategoryCard, type CategoryPageSlug } from './categories'

/** The events page's category each category page lists. */
export const CATEGORY_PAGE_EVENTS: Readonly<Record<CategoryPageSlug, EventCategory>> = {
  adventure: 'Outdoor Adventures',
  'food-drink': 'Food & Drink',
  culture: 'Arts & Culture',
  nightlife: 'Nightlife',
}

interface ComingSoonListing {
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

export interface CategoryPage extends CategoryCard {
  heroTitle: string
  heroSubtitle: string
  listings: readonly ComingSoonListing[]
}

const card = (slug: CategoryPageSlug): CategoryCard => CATEGORY_CARDS.find((c) => c.slug === slug)!

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
    ...card('adventure'),
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
    ...card('food-drink'),
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
    ...card('culture'),
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
    ...card('nightlife'),
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
