import { randomUUID } from 'node:crypto'
import { FirebaseError } from 'firebase/app'
import { afterEach, describe, expect, it } from 'vitest'
import { getMyProfileCall } from '../../src/domain/profile'
import { signIn, signUp } from '../../src/features/account/auth-actions'
import { authErrorMessage } from '../../src/features/account/auth-errors'
import { clientConfig } from '../../src/lib/client-config'
import { auth, callFunction } from '../../src/lib/firebase'
import { PROJECT_ID, signOutMember } from './helpers'

const required = { requireEmailVerification: true }
const emulator = `http://${clientConfig.emulatorHost}:${clientConfig.authEmulatorPort}`

/** The confirmation link the Auth emulator "sent" to this address. */
async function confirmationLink(email: string): Promise<string | undefined> {
  const response = await fetch(`${emulator}/emulator/v1/projects/${PROJECT_ID}/oobCodes`)
  const { oobCodes } = (await response.json()) as {
    oobCodes: { email: string; requestType: string; oobLink: string }[]
  }
  return oobCodes.find((code) => code.email === email && code.requestType === 'VERIFY_EMAIL')?.oobLink
}

afterEach(async () => {
  await signOutMember()
})

describe('sign-up with email confirmation required (VITE_REQUIRE_EMAIL_VERIFICATION=true)', () => {
  it('ends with no session and a confirmation link; sign-in waits for the confirmation', async () => {
    const email = `confirm-${randomUUID()}@example.test`
    await expect(signUp('Asha Rao', email, 'correct-horse-42', required)).resolves.toEqual({ session: false })
    expect(auth().currentUser).toBeNull()
    const link = await confirmationLink(email)
    expect(link).toBeDefined()

    const refused = await signIn(email, 'correct-horse-42', required).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(authErrorMessage(refused)).toBe('Please check your email and click the confirmation link before signing in.')
    expect(auth().currentUser).toBeNull()

    expect((await fetch(link as string)).ok).toBe(true) // the member clicks the link
    await signIn(email, 'correct-horse-42', required)
    expect(auth().currentUser?.emailVerified).toBe(true)
  })

  it('without the setting, sign-up signs the member in at once', async () => {
    const email = `session-${randomUUID()}@example.test`
    await expect(signUp('Asha Rao', email, 'correct-horse-42', { requireEmailVerification: false })).resolves.toEqual({
      session: true,
    })
    expect(auth().currentUser?.email).toBe(email)
    // The local functions do not require confirmation (REQUIRE_EMAIL_VERIFICATION unset).
    await expect(callFunction(getMyProfileCall, {})).resolves.toEqual({ profile: null })
  })
})

it('FirebaseError is what the Auth SDK throws for a wrong password (the catalogue maps it)', async () => {
  const email = `wrong-${randomUUID()}@example.test`
  await signUp('Asha Rao', email, 'correct-horse-42', { requireEmailVerification: false })
  await signOutMember()
  const error = await signIn(email, 'not-the-password').then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(FirebaseError)
  expect(authErrorMessage(error)).toBe('Invalid email or password. Please check your credentials.')
})
