/** Signing out: from the account pages and from the onboarding steps alike. */
import { signOut } from 'firebase/auth'
import { clearMemberData, localDb } from '../db'
import { auth } from '../firebase'

/** Signs out and removes the member's local data (drafts, outbox, stored keys) from this device. */
export async function signOutAndForget(): Promise<void> {
  const uid = auth().currentUser?.uid
  if (uid) await clearMemberData(localDb(), uid)
  localStorage.clear()
  await signOut(auth())
}
