/**
 * The only module that imports the Firebase web SDK (a test in dev/lint keeps it so). Everything
 * is created lazily on first use, so pages that never talk to the backend (the home page) never
 * load Firebase. The browser uses Auth directly (the account actions below) and reaches all data
 * through callable functions, which the app calls through `call` (lib/call.ts) and nothing else
 * (no direct Firestore or Storage access from the client: docs/decisions/0001-writes-through-functions.md).
 */

import type { CallableContract, RequestOf, ResponseOf } from '@yaari/domain/callable'
import { type FirebaseApp, getApps, initializeApp } from 'firebase/app'
import {
  type Auth,
  applyActionCode,
  browserLocalPersistence,
  confirmPasswordReset,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  getAdditionalUserInfo,
  indexedDBLocalPersistence,
  initializeAuth,
  inMemoryPersistence,
  linkWithCredential,
  onAuthStateChanged,
  PhoneAuthProvider,
  RecaptchaVerifier,
  reauthenticateWithCredential,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithCredential,
  signInWithEmailAndPassword,
  signOut,
  type User,
  updatePhoneNumber,
  updateProfile,
  verifyPasswordResetCode,
} from 'firebase/auth'
import { connectFunctionsEmulator, type Functions, getFunctions, httpsCallable } from 'firebase/functions'
import { clientConfig } from './client-config'

let app: FirebaseApp | undefined
let authInstance: Auth | undefined
let functionsInstance: Functions | undefined
let appCheckStarted: Promise<void> | undefined

/**
 * Firebase App Check, when the build has a site key (VITE_APP_CHECK_SITE_KEY): reCAPTCHA
 * Enterprise attests that calls come from this site, and the SDK attaches its token to every
 * callable (createBooking and uploadProfilePhoto refuse calls without one). Without a key it is
 * never loaded.
 */
function startAppCheck(): Promise<void> {
  const siteKey = clientConfig.appCheckSiteKey
  if (!siteKey) return Promise.resolve()
  appCheckStarted ??= import('firebase/app-check').then(({ initializeAppCheck, ReCaptchaEnterpriseProvider }) => {
    initializeAppCheck(firebaseApp(), {
      provider: new ReCaptchaEnterpriseProvider(siteKey),
      isTokenAutoRefreshEnabled: true,
    })
  })
  return appCheckStarted
}

function firebaseApp(): FirebaseApp {
  if (!app) {
    app =
      getApps()[0] ??
      initializeApp({
        apiKey: clientConfig.apiKey,
        authDomain: clientConfig.authDomain,
        projectId: clientConfig.projectId,
        appId: clientConfig.appId,
        storageBucket: clientConfig.storageBucket,
      })
  }
  return app
}

export function auth(): Auth {
  if (!authInstance) {
    const persistence =
      typeof indexedDB === 'undefined' ? inMemoryPersistence : [indexedDBLocalPersistence, browserLocalPersistence]
    authInstance = initializeAuth(firebaseApp(), { persistence })
    if (clientConfig.emulatorHost) {
      connectAuthEmulator(authInstance, `http://${clientConfig.emulatorHost}:${clientConfig.authEmulatorPort}`, {
        disableWarnings: true,
      })
    }
  }
  return authInstance
}

function functions(): Functions {
  if (!functionsInstance) {
    functionsInstance = getFunctions(firebaseApp(), clientConfig.functionsRegion)
    if (clientConfig.emulatorHost) {
      connectFunctionsEmulator(functionsInstance, clientConfig.emulatorHost, clientConfig.functionsEmulatorPort)
    }
  }
  return functionsInstance
}

export type { User }

/** Follows who is signed in on this device: `next` hears Auth's first answer and each change (null: nobody). */
export const onSignedInChange = (next: (user: User | null) => void): (() => void) => onAuthStateChanged(auth(), next)

/** Signs this device out of Firebase Auth. */
export const signOutOfAuth = (): Promise<void> => signOut(auth())

/** Creates an account with email and password, named `displayName`; it is signed in after. */
export async function createAccount(email: string, password: string, displayName: string): Promise<User> {
  const { user } = await createUserWithEmailAndPassword(auth(), email, password)
  await updateProfile(user, { displayName })
  return user
}

/** Sends `user` the link that confirms their email address, leading back to `returnUrl`. */
export const sendConfirmationEmail = (user: User, returnUrl: string | undefined): Promise<void> =>
  sendEmailVerification(user, returnUrl ? { url: returnUrl } : null)

export async function signInWithPassword(email: string, password: string): Promise<User> {
  return (await signInWithEmailAndPassword(auth(), email, password)).user
}

/** Firebase's password reset email, its link leading back to `returnUrl`. */
export const sendResetEmail = (email: string, returnUrl: string | undefined): Promise<void> =>
  sendPasswordResetEmail(auth(), email, returnUrl ? { url: returnUrl } : undefined)

/** The account a reset link is for (throws auth/invalid-action-code or auth/expired-action-code). */
export const emailOfResetCode = (code: string): Promise<string> => verifyPasswordResetCode(auth(), code)

/** Sets the new password of a reset link. */
export const setPasswordFromReset = (code: string, password: string): Promise<void> =>
  confirmPasswordReset(auth(), code, password)

/** Applies an email confirmation link; the signed-in member's record is read again at once. */
export async function applyEmailCode(code: string): Promise<void> {
  await applyActionCode(auth(), code)
  await auth().currentUser?.reload()
}

/** Signs the current member in again with their password (a fresh sign-in, for what cannot be undone). */
export async function reauthenticateWithPassword(password: string): Promise<void> {
  const user = auth().currentUser
  if (!user?.email) throw Object.assign(new Error('Not signed in'), { code: 'auth/user-not-found' })
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password))
}

/**
 * Has Firebase send a one-time code by SMS to `phoneNumber` ("+919876543210"); answers the id the
 * code is checked against. reCAPTCHA (invisible, in `container`) attests the request comes from a
 * person on this site; the Auth emulator skips it and keeps the code for its REST endpoint.
 */
export async function sendPhoneCode(phoneNumber: string, container: HTMLElement): Promise<string> {
  const verifier = new RecaptchaVerifier(auth(), container, { size: 'invisible' })
  try {
    return await new PhoneAuthProvider(auth()).verifyPhoneNumber(phoneNumber, verifier)
  } finally {
    verifier.clear()
  }
}

/**
 * Puts the number a code was sent to on the signed-in account (in place of the one it had). A link
 * that went through before (its answer lost on a bad line) is not tried again: its code is used.
 */
export async function linkPhoneCode(verificationId: string, code: string, phoneNumber: string): Promise<void> {
  const user = auth().currentUser
  if (!user) throw Object.assign(new Error('Not signed in'), { code: 'auth/user-not-found' })
  if (user.phoneNumber === phoneNumber) return
  const credential = PhoneAuthProvider.credential(verificationId, code)
  if (user.phoneNumber) await updatePhoneNumber(user, credential)
  else await linkWithCredential(user, credential)
}

/**
 * Signs in with a code sent to a number. Only an account the number was verified on is signed in:
 * a number no account holds would make a new, phone-only account, which is deleted at once.
 */
export async function signInWithPhoneCode(verificationId: string, code: string): Promise<User> {
  const result = await signInWithCredential(auth(), PhoneAuthProvider.credential(verificationId, code))
  if (getAdditionalUserInfo(result)?.isNewUser) {
    // The account the code just made holds nothing; on a bad signal its delete may fail, and the
    // phone is then at least not left signed in to it.
    await result.user.delete().catch(() => signOut(auth()))
    throw Object.assign(new Error('No account holds this number'), { code: 'auth/phone-not-verified' })
  }
  return result.user
}

/**
 * Calls a callable function through its contract (for lib/call.ts, the app's one way to call the
 * server); the signed-in user's ID token is attached by the SDK. `timeoutMs` (default the SDK's 70 s) ends a call the connection leaves hanging with
 * `functions/deadline-exceeded`.
 */
export async function callFunction<C extends CallableContract>(
  contract: C,
  data: RequestOf<C>,
  { timeoutMs }: { timeoutMs?: number } = {},
): Promise<ResponseOf<C>> {
  auth() // make sure Auth is initialised so the token is attached
  await startAppCheck()
  const callable = httpsCallable<RequestOf<C>, ResponseOf<C>>(
    functions(),
    contract.name,
    timeoutMs ? { timeout: timeoutMs } : undefined,
  )
  const result = await callable(data)
  return result.data
}
