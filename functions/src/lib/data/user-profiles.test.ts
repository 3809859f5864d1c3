import type { UserProfileRecord } from '@yaari/domain/profile'
import type { Firestore } from 'firebase-admin/firestore'
import { describe, expect, it } from 'vitest'
import { FakeFirestore } from '../../testing/fake-firestore'
import { profileEmail, readProfile, readProfiles, storedEmail, withoutTimestamps } from './user-profiles'

const profile = (uid: string, name: string, email: string): UserProfileRecord => ({
  user_id: uid,
  name,
  email,
  mobile: '+919876543210',
  date_of_birth: '1995-04-12',
  gender: 'female',
  profession: 'tech',
  venue_preferences: [],
  interests: '["music"]',
  location: 'Indiranagar',
  bio: '',
  profile_picture_url: null,
  seat_by_answers: true,
})

describe('the profile store', () => {
  const setup = async () => {
    const firestore = new FakeFirestore() as unknown as Firestore
    await firestore
      .doc('user_profiles/asha')
      .set({ ...profile('asha', 'Asha', 'asha@example.com'), created_at: 1, updated_at: 2 })
    await firestore.doc('user_profiles/ravi').set(profile('ravi', 'Ravi', 'not an address'))
    // A document that holds no profile (written by hand): read as none, its email still found to forget.
    await firestore.doc('user_profiles/odd').set({ user_id: 'odd', email: 'odd@example.com' })
    return firestore
  }

  it('reads a profile, undefined before onboarding', async () => {
    const firestore = await setup()
    expect((await readProfile(firestore, 'asha'))?.name).toBe('Asha')
    expect(await readProfile(firestore, 'nobody')).toBeUndefined()
  })

  it('gives the profile without the times it was written', async () => {
    const stored = (await readProfile(await setup(), 'asha'))!
    expect(withoutTimestamps(stored)).toEqual(profile('asha', 'Asha', 'asha@example.com'))
  })

  it("gives a member's email only when it is an address", async () => {
    const firestore = await setup()
    expect(await profileEmail(firestore, 'asha')).toBe('asha@example.com')
    expect(await profileEmail(firestore, 'ravi')).toBeUndefined()
    expect(await profileEmail(firestore, 'nobody')).toBeUndefined()
  })

  it('checks each profile it reads: one that is not whole is none, though its email is found to forget', async () => {
    const firestore = await setup()
    expect(await readProfile(firestore, 'odd')).toBeUndefined()
    expect([...(await readProfiles(firestore, ['asha', 'odd', 'nobody'])).keys()]).toEqual(['asha'])
    expect(await storedEmail(firestore, 'odd')).toBe('odd@example.com')
  })
})
