import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { SaveProfileRequest } from '@yaari/domain/profile'
import { getMyProfileCall, saveProfileCall, uploadProfilePhotoCall } from '@yaari/domain/profile'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { stackPorts, stackSecret } from '../../dev/lib/config.mjs'
import { callFunction } from '../../src/lib/firebase'
import { adminDb, callAnything, failure, signOutMember, signUpFreshMember, VALID_PROFILE } from './helpers'

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
  it('writes user_profiles/{uid} from the token, with the profile defaults and no answer the member did not give', async () => {
    const member = await signUpFreshMember()
    await expect(callFunction(saveProfileCall, valid)).resolves.toEqual({ saved: true })
    const doc = await adminDb().collection('user_profiles').doc(member.uid).get()
    expect(doc.data()).toMatchObject({
      user_id: member.uid,
      email: member.email,
      mobile: '+919876543210',
      name: 'Asha Rao',
      profession: 'tech',
      venue_preferences: [],
      interests: '["brunch","travel"]',
      profile_picture_url: null,
    })
    for (const unasked of ['food_preference', 'drinking_preference', 'personality_type', 'relationship_status']) {
      expect(doc.get(unasked)).toBeUndefined()
    }
  })

  it("keeps the booking's answers a save does not mention, removes one sent as null, and refuses an unknown one", async () => {
    const member = await signUpFreshMember()
    const stored = async () => (await adminDb().collection('user_profiles').doc(member.uid).get()).data()
    await callFunction(saveProfileCall, { ...valid, foodPreference: 'vegan', personalityType: 'introvert' })
    expect(await stored()).toMatchObject({ food_preference: 'vegan', personality_type: 'introvert' })
    // Onboarding's save mentions none of them: the member's answers stay.
    await callFunction(saveProfileCall, valid)
    expect(await stored()).toMatchObject({ food_preference: 'vegan', personality_type: 'introvert' })
    // The profile page sends one left at "Choose…" as null: removed, the others kept.
    await callFunction(saveProfileCall, { ...valid, foodPreference: null })
    expect(await stored()).not.toHaveProperty('food_preference')
    expect((await stored())?.personality_type).toBe('introvert')
    const refused = await failure(callAnything(saveProfileCall, { ...valid, foodPreference: 'both' }))
    expect(refused.code).toBe('functions/invalid-argument')
    expect(refused.message).toMatch(/Unknown food preference/)
  })

  it('is idempotent: completing twice updates the one document and keeps its creation time', async () => {
    const member = await signUpFreshMember()
    await callFunction(saveProfileCall, valid)
    const ref = adminDb().collection('user_profiles').doc(member.uid)
    const first = await ref.get()
    await callFunction(saveProfileCall, { ...valid, name: 'Asha R' })
    const second = await ref.get()
    expect(second.get('name')).toBe('Asha R')
    expect(second.get('created_at').isEqual(first.get('created_at'))).toBe(true)
    const all = await adminDb().collection('user_profiles').where('user_id', '==', member.uid).get()
    expect(all.size).toBe(1)
  })

  it('getMyProfile returns only the caller’s own profile', async () => {
    const first = await signUpFreshMember()
    expect(await callFunction(getMyProfileCall, {})).toEqual({
      profile: null,
      verifiedMobile: null,
      mobileCheckSkipped: true,
    })
    await callFunction(saveProfileCall, valid)
    const mine = await callFunction(getMyProfileCall, {})
    expect(mine.profile?.user_id).toBe(first.uid)
    await signOutMember()
    await signUpFreshMember()
    expect(await callFunction(getMyProfileCall, {})).toEqual({
      profile: null,
      verifiedMobile: null,
      mobileCheckSkipped: true,
    })
    // Asking for someone else's by uid is refused outright: the uid comes from the token only.
    const asking = await failure(callFunction(getMyProfileCall, { uid: first.uid }))
    expect(asking.code).toBe('functions/invalid-argument')
    expect(asking.message).toMatch(/uid/)
    await signOutMember()
    expect((await failure(callFunction(getMyProfileCall, {}))).code).toBe('functions/unauthenticated')
  })

  it('needs a signed-in member', async () => {
    const error = await failure(callFunction(saveProfileCall, valid))
    expect(error.code).toBe('functions/unauthenticated')
  })

  it('cannot touch another member: a second member only ever writes their own document', async () => {
    const first = await signUpFreshMember()
    await callFunction(saveProfileCall, valid)
    await signOutMember()
    const second = await signUpFreshMember()
    const error = await failure(callAnything(saveProfileCall, { ...valid, user_id: first.uid, name: 'Intruder' }))
    expect(error.code).toBe('functions/invalid-argument')
    await callFunction(saveProfileCall, { ...valid, name: 'Second Member' })
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
      [[], /^A request is a set of named fields, not a list\.$/],
      ['profile', /object/i],
    ]
    for (const [payload, reason] of cases) {
      const error = await failure(callAnything(saveProfileCall, payload))
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

const upload = (image: Buffer) =>
  callFunction(uploadProfilePhotoCall, {
    contentType: 'image/jpeg',
    data: image.toString('base64'),
  })

/** What the photo store holds in a member's folder (its own listing, with the stack's secret). */
async function storedPhotos(uid: string): Promise<string[]> {
  const prefix = encodeURIComponent(`profile-pictures/${uid}/`)
  const response = await fetch(`http://127.0.0.1:${stackPorts().photos}/list?prefix=${prefix}`, {
    headers: { 'x-photo-store-secret': stackSecret() },
  })
  return ((await response.json()) as { paths: string[] }).paths
}

describe('uploadProfilePhoto', () => {
  it('stores a re-encoded JPEG under the member’s own folder, served with nosniff', async () => {
    const member = await signUpFreshMember()
    const { url, path } = await callFunction(uploadProfilePhotoCall, {
      contentType: 'image/png',
      data: PNG.toString('base64'),
    })
    expect(path).toMatch(new RegExp(`^profile-pictures/${member.uid}/\\d+\\.jpg$`))
    const response = await fetch(url)
    expect(response.headers.get('content-type')).toBe('image/jpeg')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    const served = Buffer.from(await response.arrayBuffer())
    expect(await sharp(served).metadata()).toMatchObject({ format: 'jpeg', width: 1, height: 1 })
  })

  it('keeps no EXIF or GPS, turns the picture upright, and keeps at most 1024 px a side', async () => {
    await signUpFreshMember()
    // 2000x1000 landscape, stored rotated (EXIF orientation 6), with a camera's GPS position.
    const photo = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#c04020' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1' } })
      .toBuffer()
    expect(await sharp(photo).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) })
    expect(photo.includes(Buffer.from('PhoneCo'))).toBe(true)
    const { url } = await upload(photo)
    const stored = Buffer.from(await (await fetch(url)).arrayBuffer())
    const meta = await sharp(stored).metadata()
    expect(meta.exif).toBeUndefined()
    expect(meta.orientation).toBeUndefined()
    expect(stored.includes(Buffer.from('PhoneCo'))).toBe(false)
    expect([meta.width, meta.height]).toEqual([512, 1024]) // upright: portrait, longest side 1024
  })

  it('refuses a JPEG header followed by HTML: only a decodable image is stored', async () => {
    const member = await signUpFreshMember()
    const polyglot = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('<html><script>alert(1)</script>'),
    ])
    const error = await failure(upload(polyglot))
    expect(error.code).toBe('functions/invalid-argument')
    expect(error.message).toMatch('Please select an image file')
    expect(await storedPhotos(member.uid)).toEqual([])
  })

  it('allows 10 uploads a member a day, then says so', async () => {
    const member = await signUpFreshMember()
    for (let i = 0; i < 10; i++) await upload(PNG)
    const error = await failure(upload(PNG))
    expect(error.code).toBe('functions/resource-exhausted')
    expect(error.message).toBe('You have uploaded 10 photos today. Please try again tomorrow.')
    expect(await storedPhotos(member.uid)).toHaveLength(10)
  }, 60_000)

  it('deletes the replaced picture (and uploads never saved) when the profile is saved', async () => {
    const member = await signUpFreshMember()
    const first = await upload(PNG)
    await callFunction(saveProfileCall, { ...valid, profilePictureUrl: first.url })
    const unused = await upload(PNG)
    const second = await upload(PNG)
    expect(await storedPhotos(member.uid)).toHaveLength(3)
    await callFunction(saveProfileCall, { ...valid, profilePictureUrl: second.url })
    expect(await storedPhotos(member.uid)).toEqual([second.path])
    expect((await fetch(first.url)).status).toBe(404)
    expect((await fetch(unused.url)).status).toBe(404)
    expect((await fetch(second.url)).status).toBe(200)
  })

  it('refuses what is not an image, whatever the client claims, and anything over 5 MB', async () => {
    await signUpFreshMember()
    const text = await failure(
      callFunction(uploadProfilePhotoCall, { contentType: 'image/png', data: Buffer.from('hello').toString('base64') }),
    )
    expect(text.code).toBe('functions/invalid-argument')
    expect(text.message).toMatch('Please select an image file')

    const pdf = await failure(callAnything(uploadProfilePhotoCall, { contentType: 'application/pdf', data: 'AAAA' }))
    expect(pdf.message).toMatch('Please select an image file')

    const big = Buffer.alloc(6 * 1024 * 1024)
    PNG.copy(big)
    const huge = await failure(
      callFunction(uploadProfilePhotoCall, { contentType: 'image/png', data: big.toString('base64') }),
    )
    expect(huge.code).toBe('functions/invalid-argument')
    expect(huge.message).toMatch('Please select an image smaller than 5MB')
  })

  it('a profile can show only its own member’s picture, never another member’s', async () => {
    const first = await signUpFreshMember()
    const { url: firstUrl } = await callFunction(uploadProfilePhotoCall, {
      contentType: 'image/png',
      data: PNG.toString('base64'),
    })
    await callFunction(saveProfileCall, { ...valid, profilePictureUrl: firstUrl })
    expect((await adminDb().collection('user_profiles').doc(first.uid).get()).get('profile_picture_url')).toBe(firstUrl)
    await signOutMember()

    const second = await signUpFreshMember()
    const error = await failure(callFunction(saveProfileCall, { ...valid, profilePictureUrl: firstUrl }))
    expect(error.code).toBe('functions/invalid-argument')
    expect(error.message).toMatch(/profilePictureUrl/)
    expect((await adminDb().collection('user_profiles').doc(second.uid).get()).exists).toBe(false)
    // The first member's picture is still there.
    expect((await fetch(firstUrl)).status).toBe(200)
  })

  it('needs a signed-in member', async () => {
    const error = await failure(
      callFunction(uploadProfilePhotoCall, { contentType: 'image/png', data: PNG.toString('base64') }),
    )
    expect(error.code).toBe('functions/unauthenticated')
  })
})

describe('the migration of invented answers (npm run forget-invented-answers)', () => {
  it('removes each answer an earlier save invented, keeps any other value, and changes nothing the second time', async () => {
    const saved = async () => {
      const member = await signUpFreshMember()
      await callFunction(saveProfileCall, valid)
      await signOutMember()
      return adminDb().collection('user_profiles').doc(member.uid)
    }
    // As saves before the change left them: every unasked answer at its invented default...
    const legacy = await saved()
    await legacy.update({
      food_preference: 'both',
      drinking_preference: 'both',
      personality_type: 'ambivert',
      relationship_status: 'single',
    })
    // ...a profile whose value is not the invented one (set by hand)...
    const kept = await saved()
    await kept.update({ food_preference: 'vegetarian', personality_type: 'introvert' })
    // ...and a member who gave answers equal to two defaults, as the profile page saves them.
    const given = await signUpFreshMember()
    await callFunction(saveProfileCall, { ...valid, personalityType: 'ambivert', relationshipStatus: 'single' })
    await signOutMember()
    const chosen = adminDb().collection('user_profiles').doc(given.uid)

    const { GOOGLE_CLOUD_PROJECT: _, ...local } = process.env
    const run = () => promisify(execFile)('node', ['dev/ops.mjs', 'forget-invented-answers'], { env: local })
    expect((await run()).stdout).toMatch(
      /Removed invented answers from the profiles of demo-[\w-]+: food_preference \d+/,
    )
    const after = (await legacy.get()).data()
    for (const field of ['food_preference', 'drinking_preference', 'personality_type', 'relationship_status']) {
      expect(after).not.toHaveProperty(field)
    }
    expect(after).toMatchObject({ name: 'Asha Rao', profession: 'tech' })
    expect((await kept.get()).data()).toMatchObject({ food_preference: 'vegetarian', personality_type: 'introvert' })
    expect((await chosen.get()).data()).toMatchObject({ personality_type: 'ambivert', relationship_status: 'single' })

    const again = (await run()).stdout
    expect(again).toContain('food_preference 0, drinking_preference 0, personality_type 0, relationship_status 0')
  })
})
