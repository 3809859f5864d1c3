/** The typed registry of the app's main paths: navigation menus and links that cross features. */
export interface NavLink {
  to: string
  label: string
}

export const PRIMARY_NAV: readonly NavLink[] = [
  { to: '/', label: 'Home' },
  { to: '/events', label: 'Events' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/contact', label: 'Contact Us' },
]

export const EVENTS_LINK: NavLink = { to: '/events', label: 'Events' }
export const LOGIN_LINK: NavLink = { to: '/auth', label: 'Login' }
export const SIGNUP_LINK: NavLink = { to: '/signup', label: 'Join the Adventure' }
export const MY_BOOKINGS_LINK: NavLink = { to: '/my-bookings', label: 'My bookings' }
export const PROFILE_LINK: NavLink = { to: '/profile', label: 'Profile' }
export const HOST_LINK: NavLink = { to: '/host', label: 'Host console' }

export const FOOTER_NAV: readonly { heading: string; links: readonly NavLink[] }[] = [
  {
    heading: 'Explore',
    links: [
      { to: '/events', label: 'Events' },
      { to: '/how-it-works', label: 'How It Works' },
      { to: '/categories/food-drink', label: 'Food & Drink' },
      { to: '/categories/nightlife', label: 'Nightlife' },
    ],
  },
  {
    heading: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/careers', label: 'Careers' },
      { to: '/press', label: 'Press' },
      { to: '/contact', label: 'Contact Us' },
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
