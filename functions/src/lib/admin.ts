/**
 * firebase-admin, created once per instance. Locally FIRESTORE_EMULATOR_HOST (written to
 * functions/.env.local by the dev stack) points Firestore at the stand-in.
 */
import { getApps, initializeApp } from 'firebase-admin/app'
import { type Firestore, getFirestore } from 'firebase-admin/firestore'

let firestore: Firestore | undefined

export function db(): Firestore {
  if (!firestore) {
    if (getApps().length === 0) initializeApp()
    firestore = getFirestore()
  }
  return firestore
}
