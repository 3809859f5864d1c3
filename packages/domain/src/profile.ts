/**
 * The member profile: the onboarding steps' rules and messages, the `saveProfile` payload and the
 * user_profiles/{uid} document it becomes. The forms and the Cloud Functions validate with these
 * same schemas, so a message shown in the browser is the reason the server gives. The lists a
 * member picks from are profile-choices.ts; the booking's answers the profile keeps, profile-answers.ts.
 */
import * as v from 'valibot'
import { contract } from './callable'
import {
  ANSWERS,
  DRINKING_PREFERENCES,
  FOOD_PREFERENCES,
  PERSONALITY_TYPES,
  RELATIONSHIP_STATUSES,
} from './profile-answers'
import { canonicalProfession, GENDERS, INTERESTS, PROFESSIONS } from './profile-choices'
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

/** A request's profession: one of the list, a former value taken as its own. */
export const professionSchema = v.pipe(
  v.string('Unknown profession'),
  v.transform((value) => canonicalProfession(value) ?? value),
  v.picklist(PROFESSIONS, 'Unknown profession'),
)

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

/** The user_profiles/{uid} document as the functions write it and the app keeps it. */
export const userProfileRecordSchema = v.object({
  user_id: v.string(),
  name: v.string(),
  email: v.string(),
  mobile: v.string(),
  date_of_birth: v.string(),
  gender: v.string(),
  profession: v.string(),
  /**
   * The answers the booking form asks (the groups and the host's evening): present only when the
   * member gave them. Onboarding does not ask them, so a new profile has none.
   */
  food_preference: v.optional(v.string()),
  drinking_preference: v.optional(v.string()),
  personality_type: v.optional(v.string()),
  relationship_status: v.optional(v.string()),
  venue_preferences: v.array(v.string()),
  /** JSON text of the chosen interest ids, as the document stores it. */
  interests: v.string(),
  location: v.string(),
  bio: v.string(),
  profile_picture_url: v.nullable(v.string()),
  /** Interests and personality may seat them in a group (absent on profiles saved before it was asked: yes). */
  seat_by_answers: v.optional(v.boolean()),
})
/** The user_profiles/{uid} document, with its defaults (none for an answer the member did not give). */
export type UserProfileRecord = v.InferOutput<typeof userProfileRecordSchema>

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

/** Saves the member's profile at the end of onboarding (and again when it changes). */
export const saveProfileCall = contract<typeof saveProfileSchema, { saved: true }>('saveProfile', saveProfileSchema, [
  MESSAGES,
  ACCOUNT_MESSAGES,
])

/** What getMyProfile answers. */
export interface MyProfile {
  /** The profile, or null before onboarding has saved one. */
  profile: UserProfileRecord | null
  /** The 10 digits of the mobile verified on the account (by an SMS code), if any. */
  verifiedMobile: string | null
  /** The member may book without a verified mobile (an admin). */
  mobileCheckSkipped: boolean
}

/** The signed-in member's profile, or null before onboarding has saved one, and their verified mobile. */
export const getMyProfileCall = contract<typeof noInputSchema, MyProfile>('getMyProfile', noInputSchema, [
  ACCOUNT_MESSAGES,
])

/** Stores a profile picture; answers the URL to keep in the profile. */
export const uploadProfilePhotoCall = contract<typeof uploadPhotoSchema, { url: string; path: string }>(
  'uploadProfilePhoto',
  uploadPhotoSchema,
  [MESSAGES, ACCOUNT_MESSAGES],
)
