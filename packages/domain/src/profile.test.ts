import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  ageOn,
  dateOfBirthIssue,
  formatMobile,
  fullMobile,
  localMobile,
  MESSAGES,
  mobileDigits,
  mobileSchema,
  nameSchema,
  saveProfileSchema,
  toProfileRecord,
} from './profile'
import { VALID_PROFILE } from './profile.fixture'
import { answerFields, profileAnswers } from './profile-answers'
import { canonicalProfession, PROFESSION_LABELS, PROFESSIONS } from './profile-choices'

const now = new Date('2026-11-22T06:30:00Z') // Sunday 22 Nov 2026, noon in India
const messages = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value)
  return result.success ? [] : result.issues.map((issue) => issue.message)
}

describe('mobile', () => {
  it('accepts 10 digits starting 6-9 and rejects the rest with its message', () => {
    expect(messages(mobileSchema, '9876543210')).toEqual([])
    expect(messages(mobileSchema, '6000000000')).toEqual([])
    for (const bad of ['5876543210', '987654321', '98765432101', '98765 43210', 'abcdefghij', 42]) {
      expect(messages(mobileSchema, bad)).toEqual([MESSAGES.mobileInvalid])
    }
  })

  it('reads digits from what people type and shows two groups of five', () => {
    expect(mobileDigits('+91 98765-43210')).toBe('9876543210')
    expect(mobileDigits('98765 432109999')).toBe('9876543210')
    expect(formatMobile('9876543210')).toBe('98765 43210')
    expect(formatMobile('987')).toBe('987')
  })
})

describe('name', () => {
  it('is trimmed, at least 2 letters, letters and spaces only', () => {
    expect(v.parse(nameSchema, '  Asha Rao ')).toBe('Asha Rao')
    expect(v.parse(nameSchema, 'Zoë')).toBe('Zoë')
    for (const bad of ['A', '  ', 'R2D2', 'Asha!', ' -'])
      expect(messages(nameSchema, bad)).toContain(MESSAGES.nameInvalid)
  })
})

describe('date of birth', () => {
  it('takes ages 18 to 60 inclusive, in the India calendar', () => {
    expect(ageOn('2008-11-22', now)).toBe(18)
    expect(ageOn('2008-11-23', now)).toBe(17)
    expect(dateOfBirthIssue('2008-11-22', now)).toBeUndefined()
    expect(dateOfBirthIssue('2008-11-23', now)).toBe(MESSAGES.tooYoung)
    expect(dateOfBirthIssue('1965-11-23', now)).toBeUndefined() // 60
    expect(dateOfBirthIssue('1965-11-22', now)).toBe(MESSAGES.tooOld) // 61 today
    expect(dateOfBirthIssue('2030-01-01', now)).toBe(MESSAGES.dateInvalid)
    expect(dateOfBirthIssue('2001-02-30', now)).toBe(MESSAGES.dateInvalid)
    expect(dateOfBirthIssue('next tuesday', now)).toBe(MESSAGES.dateInvalid)
  })
})

describe('saveProfile payload', () => {
  const valid = { ...VALID_PROFILE, profession: 'tech', interests: ['brunch', 'travel'] }

  it('accepts a complete profile and fills the defaults', () => {
    const parsed = v.parse(saveProfileSchema, valid)
    expect(toProfileRecord('uid-1', 'asha@example.com', parsed)).toEqual({
      user_id: 'uid-1',
      name: 'Asha Rao',
      email: 'asha@example.com',
      mobile: '+919876543210',
      date_of_birth: '1995-06-15',
      gender: 'female',
      profession: 'tech',
      // No answer onboarding did not ask: food, drinking, personality, relationship status.
      venue_preferences: [],
      interests: '["brunch","travel"]',
      location: 'koramangala',
      bio: '',
      profile_picture_url: null,
      // Interests and personality seat the member in a group unless they say no.
      seat_by_answers: true,
    })
    expect(
      toProfileRecord('uid-1', undefined, v.parse(saveProfileSchema, { ...valid, seatByAnswers: false }))
        .seat_by_answers,
    ).toBe(false)
    expect(
      toProfileRecord('uid-1', undefined, v.parse(saveProfileSchema, { ...valid, profession: undefined })),
    ).toMatchObject({
      email: '',
      profession: 'other',
    })
  })

  it("keeps the booking's answers a save gives, and none it does not (null: not answered)", () => {
    const record = toProfileRecord(
      'uid-1',
      undefined,
      v.parse(saveProfileSchema, { ...valid, foodPreference: 'jain', personalityType: null }),
    )
    expect(record.food_preference).toBe('jain')
    expect(record).not.toHaveProperty('personality_type')
    expect(record).not.toHaveProperty('relationship_status')
    expect(v.safeParse(saveProfileSchema, { ...valid, relationshipStatus: 'single' }).success).toBe(true)
    expect(v.safeParse(saveProfileSchema, { ...valid, foodPreference: 'both' }).issues?.[0]?.message).toBe(
      'Unknown food preference',
    )
    expect(profileAnswers({ food_preference: 'both', personality_type: 'introvert' })).toEqual({
      personalityType: 'introvert',
    })
    // A booking's answers as the profile keeps them: only known ones, by field.
    expect(answerFields({ foodPreference: 'vegan', drinkingPreference: 'both', personalityType: '' })).toEqual({
      food_preference: 'vegan',
    })
  })

  it('rejects unknown interests, no interests, extra fields and a user id', () => {
    expect(v.safeParse(saveProfileSchema, { ...valid, interests: ['skydiving'] }).success).toBe(false)
    expect(v.safeParse(saveProfileSchema, { ...valid, interests: [] }).success).toBe(false)
    expect(v.safeParse(saveProfileSchema, { ...valid, interests: ['art', 'art'] }).success).toBe(false)
    expect(v.safeParse(saveProfileSchema, { ...valid, userId: 'someone-else' }).success).toBe(false)
    expect(v.safeParse(saveProfileSchema, { ...valid, location: '   ' }).success).toBe(false)
  })
})

describe('one list of professions', () => {
  it('has each answer once, with a label of its own', () => {
    expect(new Set(PROFESSIONS).size).toBe(PROFESSIONS.length)
    const labels = PROFESSIONS.map((value) => PROFESSION_LABELS[value])
    expect(new Set(labels).size).toBe(labels.length)
  })

  it("reads an earlier list's value as its own, and refuses what no list had", () => {
    expect(canonicalProfession('tech')).toBe('tech')
    expect(canonicalProfession('technology')).toBe('tech')
    expect(canonicalProfession('software_engineer')).toBe('tech')
    expect(canonicalProfession('entrepreneurship')).toBe('entrepreneur')
    expect(canonicalProfession('toString')).toBeUndefined()
    expect(canonicalProfession('astronaut')).toBeUndefined()
    expect(v.parse(saveProfileSchema, { ...VALID_PROFILE, profession: 'designer' }).profession).toBe('creative')
    expect(messages(saveProfileSchema, { ...VALID_PROFILE, profession: 'astronaut' })).toEqual(['Unknown profession'])
    expect(messages(saveProfileSchema, { ...VALID_PROFILE, profession: 7 })).toEqual(['Unknown profession'])
  })
})

describe('the mobile with and without the country code', () => {
  it('stores +91 and the 10 digits, and gives the 10 digits back', () => {
    expect(fullMobile('9876543210')).toBe('+919876543210')
    expect(localMobile('+919876543210')).toBe('9876543210')
    expect(localMobile('9876543210')).toBe('9876543210')
  })
})
