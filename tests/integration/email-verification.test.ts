import { randomUUID } from 'node:crypto'
import { getMyProfileCall } from '@yaari/domain/profile'
import { FirebaseError } from 'firebase/app'
import { afterEach, describe, expect, it } from 'vitest'
import { clientConfig } from '../../src/lib/client-config'
import { auth, callFunction } from '../../src/lib/firebase'
import {
  confirmEmail,
  emailOfResetLink,
  requestPasswordReset,
  resetPassword,
  signIn,
  signUp,
} from '../../src/lib/session/auth-actions'
import { authErrorMessage } from '../../src/lib/session/auth-errors'
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
    await expect(callFunction(getMyProfileCall, {})).resolves.toEqual({
      profile: null,
      verifiedMobile: null,
      mobileCheckSkipped: true,
    })
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

/** The out-of-band code of the latest link of `requestType` the Auth emulator "sent" to this address. */
async function oobCode(email: string, requestType: 'VERIFY_EMAIL' | 'PASSWORD_RESET'): Promise<string | undefined> {
  const response = await fetch(`${emulator}/emulator/v1/projects/${PROJECT_ID}/oobCodes`)
  const { oobCodes } = (await response.json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string }[]
  }
  return oobCodes.filter((code) => code.email === email && code.requestType === requestType).at(-1)?.oobCode
}

describe("the app's own action page (/auth/action) against the Auth emulator", () => {
  it('confirms an email address from its link', async () => {
    const email = `action-${randomUUID()}@example.test`
    await signUp('Asha Rao', email, 'correct-horse-42', required)
    await confirmEmail((await oobCode(email, 'VERIFY_EMAIL'))!)
    await signIn(email, 'correct-horse-42', required)
    expect(auth().currentUser?.emailVerified).toBe(true)
  })

  it('resets a password: the link names the account, sets the new password once, and signs the member in', async () => {
    const email = `reset-${randomUUID()}@example.test`
    await signUp('Asha Rao', email, 'correct-horse-42', { requireEmailVerification: false })
    await signOutMember()
    await requestPasswordReset(email)
    const code = (await oobCode(email, 'PASSWORD_RESET'))!
    expect(await emailOfResetLink(code)).toBe(email)
    await resetPassword(code, email, 'a-new-horse-77')
    expect(auth().currentUser?.email).toBe(email)
    await signOutMember()
    const old = await signIn(email, 'correct-horse-42').then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(authErrorMessage(old)).toBe('Invalid email or password. Please check your credentials.')
    const reused = await emailOfResetLink(code).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(authErrorMessage(reused)).toBe('This link has expired or has already been used. Ask for a new one.')
  })

  it('an address with no account is answered as any other (no way to probe who is a member)', async () => {
    await expect(requestPasswordReset(`nobody-${randomUUID()}@example.test`)).resolves.toBeUndefined()
  })
})
