/**
 * The member profile: the onboarding steps' rules and messages and
 * the `saveProfile` payload. The forms and the Cloud Functions validate with these same
 * schemas, so a message shown in the browser is the reason the server gives.
 */
import * as v from 'valibot'
import { contract } from './callable'
import { istCalendarDay, parseIsoDate } from './schedule'
import { noInputSchema } from './validation'

export const MESSAGES = {
  mobileInvalid: 'Please enter a valid 10-digit mobile number',
  mobileValid: 'Valid mobile number',
  nameInvalid: 'Please enter a valid name (at least 2 characters, letters only)',
  nameValid: 'Looks good!',
  tooYoung: 'You must be at least 18 years old to join our events',
  tooOld: 'Our events are designed for people under 60',
  dateInvalid: 'Please enter a valid date',
  profileFormRequired: 'All fields except bio are required',
  photoTypeTitle: 'Invalid file type',
  photoType: 'Please select an image file',
  photoSizeTitle: 'File too large',
  photoSize: 'Please select an image smaller than 5MB',
} as const

export const MIN_AGE = 18
export const MAX_AGE = 60
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024
/** The longest side of a stored profile picture: the browser resizes to it, the server holds every picture to it. */
export const PHOTO_MAX_SIDE = 1024
/** The longest email address there can be (RFC 5321). */
export const MAX_EMAIL_LENGTH = 254

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

/** A request's profession: one of the list, a former value taken as its own. */
export const professionSchema = v.pipe(
  v.string('Unknown profession'),
  v.transform((value) => canonicalProfession(value) ?? value),
  v.picklist(PROFESSIONS, 'Unknown profession'),
)

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

/** The 10 digits of an Indian mobile number, from whatever the person typed. */
export function mobileDigits(input: string): string {
  const digits = input.replace(/\D/g, '')
  return digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits.slice(0, 10)
}

/** "98765 43210": shown as two groups of five. */
export function formatMobile(digits: string): string {
  return digits.length > 5 ? `${digits.slice(0, 5)} ${digits.slice(5, 10)}` : digits
}

export const mobileSchema = v.pipe(v.string(MESSAGES.mobileInvalid), v.regex(/^[6-9]\d{9}$/, MESSAGES.mobileInvalid))

export const nameSchema = v.pipe(
  v.string(MESSAGES.nameInvalid),
  v.trim(),
  v.minLength(2, MESSAGES.nameInvalid),
  v.maxLength(60, MESSAGES.nameInvalid),
  v.regex(/^[\p{L}][\p{L} ]*$/u, MESSAGES.nameInvalid),
)

/** Whole years between `dateOfBirth` and today in IST. */
export function ageOn(dateOfBirth: string, now: Date = new Date()): number | undefined {
  const birth = parseIsoDate(dateOfBirth)
  if (!birth) return undefined
  const today = istCalendarDay(now)
  let age = today.year - birth.year
  if (today.month < birth.month || (today.month === birth.month && today.day < birth.day)) age -= 1
  return age
}

/** Validates a date of birth at `now`: a real past date, age 18 to 60 inclusive. */
export function dateOfBirthIssue(value: string, now: Date = new Date()): string | undefined {
  const age = ageOn(value, now)
  if (age === undefined || age < 0 || value < '1900-01-01') return MESSAGES.dateInvalid
  if (age < MIN_AGE) return MESSAGES.tooYoung
  if (age > MAX_AGE) return MESSAGES.tooOld
  return undefined
}

export const dateOfBirthSchema = v.pipe(
  v.string(MESSAGES.dateInvalid),
  v.check((value) => parseIsoDate(value) !== undefined, MESSAGES.dateInvalid),
  v.rawCheck(({ dataset, addIssue }) => {
    // A string that is no date was told so by the check above: once is enough.
    if (!dataset.typed || parseIsoDate(dataset.value) === undefined) return
    const issue = dateOfBirthIssue(dataset.value)
    if (issue) addIssue({ message: issue })
  }),
)

export const interestsSchema = v.pipe(
  v.array(v.picklist(INTERESTS, 'Unknown interest'), 'Please choose at least one interest'),
  v.minLength(1, 'Please choose at least one interest'),
  v.maxLength(INTERESTS.length),
  v.check((ids) => new Set(ids).size === ids.length, 'Each interest can be chosen once'),
)

export const locationSchema = v.pipe(
  v.string('Please choose an area or type yours'),
  v.trim(),
  v.nonEmpty('Please choose an area or type yours'),
  v.maxLength(80, 'Area names are at most 80 characters'),
)

export const FOOD_PREFERENCES = ['vegetarian', 'non_vegetarian', 'vegan', 'jain'] as const
export const PERSONALITY_TYPES = ['extrovert', 'introvert', 'ambivert'] as const
export const DRINKING_PREFERENCES = ['social_drinker', 'occasional', 'non_drinker', 'regular'] as const
export const RELATIONSHIP_STATUSES = ['single', 'in_relationship', 'married', 'prefer_not_to_say'] as const

/**
 * The answers asked when booking (seating and the host's evening), each kept on the profile once
 * the member gives it and editable there: the request's key, the profile's field, its label, its
 * values. None is ever assumed (docs/decisions/0028).
 */
export const ANSWERS = [
  { key: 'foodPreference', field: 'food_preference', label: 'Food preference', values: FOOD_PREFERENCES },
  { key: 'personalityType', field: 'personality_type', label: 'Personality type', values: PERSONALITY_TYPES },
  {
    key: 'drinkingPreference',
    field: 'drinking_preference',
    label: 'Drinking preference',
    values: DRINKING_PREFERENCES,
  },
  {
    key: 'relationshipStatus',
    field: 'relationship_status',
    label: 'Relationship status',
    values: RELATIONSHIP_STATUSES,
  },
] as const
export type AnswerKey = (typeof ANSWERS)[number]['key']
/** Answers as a request carries them (unknown values are ignored where they are read). */
export type BookingAnswers = Partial<Record<AnswerKey, string | null | undefined>>
export type AnswerField = (typeof ANSWERS)[number]['field']

/** An answer's value if it is one of its question's, else undefined (never given, or not a known one). */
export const knownAnswer = (answer: (typeof ANSWERS)[number], value: unknown): string | undefined =>
  (answer.values as readonly unknown[]).includes(value) ? (value as string) : undefined

/** The answers given with a booking as the profile keeps them, by field (unknown or empty ones left out). */
export function answerFields(answers: BookingAnswers): Partial<Record<AnswerField, string>> {
  return Object.fromEntries(
    ANSWERS.flatMap((answer) => {
      const value = knownAnswer(answer, answers[answer.key])
      return value ? [[answer.field, value]] : []
    }),
  )
}

/** The member's own answers on their profile, by request key (the ones they gave, nothing else). */
export function profileAnswers(profile: Partial<Record<AnswerField, unknown>>): Partial<Record<AnswerKey, string>> {
  return Object.fromEntries(
    ANSWERS.flatMap((answer) => {
      const value = knownAnswer(answer, profile[answer.field])
      return value ? [[answer.key, value]] : []
    }),
  )
}

/**
 * What the browser sends to `saveProfile` when onboarding completes. The user id and email
 * are never part of it: the function takes them from the verified token.
 */
export const saveProfileSchema = v.strictObject({
  mobile: mobileSchema,
  name: nameSchema,
  dateOfBirth: dateOfBirthSchema,
  profession: v.optional(professionSchema),
  gender: v.picklist(GENDERS, 'Unknown gender'),
  interests: interestsSchema,
  location: locationSchema,
  bio: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, 'Bio is at most 500 characters'))),
  profilePictureUrl: v.optional(v.nullable(v.pipe(v.string(), v.url(), v.maxLength(2048)))),
  /** Whether the member's interests and personality may be used to seat them (yes unless they say no). */
  seatByAnswers: v.optional(v.boolean('seatByAnswers must be true or false')),
  // The booking's answers, from the profile page: absent keeps what the profile has, null removes it.
  foodPreference: v.optional(v.nullable(v.picklist(FOOD_PREFERENCES, 'Unknown food preference'))),
  personalityType: v.optional(v.nullable(v.picklist(PERSONALITY_TYPES, 'Unknown personality type'))),
  drinkingPreference: v.optional(v.nullable(v.picklist(DRINKING_PREFERENCES, 'Unknown drinking preference'))),
  relationshipStatus: v.optional(v.nullable(v.picklist(RELATIONSHIP_STATUSES, 'Unknown relationship status'))),
})
export type SaveProfileRequest = v.InferInput<typeof saveProfileSchema>

// base64 is 4/3 of the bytes; allow a little for padding.
const MAX_PHOTO_BASE64_LENGTH = Math.ceil((MAX_PHOTO_BYTES * 4) / 3) + 4

/** What the browser sends to `uploadProfilePhoto`: the picture, already made smaller, as base64. */
export const uploadPhotoSchema = v.strictObject({
  contentType: v.picklist(['image/jpeg', 'image/png', 'image/webp', 'image/gif'], MESSAGES.photoType),
  data: v.pipe(
    v.string('data must be the image as base64'),
    v.maxLength(MAX_PHOTO_BASE64_LENGTH, MESSAGES.photoSize),
    v.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'data must be the image as base64'),
  ),
})

/** What the app and the functions both say about the member's account, in one place. */
export const ACCOUNT_MESSAGES = {
  signInAgain: 'Please sign in again to continue.',
  profileRequired: 'Please complete your profile first.',
} as const

/** Indian mobiles only: members type 10 digits, profiles keep them with the country code. */
const COUNTRY_CODE = '+91'
/** "9876543210" -> "+919876543210": how a profile stores the mobile. */
export const fullMobile = (tenDigits: string) => `${COUNTRY_CODE}${tenDigits}`
/** "+919876543210" -> "9876543210": what the member types, and what Cashfree takes. */
export const localMobile = (mobile: string) =>
  mobile.startsWith(COUNTRY_CODE) ? mobile.slice(COUNTRY_CODE.length) : mobile

/** The user_profiles/{uid} document, with its defaults (none for an answer the member did not give). */
export interface UserProfileRecord {
  user_id: string
  name: string
  email: string
  mobile: string
  date_of_birth: string
  gender: string
  profession: string
  /**
   * The answers the booking form asks (seating and the host's evening): present only when the
   * member gave them. Onboarding does not ask them, so a new profile has none.
   */
  food_preference?: string
  drinking_preference?: string
  personality_type?: string
  relationship_status?: string
  venue_preferences: string[]
  /** JSON text of the chosen interest ids, as the document stores it. */
  interests: string
  location: string
  bio: string
  profile_picture_url: string | null
  /** Interests and personality may seat them in a group (absent on profiles saved before it was asked: yes). */
  seat_by_answers?: boolean
}

export function toProfileRecord(
  uid: string,
  email: string | undefined,
  input: v.InferOutput<typeof saveProfileSchema>,
): UserProfileRecord {
  return {
    user_id: uid,
    name: input.name,
    email: email ?? '',
    mobile: fullMobile(input.mobile),
    date_of_birth: input.dateOfBirth,
    gender: input.gender,
    profession: input.profession ?? 'other',
    // Only the answers this save gives (saveProfile keeps those it does not mention).
    ...Object.fromEntries(ANSWERS.flatMap(({ key, field }) => (input[key] ? [[field, input[key]]] : []))),
    venue_preferences: [],
    interests: JSON.stringify(input.interests),
    location: input.location,
    bio: input.bio ?? '',
    profile_picture_url: input.profilePictureUrl ?? null,
    seat_by_answers: input.seatByAnswers ?? true,
  }
}

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

/** Saves the member's profile at the end of onboarding (and again when it changes). */
export const saveProfileCall = contract<typeof saveProfileSchema, { saved: true }>('saveProfile', saveProfileSchema, [
  MESSAGES,
  ACCOUNT_MESSAGES,
])

/** The signed-in member's profile, or null before onboarding has saved one. */
export const getMyProfileCall = contract<typeof noInputSchema, { profile: UserProfileRecord | null }>(
  'getMyProfile',
  noInputSchema,
  [ACCOUNT_MESSAGES],
)

/** Stores a profile picture; answers the URL to keep in the profile. */
export const uploadProfilePhotoCall = contract<typeof uploadPhotoSchema, { url: string; path: string }>(
  'uploadProfilePhoto',
  uploadPhotoSchema,
  [MESSAGES, ACCOUNT_MESSAGES],
)
