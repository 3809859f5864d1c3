/**
 * What a member picks from on their profile: their profession (one list, a former list's values
 * read as its own), gender, interests and area, each with how it reads on screen. Onboarding's
 * cards, the one-page form, the profile page and the booking form ask from these same lists, and
 * hosts see the labels.
 */

/**
 * What the member does: one list, asked the same way by onboarding's cards, the one-page form,
 * the profile page and the booking form (and shown to hosts as its labels say).
 */
export const PROFESSIONS = [
  'student',
  'tech',
  'business',
  'creative',
  'marketing',
  'healthcare',
  'finance',
  'education',
  'entrepreneur',
  'other',
] as const
export type Profession = (typeof PROFESSIONS)[number]

/**
 * Values of the lists asked before there was one (profiles and bookings stored then, and requests
 * from an app not yet updated), each read as the one list's.
 */
const FORMER_PROFESSIONS: Readonly<Record<string, Profession>> = {
  technology: 'tech',
  software_engineer: 'tech',
  product_manager: 'tech',
  design: 'creative',
  designer: 'creative',
  consulting: 'business',
  consultant: 'business',
  sales: 'marketing',
  entrepreneurship: 'entrepreneur',
}

/** A profession as the one list has it (a former value read as its own), else undefined. */
export function canonicalProfession(value: unknown): Profession | undefined {
  if (typeof value !== 'string') return undefined
  if ((PROFESSIONS as readonly string[]).includes(value)) return value as Profession
  return Object.hasOwn(FORMER_PROFESSIONS, value) ? FORMER_PROFESSIONS[value] : undefined
}

export const GENDERS = ['male', 'female', 'non-binary', 'prefer-not-to-say'] as const
export const INTERESTS = [
  'brunch',
  'nightlife',
  'photography',
  'gaming',
  'book_clubs',
  'fitness',
  'art',
  'food_tours',
  'travel',
  'outdoor',
] as const
export const AREAS = [
  'koramangala',
  'indiranagar',
  'whitefield',
  'manyata-tech-park',
  'hebbal',
  'jp-nagar',
  'btm-layout',
  'mg-road',
  'hsr-layout',
] as const
/** Only the first six areas are shown as cards. */
export const AREA_CARDS = AREAS.slice(0, 6)

/** How the enumerations read on screen. */
export const PROFESSION_LABELS: Record<Profession, string> = {
  student: 'Student',
  tech: 'Tech',
  business: 'Business & consulting',
  creative: 'Creative & design',
  marketing: 'Marketing & sales',
  healthcare: 'Healthcare',
  finance: 'Finance',
  education: 'Education',
  entrepreneur: 'Entrepreneur',
  other: 'Other',
}

export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  male: 'Male',
  female: 'Female',
  'non-binary': 'Non-binary',
  'prefer-not-to-say': 'Prefer not to say',
}

export const INTEREST_LABELS: Record<(typeof INTERESTS)[number], string> = {
  brunch: 'Brunch',
  nightlife: 'Nightlife',
  photography: 'Photography',
  gaming: 'Gaming',
  book_clubs: 'Book Clubs',
  fitness: 'Fitness',
  art: 'Art',
  food_tours: 'Food Tours',
  travel: 'Travel',
  outdoor: 'Outdoor',
}

export const AREA_LABELS: Record<(typeof AREAS)[number], string> = {
  koramangala: 'Koramangala',
  indiranagar: 'Indiranagar',
  whitefield: 'Whitefield',
  'manyata-tech-park': 'Manyata Tech Park',
  hebbal: 'Hebbal',
  'jp-nagar': 'JP Nagar',
  'btm-layout': 'BTM Layout',
  'mg-road': 'MG Road',
  'hsr-layout': 'HSR Layout',
}
