import type { Firestore } from 'firebase-admin/firestore'
import { describe, expect, it } from 'vitest'
import { FakeFirestore } from '../testing/fake-firestore'
import { profileEmail, readProfile, withoutTimestamps } from './store'

describe('the profile store', () => {
  const setup = async () => {
    const firestore = new FakeFirestore() as unknown as Firestore
    await firestore
      .doc('user_profiles/asha')
      .set({ user_id: 'asha', name: 'Asha', email: 'asha@example.com', created_at: 1, updated_at: 2 })
    await firestore.doc('user_profiles/ravi').set({ user_id: 'ravi', name: 'Ravi', email: 'not an address' })
    return firestore
  }

  it('reads a profile, undefined before onboarding', async () => {
    const firestore = await setup()
    expect((await readProfile(firestore, 'asha'))?.name).toBe('Asha')
    expect(await readProfile(firestore, 'nobody')).toBeUndefined()
  })

  it('gives the profile without the times it was written', async () => {
    const profile = (await readProfile(await setup(), 'asha'))!
    expect(withoutTimestamps(profile)).toEqual({ user_id: 'asha', name: 'Asha', email: 'asha@example.com' })
  })

  it("gives a member's email only when it is an address", async () => {
    const firestore = await setup()
    expect(await profileEmail(firestore, 'asha')).toBe('asha@example.com')
    expect(await profileEmail(firestore, 'ravi')).toBeUndefined()
    expect(await profileEmail(firestore, 'nobody')).toBeUndefined()
  })
})
