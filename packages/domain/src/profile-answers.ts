/**
 * The booking's answers the member's profile keeps (food preference, personality type, drinking
 * preference, relationship status): their lists, and how an answer goes between a request (by key)
 * and the profile (by field).
 */

export const FOOD_PREFERENCES = ['vegetarian', 'non_vegetarian', 'vegan', 'jain'] as const
export const PERSONALITY_TYPES = ['extrovert', 'introvert', 'ambivert'] as const
export const DRINKING_PREFERENCES = ['social_drinker', 'occasional', 'non_drinker', 'regular'] as const
export const RELATIONSHIP_STATUSES = ['single', 'in_relationship', 'married', 'prefer_not_to_say'] as const

/**
 * The answers asked when booking (the groups and the host's evening), each kept on the profile once
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
