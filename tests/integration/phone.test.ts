/**
 * A verified mobile through the public API: the Auth emulator sends and checks the code (its REST
 * endpoints, as the browser's SDK calls them; the code read from the emulator's list), the
 * functions keep one account per number. Members here sign up at a domain the local stack does
 * not let skip the check.
 */
import { randomInt, randomUUID } from 'node:crypto'
import { deleteMyAccountCall } from '@yaari/domain/account'
import { createBookingCall } from '@yaari/domain/booking'
import { bookingRequest } from '@yaari/domain/booking.fixture'
import { SEED_EVENTS } from '@yaari/domain/catalogue-seed'
import { askForCodeCall, confirmPhoneCall, PHONE_MESSAGES } from '@yaari/domain/phone'
import { getMyProfileCall, saveProfileCall } from '@yaari/domain/profile'
import { createUserWithEmailAndPassword, type User } from 'firebase/auth'
import { afterEach, describe, expect, it } from 'vitest'
import { HOST, smsCodesUrl, stackPorts } from '../../dev/lib/config.mjs'
import { auth, callFunction } from '../../src/lib/firebase'
import { adminDb, bookableDates, failure, signOutMember, VALID_PROFILE } from './helpers'

const emulator = () => `http://${HOST}:${stackPorts().auth}`
const api = (path: string) => `${emulator()}/identitytoolkit.googleapis.com/v1/${path}?key=demo-api-key`

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(api(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return (await response.json()) as T
}

/** A number no test has used: 10 digits starting 9. */
const freshNumber = () => `9${String(randomInt(100_000_000, 999_999_999))}`

/** A new member at a domain that must verify, signed in, with a profile naming `mobile`. */
async function memberWith(mobile: string): Promise<User> {
  const { user } = await createUserWithEmailAndPassword(auth(), `phone-${randomUUID()}@verify.test`, 'correct-horse-42')
  await callFunction(saveProfileCall, { ...VALID_PROFILE, mobile })
  return user
}

/**
 * What the browser does for `user`: Firebase sends a code to the number, the member types the one
 * the emulator issued, and the number is linked to their account. Answers what Auth said.
 */
async function linkNumber(user: User, mobile: string) {
  const { sessionInfo } = await post<{ sessionInfo: string }>('accounts:sendVerificationCode', {
    phoneNumber: `+91${mobile}`,
  })
  const listed = await fetch(smsCodesUrl())
  const { verificationCodes } = (await listed.json()) as {
    verificationCodes: { sessionInfo: string; code: string }[]
  }
  const code = verificationCodes.find((entry) => entry.sessionInfo === sessionInfo)?.code
  expect(code).toMatch(/^\d{6}$/)
  return post<{ phoneNumber?: string; temporaryProof?: string; idToken?: string }>('accounts:signInWithPhoneNumber', {
    idToken: await user.getIdToken(),
    sessionInfo,
    code,
  })
}

/** A member verifies `mobile` as the app does: asks, links the code, confirms. */
async function verify(user: User, mobile: string) {
  await callFunction(askForCodeCall, { mobile })
  await linkNumber(user, mobile)
  return callFunction(confirmPhoneCall, {})
}

const event = SEED_EVENTS[0]!

afterEach(async () => {
  await signOutMember()
})

describe('a verified mobile', () => {
  it('books only once the profile’s number is verified, and getMyProfile says which it is', async () => {
    const mobile = freshNumber()
    const member = await memberWith(mobile)
    const date = bookableDates(event)[1]!
    const refused = await failure(callFunction(createBookingCall, bookingRequest(event.id, date)))
    expect(refused).toMatchObject({ code: 'functions/failed-precondition', message: PHONE_MESSAGES.verifyToBook })
    expect(await callFunction(getMyProfileCall, {})).toMatchObject({ verifiedMobile: null, mobileCheckSkipped: false })

    expect(await verify(member, mobile)).toEqual({ mobile })
    expect(await callFunction(getMyProfileCall, {})).toMatchObject({ verifiedMobile: mobile })
    await expect(callFunction(createBookingCall, bookingRequest(event.id, date))).resolves.toHaveProperty('order_id')
  })

  it('a member cannot verify a number another account holds, even with a code for it', async () => {
    const mobile = freshNumber()
    await verify(await memberWith(mobile), mobile)
    await signOutMember()

    const other = await memberWith(mobile)
    expect(await failure(callFunction(askForCodeCall, { mobile }))).toMatchObject({
      code: 'functions/permission-denied',
      message: PHONE_MESSAGES.taken,
    })
    // The code sent anyway (Firebase's own endpoint, no askForCode): Auth links nothing (it answers a
    // proof of the number, not a sign-in), so nothing is verified.
    const linked = await linkNumber(other, mobile)
    expect(linked).toHaveProperty('temporaryProof')
    expect(linked).not.toHaveProperty('idToken')
    expect(await failure(callFunction(confirmPhoneCall, {}))).toMatchObject({
      code: 'functions/failed-precondition',
      message: PHONE_MESSAGES.notLinked,
    })
    const holders = await adminDb().collection('phone_numbers').doc(`+91${mobile}`).get()
    expect(holders.get('user_id')).not.toBe(other.uid)
  })

  it('a banned member’s number is refused on a new account, naming the guidelines only, after they delete theirs too', async () => {
    const mobile = freshNumber()
    const banned = await memberWith(mobile)
    await verify(banned, mobile)
    await adminDb()
      .collection('moderation')
      .doc(banned.uid)
      .set({ level: 'banned', reason: 'Harassment at a dinner', at: Date.now() })
    await signOutMember()

    await memberWith(mobile)
    const refusal = await failure(callFunction(askForCodeCall, { mobile }))
    expect(refusal).toMatchObject({ code: 'functions/permission-denied', message: PHONE_MESSAGES.taken })
    expect(refusal.message).toContain('Community guidelines')
    expect(refusal.message).not.toMatch(/Harassment|dinner/)
    await signOutMember()

    // The banned member deletes their account: the number stays held, and still says why.
    const { signInWithEmailAndPassword } = await import('firebase/auth')
    await signInWithEmailAndPassword(auth(), banned.email ?? '', 'correct-horse-42')
    await callFunction(deleteMyAccountCall, {})
    await signOutMember()
    await memberWith(mobile)
    expect((await failure(callFunction(askForCodeCall, { mobile }))).message).toBe(PHONE_MESSAGES.taken)
  })

  it('spaces the codes a member asks for', async () => {
    const mobile = freshNumber()
    await memberWith(mobile)
    expect(await callFunction(askForCodeCall, { mobile })).toEqual({ nextCodeInMs: 30_000 })
    const again = await failure(callFunction(askForCodeCall, { mobile }))
    expect(again).toMatchObject({ code: 'functions/resource-exhausted', message: PHONE_MESSAGES.tooSoon })
  })
})
