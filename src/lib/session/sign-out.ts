/** Signing out: from the account pages and from the onboarding steps alike. */
import { removePushSubscriptionCall } from '@yaari/domain/notifications'
import { call } from '../call'
import { clearMemberData, localDb } from '../db'
import { auth, signOutOfAuth } from '../firebase'
import { currentSubscription, devicePush, rememberPush } from '../push-device'
import { settleAuth, signingOut, useAuthStore } from './auth-store'

/** How long signing out waits for this device's notifications to be turned off. */
const PUSH_OFF_MS = 3_000

/**
 * The next person on this device must not get the member's notifications: the server forgets this
 * device's subscription and the browser drops it, side by side. Best effort and quick: whatever
 * the server says the browser drops it (a push still sent to it is refused as gone), and a hanging
 * line holds sign-out up for a few seconds at most.
 */
async function stopPush(): Promise<void> {
  const stored = devicePush()
  if (!stored) return
  let timer: ReturnType<typeof setTimeout> | undefined
  const stopping = (async () => {
    const subscription = await currentSubscription().catch(() => null)
    await Promise.allSettled([
      call(
        removePushSubscriptionCall,
        { endpoint: subscription?.endpoint ?? stored.endpoint },
        { timeoutMs: PUSH_OFF_MS },
      ),
      subscription?.unsubscribe(),
    ])
  })()
  const waited = new Promise((resolve) => {
    timer = setTimeout(resolve, PUSH_OFF_MS)
  })
  await Promise.race([stopping, waited])
  clearTimeout(timer)
  rememberPush(undefined)
}

/**
 * Signs out and removes the member's local data (drafts, outbox, bookings, profile, stored keys)
 * from this device at once. Firebase's own sign-out waits for Auth to finish starting, which a
 * hanging connection holds up to 30 s, so it is not waited for: the member is signed out on this
 * device now, and until Firebase's sign-out is done a mark in localStorage makes Auth's answer
 * (or the next start) finish it instead of signing the member back in (auth-store.ts).
 */
export async function signOutAndForget(): Promise<void> {
  // First, while the member's token still works.
  await stopPush()
  const uid = useAuthStore.getState().member?.uid ?? auth().currentUser?.uid
  if (uid) await clearMemberData(localDb(), uid)
  localStorage.clear()
  signingOut(true)
  settleAuth(null)
  void signOutOfAuth().then(
    () => signingOut(false),
    () => undefined, // the mark stays: the next start finishes it
  )
}
