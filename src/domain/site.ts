/**
 * The site configuration: the one place the spec's placeholders ({product}, {phone}, the
 * governing-law city, contact handles) are filled. Pages read it; none repeats a value.
 */
export const SITE = {
  productName: 'Yaari',
  tagline: 'Meet new people at small curated events, starting with Bangalore.',
  homeCity: 'Bengaluru',
  memberClaim: '1000+',
  cityClaim: '5',
  governingLaw: 'the courts of Bengaluru, Karnataka, India',
} as const
