/**
 * firebase-admin, created once per instance. Locally FIRESTORE_EMULATOR_HOST (written to
 * functions/.env.local by the dev stack) points Firestore at the stand-in.
 */
import { type App, getApps, initializeApp } from 'firebase-admin/app'
import { type Firestore, getFirestore } from 'firebase-admin/firestore'

let firestore: Firestore | undefined

/**
 * The instance's default app. Not "any app": firebase-functions creates its own named app
 * (`__FIREBASE_FUNCTIONS_SDK__`) to verify a caller's ID token when it finds no default one, so
 * on an instance whose first request is a signed-in call an app exists before ours does.
 */
export function adminApp(): App {
  return getApps().find((app) => app.name === '[DEFAULT]') ?? initializeApp()
}

export function db(): Firestore {
  firestore ??= getFirestore(adminApp())
  return firestore
}
