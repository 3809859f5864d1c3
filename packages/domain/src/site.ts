/**
 * The site configuration: the one place the site's placeholders ({product}, {phone}, the
 * governing-law city, contact handles) are filled. Pages read it; none repeats a value.
 * Contact values are the launch configuration: change them here and every page follows. The 24/7
 * number is the build's configuration (VITE_SUPPORT_PHONE), not a value here.
 */

/** The number a build without VITE_SUPPORT_PHONE shows: nobody answers it (a real project's build refuses it). */
export const PLACEHOLDER_SUPPORT_PHONE = '+91 98765 43210'

/** Set by the builds (vite.config.ts, functions/build.mjs) from VITE_SUPPORT_PHONE; absent elsewhere. */
declare const __SUPPORT_PHONE__: string | undefined

/**
 * The 24/7 number, for the coordinator on the night and for emergencies (calls and WhatsApp):
 * "+91 98765 43210" as configured, the placeholder where nothing is.
 */
const supportPhone =
  typeof __SUPPORT_PHONE__ === 'string' && __SUPPORT_PHONE__ ? __SUPPORT_PHONE__ : PLACEHOLDER_SUPPORT_PHONE
/** Its digits with the country code: what tel: and wa.me addresses take. */
const whatsappNumber = supportPhone.replace(/\D/g, '')

export const SITE = {
  productName: 'Yaari',
  tagline: 'Meet new people at small curated events, starting with Bangalore.',
  homeCity: 'Bengaluru',
  memberClaim: '1000+',
  cityClaim: '5',
  governingLaw: 'the courts of Bengaluru, Karnataka, India',
  supportHours: 'Monday to Saturday, 10:00 AM to 8:00 PM',
  email: 'hello@yaari.in',
  safetyEmail: 'safety@yaari.in',
  communityEmail: 'community@yaari.in',
  legalEmail: 'legal@yaari.in',
  careersEmail: 'careers@yaari.in',
  pressEmail: 'press@yaari.in',
  phone: supportPhone,
  phoneHref: `tel:+${whatsappNumber}`,
  whatsappHref: `https://wa.me/${whatsappNumber}`,
  emergencyWhatsappHref: `https://wa.me/${whatsappNumber}?text=${encodeURIComponent('Emergency at a Yaari event')}`,
  instagramHandle: '@yaari.social',
  instagramHref: 'https://www.instagram.com/yaari.social',
  /** Marketing stats on the static pages. */
  stats: { events: '500+', participants: '2000+', venues: '50+', satisfaction: '95%', publications: '20+' },
} as const

export function mailto(address: string, subject?: string): string {
  return subject ? `mailto:${address}?subject=${encodeURIComponent(subject)}` : `mailto:${address}`
}
