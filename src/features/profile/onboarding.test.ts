import { describe, expect, it } from 'vitest'
import { fitWithin, photoProblem } from './photo'
import { payloadFromDraft } from './profile-payload'
import { PROFILE_FORM_PATH, pathAfter, STEP_PATHS, stepInfo, stepNumber } from './steps'

describe('the onboarding steps', () => {
  it('number 8 steps with a back button between the first and the last', () => {
    expect(stepInfo('/onboarding/mobile')).toEqual({ step: 1, label: 'Step 1 of 8', back: undefined })
    expect(stepInfo('/onboarding/date-of-birth')).toEqual({ step: 3, label: 'Step 3 of 8', back: '/onboarding/name' })
    expect(stepInfo('/onboarding/location/')).toMatchObject({ step: 7, back: '/onboarding/interests' })
    expect(stepInfo('/onboarding/complete')).toEqual({ step: 8, label: 'Step 8 of 8', back: undefined })
    expect(stepInfo('/onboarding/profile')).toEqual({ step: 4, label: 'Steps 1–4 of 8' })
    expect(stepInfo('/events')).toBeUndefined()
  })

  it("take each step's number and the next step from the one ordered list", () => {
    expect(STEP_PATHS.map(stepNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(pathAfter(stepNumber('/onboarding/mobile'))).toBe('/onboarding/name')
    expect(pathAfter(stepNumber(PROFILE_FORM_PATH))).toBe('/onboarding/preferences')
    expect(pathAfter(stepNumber('/onboarding/location'))).toBe('/onboarding/complete')
    expect(() => pathAfter(stepNumber('/onboarding/complete'))).toThrow(/No onboarding step after step 8/)
  })
})

describe('the saveProfile payload from a draft', () => {
  const complete = {
    mobile: '9876543210',
    name: ' Asha Rao ',
    dateOfBirth: '1995-06-15',
    profession: 'tech',
    gender: 'female',
    interests: ['brunch'],
    area: '',
    typedArea: ' Sarjapur ',
  }

  it('uses the typed area when no card is chosen, and trims', () => {
    expect(payloadFromDraft(complete)).toEqual({
      ok: true,
      payload: { ...complete, name: 'Asha Rao', area: undefined, typedArea: undefined, location: 'Sarjapur' },
    })
  })

  it("sends the booking's answers only from a form that shows them: as chosen, or null when left at Choose…", () => {
    const onboarding = payloadFromDraft(complete)
    expect(onboarding.ok && Object.keys(onboarding.payload)).toEqual(expect.not.arrayContaining(['foodPreference']))
    expect(
      payloadFromDraft({
        ...complete,
        foodPreference: 'vegetarian',
        personalityType: '',
        drinkingPreference: '',
        relationshipStatus: '',
      }),
    ).toMatchObject({
      ok: true,
      payload: {
        foodPreference: 'vegetarian',
        personalityType: null,
        drinkingPreference: null,
        relationshipStatus: null,
      },
    })
  })

  it('names the step that collects what is missing or wrong', () => {
    expect(payloadFromDraft({})).toMatchObject({ ok: false, step: '/onboarding/mobile' })
    expect(payloadFromDraft({ ...complete, interests: [] })).toMatchObject({
      ok: false,
      step: '/onboarding/interests',
      message: 'Please choose at least one interest',
    })
    expect(payloadFromDraft({ ...complete, typedArea: '  ' })).toMatchObject({
      ok: false,
      step: '/onboarding/location',
    })
    expect(payloadFromDraft({ ...complete, gender: undefined })).toMatchObject({ step: '/onboarding/preferences' })
  })
})

describe('profile pictures in the browser', () => {
  it('refuse what is not an image and anything over 5 MB, with their messages', () => {
    expect(photoProblem({ type: 'application/pdf', size: 10 })).toEqual({
      title: 'Invalid file type',
      description: 'Please select an image file',
    })
    expect(photoProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toEqual({
      title: 'File too large',
      description: 'Please select an image smaller than 5MB',
    })
    expect(photoProblem({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeUndefined()
  })

  it('are scaled to fit 1024 px, keeping proportions and never enlarged', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1024, height: 768 })
    expect(fitWithin(3000, 6000)).toEqual({ width: 512, height: 1024 })
    expect(fitWithin(300, 200)).toEqual({ width: 300, height: 200 })
  })
})
