/**
 * The only module that imports the Firebase web SDK. Everything is created lazily on first
 * use, so pages that never talk to the backend (the home page) never load Firebase.
 * The browser uses Auth directly and reaches all data through callable functions
 * (no direct Firestore or Storage access from the client: docs/decisions/0001-writes-through-functions.md).
 */

import type { CallableContract, RequestOf, ResponseOf } from '@yaari/domain/callable'
import { type FirebaseApp, getApps, initializeApp } from 'firebase/app'
import {
  type Auth,
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  inMemoryPersistence,
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

export function firebaseApp(): FirebaseApp {
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

export function functions(): Functions {
  if (!functionsInstance) {
    functionsInstance = getFunctions(firebaseApp(), clientConfig.functionsRegion)
    if (clientConfig.emulatorHost) {
      connectFunctionsEmulator(functionsInstance, clientConfig.emulatorHost, clientConfig.functionsEmulatorPort)
    }
  }
  return functionsInstance
}

/**
 * Calls a callable function through its contract; the signed-in user's ID token is attached by
 * the SDK. `timeoutMs` (default the SDK's 70 s) ends a call the connection leaves hanging with
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
