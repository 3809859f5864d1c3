/**
 * The only module that imports the Firebase web SDK. Everything is created lazily on first
 * use, so pages that never talk to the backend (the home page) never load Firebase.
 * The browser uses Auth directly and reaches all data through callable functions
 * (DESIGN.md: no direct Firestore or Storage access from the client).
 */
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
import { parseClientEnv } from './env-schema'

let app: FirebaseApp | undefined
let authInstance: Auth | undefined
let functionsInstance: Functions | undefined

function env() {
  return parseClientEnv(import.meta.env)
}

export function firebaseApp(): FirebaseApp {
  if (!app) {
    const config = env()
    app =
      getApps()[0] ??
      initializeApp({
        apiKey: config.VITE_FIREBASE_API_KEY,
        authDomain: config.VITE_FIREBASE_AUTH_DOMAIN,
        projectId: config.VITE_FIREBASE_PROJECT_ID,
        appId: config.VITE_FIREBASE_APP_ID,
        storageBucket: config.VITE_FIREBASE_STORAGE_BUCKET,
      })
  }
  return app
}

export function auth(): Auth {
  if (!authInstance) {
    const config = env()
    const persistence =
      typeof indexedDB === 'undefined' ? inMemoryPersistence : [indexedDBLocalPersistence, browserLocalPersistence]
    authInstance = initializeAuth(firebaseApp(), { persistence })
    if (config.VITE_FIREBASE_EMULATOR_HOST) {
      const port = config.VITE_FIREBASE_AUTH_EMULATOR_PORT ?? 9099
      connectAuthEmulator(authInstance, `http://${config.VITE_FIREBASE_EMULATOR_HOST}:${port}`, {
        disableWarnings: true,
      })
    }
  }
  return authInstance
}

export function functions(): Functions {
  if (!functionsInstance) {
    const config = env()
    functionsInstance = getFunctions(firebaseApp(), config.VITE_FUNCTIONS_REGION)
    if (config.VITE_FIREBASE_EMULATOR_HOST) {
      connectFunctionsEmulator(
        functionsInstance,
        config.VITE_FIREBASE_EMULATOR_HOST,
        config.VITE_FIREBASE_FUNCTIONS_EMULATOR_PORT ?? 5001,
      )
    }
  }
  return functionsInstance
}

/** Calls a callable function; the signed-in user's ID token is attached by the SDK. */
export async function callFunction<TRequest, TResponse>(name: string, data: TRequest): Promise<TResponse> {
  auth() // make sure Auth is initialised so the token is attached
  const callable = httpsCallable<TRequest, TResponse>(functions(), name)
  const result = await callable(data)
  return result.data
}
