import { afterEach, describe, expect, it } from 'vitest'
import type { SaveProfileRequest } from '../../src/domain/profile'
import { callFunction } from '../../src/lib/firebase'
import { adminDb, failure, signOutMember, signUpFreshMember, VALID_PROFILE } from './helpers'

const valid: SaveProfileRequest = { ...VALID_PROFILE, profession: 'tech', interests: ['brunch', 'travel'] }

/** A date of birth that makes someone exactly `years` old today (days: shift later). */
function birthdayYearsAgo(years: number, days = 0): string {
  const india = new Date(Date.now() + 330 * 60_000)
  const date = new Date(Date.UTC(india.getUTCFullYear() - years, india.getUTCMonth(), india.getUTCDate() + days))
  return date.toISOString().slice(0, 10)
}

afterEach(async () => {
  await signOutMember()
})

describe('saveProfile', () => {
  it('writes user_profiles/{uid} from the token, with the spec defaults', async () => {
    const member = await signUpFreshMember()
    await expect(callFunction('saveProfile', valid)).resolves.toEqual({ saved: true })
    const doc = await adminDb().collection('user_profiles').doc(member.uid).get()
    expect(doc.data()).toMatchObject({
      user_id: member.uid,
      email: member.email,
      mobile: '+919876543210',
      name: 'Asha Rao',
      profession: 'tech',
      food_preference: 'both',
      drinking_preference: 'both',
      personality_type: 'ambivert',
      relationship_status: 'single',
      venue_preferences: [],
      interests: '["brunch","travel"]',
      profile_picture_url: null,
    })
  })

  it('is idempotent: completing twice updates the one document and keeps its creation time', async () => {
    const member = await signUpFreshMember()
    await callFunction('saveProfile', valid)
    const ref = adminDb().collection('user_profiles').doc(member.uid)
    const first = await ref.get()
    await callFunction('saveProfile', { ...valid, name: 'Asha R' })
    const second = await ref.get()
    expect(second.get('name')).toBe('Asha R')
    expect(second.get('created_at').isEqual(first.get('created_at'))).toBe(true)
    const all = await adminDb().collection('user_profiles').where('user_id', '==', member.uid).get()
    expect(all.size).toBe(1)
  })

  it('getMyProfile returns only the caller’s own profile', async () => {
    const first = await signUpFreshMember()
    expect(await callFunction('getMyProfile', {})).toEqual({ profile: null })
    await callFunction('saveProfile', valid)
    const mine = await callFunction<unknown, { profile: { user_id: string } }>('getMyProfile', {})
    expect(mine.profile.user_id).toBe(first.uid)
    await signOutMember()
    await signUpFreshMember()
    expect(await callFunction('getMyProfile', {})).toEqual({ profile: null })
    // Asking for someone else's by uid is refused outright: the uid comes from the token only.
    const asking = await failure(callFunction('getMyProfile', { uid: first.uid }))
    expect(asking.code).toBe('functions/invalid-argument')
    expect(asking.message).toMatch(/uid/)
    await signOutMember()
    expect((await failure(callFunction('getMyProfile', {}))).code).toBe('functions/unauthenticated')
  })

  it('needs a signed-in member', async () => {
    const error = await failure(callFunction('saveProfile', valid))
    expect(error.code).toBe('functions/unauthenticated')
  })

  it('cannot touch another member: a second member only ever writes their own document', async () => {
    const first = await signUpFreshMember()
    await callFunction('saveProfile', valid)
    await signOutMember()
    const second = await signUpFreshMember()
    const error = await failure(callFunction('saveProfile', { ...valid, user_id: first.uid, name: 'Intruder' }))
    expect(error.code).toBe('functions/invalid-argument')
    await callFunction('saveProfile', { ...valid, name: 'Second Member' })
    expect((await adminDb().collection('user_profiles').doc(first.uid).get()).get('name')).toBe('Asha Rao')
    expect((await adminDb().collection('user_profiles').doc(second.uid).get()).get('name')).toBe('Second Member')
  })

  it('answers invalid-argument with a readable reason for bad payloads, and writes nothing', async () => {
    const member = await signUpFreshMember()
    const cases: [payload: unknown, reason: RegExp][] = [
      [{ ...valid, dateOfBirth: birthdayYearsAgo(17) }, /at least 18 years old/],
      [{ ...valid, dateOfBirth: birthdayYearsAgo(18, 1) }, /at least 18 years old/],
      [{ ...valid, dateOfBirth: birthdayYearsAgo(61) }, /under 60/],
      [{ ...valid, dateOfBirth: 'yesterday' }, /valid date/],
      [{ ...valid, interests: ['brunch', 'skydiving'] }, /interests.*Unknown interest/],
      [{ ...valid, interests: [] }, /at least one interest/],
      [{ ...valid, mobile: 9876543210 }, /valid 10-digit mobile number/],
      [{ ...valid, mobile: '5876543210' }, /valid 10-digit mobile number/],
      [{ ...valid, name: 'R2D2' }, /valid name/],
      [{ ...valid, gender: 'robot' }, /gender/],
      [{ name: 'Asha Rao' }, /mobile/],
      [[], /mobile: Invalid key/],
      ['profile', /object/i],
    ]
    for (const [payload, reason] of cases) {
      const error = await failure(callFunction('saveProfile', payload))
      expect(error.code, JSON.stringify(payload)).toBe('functions/invalid-argument')
      expect(error.message).toMatch(reason)
    }
    expect((await adminDb().collection('user_profiles').doc(member.uid).get()).exists).toBe(false)
  })
})

// A 1x1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

describe('uploadProfilePhoto', () => {
  it('stores the picture under the member’s own folder and serves the same bytes back', async () => {
    const member = await signUpFreshMember()
    const { url, path } = await callFunction<unknown, { url: string; path: string }>('uploadProfilePhoto', {
      contentType: 'image/png',
      data: PNG.toString('base64'),
    })
    expect(path).toMatch(new RegExp(`^profile-pictures/${member.uid}/\\d+\\.png$`))
    const response = await fetch(url)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true)
  })

  it('refuses what is not an image, whatever the client claims, and anything over 5 MB', async () => {
    await signUpFreshMember()
    const text = await failure(
      callFunction('uploadProfilePhoto', { contentType: 'image/png', data: Buffer.from('hello').toString('base64') }),
    )
    expect(text.code).toBe('functions/invalid-argument')
    expect(text.message).toMatch('Please select an image file')

    const pdf = await failure(callFunction('uploadProfilePhoto', { contentType: 'application/pdf', data: 'AAAA' }))
    expect(pdf.message).toMatch('Please select an image file')

    const big = Buffer.alloc(6 * 1024 * 1024)
    PNG.copy(big)
    const huge = await failure(
      callFunction('uploadProfilePhoto', { contentType: 'image/png', data: big.toString('base64') }),
    )
    expect(huge.code).toBe('functions/invalid-argument')
    expect(huge.message).toMatch('Please select an image smaller than 5MB')
  })

  it('a profile can show only its own member’s picture, never another member’s', async () => {
    const first = await signUpFreshMember()
    const { url: firstUrl } = await callFunction<unknown, { url: string }>('uploadProfilePhoto', {
      contentType: 'image/png',
      data: PNG.toString('base64'),
    })
    await callFunction('saveProfile', { ...valid, profilePictureUrl: firstUrl })
    expect((await adminDb().collection('user_profiles').doc(first.uid).get()).get('profile_picture_url')).toBe(firstUrl)
    await signOutMember()

    const second = await signUpFreshMember()
    const error = await failure(callFunction('saveProfile', { ...valid, profilePictureUrl: firstUrl }))
    expect(error.code).toBe('functions/invalid-argument')
    expect(error.message).toMatch(/profilePictureUrl/)
    expect((await adminDb().collection('user_profiles').doc(second.uid).get()).exists).toBe(false)
    // The first member's picture is still there, byte for byte.
    expect(Buffer.from(await (await fetch(firstUrl)).arrayBuffer()).equals(PNG)).toBe(true)
  })

  it('needs a signed-in member', async () => {
    const error = await failure(
      callFunction('uploadProfilePhoto', { contentType: 'image/png', data: PNG.toString('base64') }),
    )
    expect(error.code).toBe('functions/unauthenticated')
  })
})
