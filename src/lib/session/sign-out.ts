/** Signing out: from the account pages and from the onboarding steps alike. */
import { signOut } from 'firebase/auth'
import { clearMemberData, localDb } from '../db'
import { auth } from '../firebase'
import { settleAuth, signingOut, useAuthStore } from './auth-store'

/**
 * Signs out and removes the member's local data (drafts, outbox, bookings, profile, stored keys)
 * from this device at once. Firebase's own sign-out waits for Auth to finish starting, which a
 * hanging connection holds up to 30 s: until it is done, a mark in localStorage makes the next
 * start finish it instead of signing the member back in (auth-store.ts).
 */
export async function signOutAndForget(): Promise<void> {
  const uid = useAuthStore.getState().member?.uid ?? auth().currentUser?.uid
  if (uid) await clearMemberData(localDb(), uid)
  localStorage.clear()
  signingOut(true)
  settleAuth(null)
  await signOut(auth())
  signingOut(false)
}
