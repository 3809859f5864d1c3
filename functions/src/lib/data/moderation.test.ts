import type { Firestore } from 'firebase-admin/firestore'
import { describe, expect, it } from 'vitest'
import { FakeFirestore } from '../../testing/fake-firestore'
import { readStandings, refusalFor } from './moderation'

describe("a member's standing", () => {
  it('bars by its level alone: a ban whose other fields are missing or odd still refuses the member', async () => {
    const firestore = new FakeFirestore() as unknown as Firestore
    await firestore.doc('moderation/asha').set({ level: 'banned', until: null })
    await firestore.doc('moderation/ravi').set({ level: 'nothing' })
    const now = Date.parse('2026-12-01T12:00:00+05:30')
    expect(await refusalFor(firestore, 'asha', now)).toBeTruthy()
    expect(await refusalFor(firestore, 'ravi', now)).toBeUndefined()
    expect([...(await readStandings(firestore, ['asha', 'ravi'], now)).keys()]).toEqual(['asha'])
  })
})
