/**
 * Who is signed in. Firebase Auth loads only when a page that needs it asks (`watchAuth()`),
 * so public pages never download it.
 */
import { create } from 'zustand'
import { rememberSignedIn } from './member-hint'

export interface Member {
  uid: string
  email: string | null
  name: string | null
}

interface AuthState {
  status: 'unknown' | 'signed-out' | 'signed-in'
  member: Member | null
}

export const useAuthStore = create<AuthState>(() => ({ status: 'unknown', member: null }))

let watching: Promise<void> | undefined

/** Starts following Firebase Auth's state (once); resolves when the first state is known. */
export function watchAuth(): Promise<void> {
  watching ??= Promise.all([import('../firebase'), import('firebase/auth')]).then(
    ([{ auth }, { onAuthStateChanged }]) =>
      new Promise<void>((resolve) => {
        onAuthStateChanged(auth(), (user) => {
          rememberSignedIn(user !== null)
          useAuthStore.setState(
            user
              ? { status: 'signed-in', member: { uid: user.uid, email: user.email, name: user.displayName } }
              : { status: 'signed-out', member: null },
          )
          resolve()
        })
      }),
  )
  return watching
}
