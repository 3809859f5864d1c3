/**
 * Test fixtures for the backend: a fresh signed-in member per test (Auth emulator) and an
 * admin handle on the Firestore stand-in for arranging and checking data.
 */
import { randomUUID } from 'node:crypto'
import { FirebaseError } from 'firebase/app'
import { createUserWithEmailAndPassword, signOut, type User } from 'firebase/auth'
import { getApps as adminApps, initializeApp as initAdmin } from 'firebase-admin/app'
import { getFirestore } from 'firebase-admin/firestore'
import { expect } from 'vitest'
import { auth } from '../../src/lib/firebase'

export { VALID_PROFILE } from '../../src/domain/profile.fixture'

export const PROJECT_ID = 'demo-yaari'

export function adminDb() {
  if (adminApps().length === 0) initAdmin({ projectId: PROJECT_ID })
  return getFirestore()
}

/** Signs up a brand-new member on the Auth emulator and leaves them signed in. */
export async function signUpFreshMember(): Promise<User> {
  const email = `member-${randomUUID()}@example.test`
  const credential = await createUserWithEmailAndPassword(auth(), email, 'correct-horse-42')
  return credential.user
}

export async function signOutMember(): Promise<void> {
  await signOut(auth())
}

/** The FirebaseError a call fails with (the test fails if it succeeds). */
export async function failure(call: Promise<unknown>): Promise<FirebaseError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(FirebaseError)
  return error as FirebaseError
}
