/** The typed registry of the app's main paths: navigation menus and links that cross features. */
import { CATEGORY_CARDS, type CategoryPageSlug } from '@yaari/domain/categories'

export interface NavLink {
  to: string
  label: string
}

export const EVENTS_LINK: NavLink = { to: '/events', label: 'Events' }
export const LOGIN_LINK: NavLink = { to: '/auth', label: 'Login' }
export const SIGNUP_LINK: NavLink = { to: '/signup', label: 'Join the Adventure' }
export const MY_BOOKINGS_LINK: NavLink = { to: '/my-bookings', label: 'My bookings' }
export const PROFILE_LINK: NavLink = { to: '/profile', label: 'Profile' }
export const HOST_LINK: NavLink = { to: '/host', label: 'Host console' }

// In the header and the footer both.
const HOW_IT_WORKS_LINK: NavLink = { to: '/how-it-works', label: 'How It Works' }
const CONTACT_LINK: NavLink = { to: '/contact', label: 'Contact Us' }

/** A category page, named as its card on the home page is. */
const categoryLink = (slug: CategoryPageSlug): NavLink => ({
  to: `/categories/${slug}`,
  label: CATEGORY_CARDS.find((card) => card.slug === slug)!.title,
})

export const PRIMARY_NAV: readonly NavLink[] = [
  { to: '/', label: 'Home' },
  EVENTS_LINK,
  HOW_IT_WORKS_LINK,
  { to: '/privacy', label: 'Privacy' },
  CONTACT_LINK,
]

export const FOOTER_NAV: readonly { heading: string; links: readonly NavLink[] }[] = [
  {
    heading: 'Explore',
    links: [EVENTS_LINK, HOW_IT_WORKS_LINK, categoryLink('food-drink'), categoryLink('nightlife')],
  },
  {
    heading: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/careers', label: 'Careers' },
      { to: '/press', label: 'Press' },
      CONTACT_LINK,
    ],
  },
  {
    heading: 'Support',
    links: [
      { to: '/help', label: 'Help Center' },
      { to: '/safety', label: 'Safety Center' },
      { to: '/community', label: 'Community Guidelines' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { to: '/privacy', label: 'Privacy Policy' },
      { to: '/terms', label: 'Terms of Service' },
    ],
  },
]

/** Where a member without a completed profile continues. */
export const ONBOARDING_START = '/onboarding/mobile'
