/**
 * Signing up, in and out with Firebase Auth (email and password), and where a member goes
 * next: home when their profile is complete, otherwise the first onboarding step.
 */
import { createUserWithEmailAndPassword, signInWithEmailAndPassword, signOut, updateProfile } from 'firebase/auth'
import type { UserProfileRecord } from '../../domain/profile'
import { clearMemberData, localDb } from '../../lib/db'
import { auth, callFunction } from '../../lib/firebase'
import { ONBOARDING_START } from '../../lib/paths'

export async function signUp(name: string, email: string, password: string): Promise<void> {
  const credential = await createUserWithEmailAndPassword(auth(), email.trim(), password)
  await updateProfile(credential.user, { displayName: name.trim() })
}

export async function signIn(email: string, password: string): Promise<void> {
  await signInWithEmailAndPassword(auth(), email.trim(), password)
}

/** '/' once onboarding is complete (a profile exists on the server), else its first step. */
export async function destinationAfterSignIn(): Promise<string> {
  const { profile } = await callFunction<Record<string, never>, { profile: UserProfileRecord | null }>(
    'getMyProfile',
    {},
  )
  return profile ? '/' : ONBOARDING_START
}

/** Signs out and removes the member's local data (drafts, outbox, stored keys) from this device. */
export async function signOutAndForget(): Promise<void> {
  const uid = auth().currentUser?.uid
  if (uid) await clearMemberData(localDb(), uid)
  localStorage.clear()
  await signOut(auth())
}
