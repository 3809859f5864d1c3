/**
 * exportMyData and deleteMyAccount through the Functions emulator and the Auth emulator: only the
 * signed-in member, only their own data, a deletion done twice is harmless, and the sign-in is
 * really gone.
 */

import { deleteMyAccountCall, exportMyDataCall } from '@yaari/domain/account'
import { saveProfileCall } from '@yaari/domain/profile'
import { signInWithEmailAndPassword } from 'firebase/auth'
import { afterEach, describe, expect, it } from 'vitest'
import { auth, callFunction } from '../../src/lib/firebase'
import { adminDb, callAnything, failure, signOutMember, signUpFreshMember, VALID_PROFILE } from './helpers'

afterEach(async () => {
  await signOutMember()
})

describe('exportMyData and deleteMyAccount', () => {
  it('refuse a caller who is not signed in', async () => {
    await signOutMember()
    expect((await failure(callFunction(exportMyDataCall, {}))).code).toBe('functions/unauthenticated')
    expect((await failure(callFunction(deleteMyAccountCall, {}))).code).toBe('functions/unauthenticated')
  })

  it("export only the caller's data, and take no one else's id", async () => {
    const other = await signUpFreshMember()
    await callFunction(saveProfileCall, { ...VALID_PROFILE, name: 'Other Member' })
    const me = await signUpFreshMember()
    await callFunction(saveProfileCall, VALID_PROFILE)
    const data = await callFunction(exportMyDataCall, {})
    expect(data.account).toEqual({ user_id: me.uid, email: me.email })
    expect(data.profile).toMatchObject({ user_id: me.uid, name: VALID_PROFILE.name })
    expect(JSON.stringify(data)).not.toContain(other.uid)
    const named = await failure(callAnything(exportMyDataCall, { uid: other.uid }))
    expect(named.code).toBe('functions/invalid-argument')
    expect((await failure(callAnything(deleteMyAccountCall, { uid: other.uid }))).code).toBe(
      'functions/invalid-argument',
    )
    expect((await adminDb().collection('user_profiles').doc(other.uid).get()).exists).toBe(true)
  })

  it("delete the caller's account and nothing else; a second delete is harmless", async () => {
    const other = await signUpFreshMember()
    await callFunction(saveProfileCall, { ...VALID_PROFILE, name: 'Other Member' })
    const me = await signUpFreshMember()
    const email = me.email!
    await callFunction(saveProfileCall, VALID_PROFILE)
    await expect(callFunction(deleteMyAccountCall, {})).resolves.toEqual({ deleted: true })
    // The same token again (a retry after a lost answer): nothing left to do, no error.
    await expect(callFunction(deleteMyAccountCall, {})).resolves.toEqual({ deleted: true })

    expect((await adminDb().collection('user_profiles').doc(me.uid).get()).exists).toBe(false)
    const confirmations = await adminDb().collection('mail').where('to', '==', email).get()
    expect(confirmations.docs.map((doc) => doc.get('kind'))).toEqual(['account-deleted'])
    expect((await adminDb().collection('user_profiles').doc(other.uid).get()).get('name')).toBe('Other Member')
    await signOutMember()
    const signIn = await failure(signInWithEmailAndPassword(auth(), email, 'correct-horse-42'))
    expect(['auth/user-not-found', 'auth/invalid-credential']).toContain(signIn.code)
  })
})
