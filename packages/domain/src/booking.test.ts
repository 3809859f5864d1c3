import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { createBookingSchema } from './booking'
import { MAX_EMAIL_LENGTH, MESSAGES } from './profile'
import { INTERESTS } from './profile-choices'

/** The largest request the schema accepts: every string at its longest, every list at its fullest. */
const largest = {
  eventId: 'first-hello-stranger-meetup',
  eventDate: '2026-11-28',
  tier: 'girls',
  amount: 499,
  userProfile: {
    name: `A${' b'.repeat(29)}`,
    email: `${'a'.repeat(MAX_EMAIL_LENGTH - '@example.test'.length)}@example.test`,
    mobile: '9876543210',
    dateOfBirth: '1995-06-15',
    profession: 'software_engineer',
    foodPreference: 'non_vegetarian',
    personalityType: 'extrovert',
    drinkingPreference: 'social_drinker',
    relationshipStatus: 'prefer_not_to_say',
    interests: [...INTERESTS],
    termsAccepted: true,
  },
}

describe('what a booking request may hold', () => {
  it('the largest valid request is a few hundred bytes: a booking document stays far below 1 MiB', () => {
    expect(v.safeParse(createBookingSchema, largest).success).toBe(true)
    expect(JSON.stringify(largest).length).toBeLessThan(2_000)
  })

  it('refuses anything longer or fuller, with a reason', () => {
    const { userProfile } = largest
    const over = [
      { ...userProfile, email: `a${userProfile.email}` },
      { ...userProfile, interests: [...INTERESTS, 'brunch'] },
      { ...userProfile, interests: ['brunch', 'brunch'] },
      { ...userProfile, name: 'A'.repeat(61) },
    ]
    for (const profile of over) {
      const result = v.safeParse(createBookingSchema, { ...largest, userProfile: profile })
      expect(result.success).toBe(false)
      expect(result.issues?.[0]?.message.length).toBeGreaterThan(5)
    }
  })

  it("the person a seat is for meets the profile's rules: a real date, 18 or older, the same messages", () => {
    const attendee = (dateOfBirth: string) =>
      v.safeParse(createBookingSchema, { ...largest, userProfile: { ...largest.userProfile, dateOfBirth } })
    const now = new Date()
    const elevenYearsAgo = `${now.getUTCFullYear() - 11}-01-01`
    expect(attendee(elevenYearsAgo).issues?.[0]?.message).toBe(MESSAGES.tooYoung)
    expect(attendee('1800-02-30').issues?.[0]?.message).toBe(MESSAGES.dateInvalid)
    expect(attendee('2015-13-01').issues?.[0]?.message).toBe(MESSAGES.dateInvalid)
    expect(attendee(`${now.getUTCFullYear() - 70}-01-01`).issues?.[0]?.message).toBe(MESSAGES.tooOld)
    expect(attendee('1995-06-15').success).toBe(true)
  })
})
