/**
 * Test fixtures for the backend: a fresh signed-in member per test (Auth emulator) and an
 * admin handle on the Firestore stand-in for arranging and checking data.
 */
import { randomUUID } from 'node:crypto'
import { seatsCollectionPath } from '@yaari/domain/availability'
import type { CreateBookingRequest } from '@yaari/domain/booking'
import { bookingRequest } from '@yaari/domain/booking.fixture'
import type { CallableContract, RequestOf, ResponseOf } from '@yaari/domain/callable'
import type { YaariEvent } from '@yaari/domain/catalogue'
import { DOOR_OPENS_BEFORE_MS, doorWindow } from '@yaari/domain/door'
import { type SaveProfileRequest, saveProfileCall } from '@yaari/domain/profile'
import { storedProfileOf, VALID_PROFILE } from '@yaari/domain/profile.fixture'
import { FirebaseError } from 'firebase/app'
import { createUserWithEmailAndPassword, signInWithEmailAndPassword, signOut, type User } from 'firebase/auth'
import { expect } from 'vitest'
import { HOST, PROJECT_ID, stackPorts, standinControl, TEST_EMAIL_DOMAIN } from '../../dev/lib/config.mjs'
import { STANDIN_CLIENT_ID, STANDIN_CLIENT_SECRET } from '../../dev/payments/standin.mjs'
import { cashfreeGateway } from '../../functions/src/lib/cashfree'
import type { BookingDeps } from '../../functions/src/lib/records'
import { createBooking } from '../../functions/src/services/bookings/create'
import { reconcileBooking } from '../../functions/src/services/bookings/reconcile'
import { auth, callFunction } from '../../src/lib/firebase'
import { ownCatalogue } from './own-events'

export { VALID_PROFILE } from '@yaari/domain/profile.fixture'
export { adminDb, bookableDates, emptyEveryDate } from './stack-data'

import { adminDb } from './stack-data'

export { PROJECT_ID } from '../../dev/lib/config.mjs'

/** The password of every member signUpFreshMember makes. */
const PASSWORD = 'correct-horse-42'

/** Signs up a brand-new member on the Auth emulator and leaves them signed in. */
export async function signUpFreshMember(): Promise<User> {
  const email = `member-${randomUUID()}@${TEST_EMAIL_DOMAIN}`
  const credential = await createUserWithEmailAndPassword(auth(), email, PASSWORD)
  return credential.user
}

export async function signOutMember(): Promise<void> {
  await signOut(auth())
}

/** Signs a member signUpFreshMember made in again, with their email and password (as the app's sign-in does). */
export const signInAs = (member: { email: string }) => signInWithEmailAndPassword(auth(), member.email, PASSWORD)

/** A new member, signed in, with a completed profile (VALID_PROFILE changed by `profile`): bookings need one. */
export async function bookingMember(profile: Partial<SaveProfileRequest> = {}): Promise<User> {
  const user = await signUpFreshMember()
  await callFunction(saveProfileCall, { ...VALID_PROFILE, ...profile })
  return user
}

/** The FirebaseError a call fails with (the test fails if it succeeds). */
export async function failure(call: Promise<unknown>): Promise<FirebaseError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(FirebaseError)
  return error as FirebaseError
}

/** Calls a function with anything at all, as a script could: what its contract does not allow included. */
export function callAnything<C extends CallableContract>(contract: C, data: unknown): Promise<ResponseOf<C>> {
  return callFunction(contract, data as RequestOf<C>)
}

/**
 * The booking handlers' dependencies against the running stack (its Firestore stand-in and
 * payment stand-in), for tests that call a handler in this process: to set its clock, stop it
 * between two writes (failpoint), or run a scheduled job as the scheduler would.
 */
export function stackDeps(overrides: Partial<BookingDeps> = {}): BookingDeps {
  return {
    firestore: adminDb(),
    // What the stack is started with and this file's own events; a test that publishes passes what it published.
    catalogue: ownCatalogue(),
    gateway: cashfreeGateway({
      baseUrl: `http://127.0.0.1:${stackPorts().payments}/pg`,
      clientId: STANDIN_CLIENT_ID,
      clientSecret: STANDIN_CLIENT_SECRET,
    }),
    appOrigin: 'http://127.0.0.1:4173',
    cashfreeMode: 'sandbox',
    ...overrides,
  }
}

/** The profile document saveProfile writes for `uid` (VALID_PROFILE's answers, with `overrides`). */
export const storedProfile = (uid: string, overrides: Record<string, unknown> = {}) => ({
  ...storedProfileOf(uid, `${uid}@example.test`),
  ...overrides,
})

/**
 * A member who exists only as a profile document (for handlers called in this process). They book
 * without a verified mobile, as the local stack's test accounts may (the phone tests verify theirs).
 */
export async function profiledMember(overrides: Record<string, unknown> = {}) {
  const uid = `member_${randomUUID().replaceAll('-', '')}`
  await adminDb().collection('user_profiles').doc(uid).set(storedProfile(uid, overrides))
  return { uid, email: `${uid}@example.test`, skipsMobileCheck: true }
}

/** The Cashfree order as the payment stand-in holds it. */
export async function cashfreeOrder(orderId: string) {
  const response = await fetch(`http://127.0.0.1:${stackPorts().payments}/pg/orders/${orderId}`, {
    headers: {
      'x-client-id': STANDIN_CLIENT_ID,
      'x-client-secret': STANDIN_CLIENT_SECRET,
      'x-api-version': '2025-01-01',
    },
  })
  return (await response.json()) as { order_status: string; customer_details: Record<string, unknown> }
}

/** The error a handler called in this process fails with (the test fails if it succeeds). */
export async function rejection(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error, 'the call should have failed').toBeInstanceOf(Error)
  return error as { code: string; message: string }
}

/** Sets a signed-up person's custom claims through the Auth emulator (what grant-role does with the Admin SDK). */
export async function setClaims(uid: string, claims: Record<string, unknown>) {
  const response = await fetch(
    `http://${HOST}:${stackPorts().auth}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: uid, customAttributes: JSON.stringify(claims) }),
    },
  )
  expect(response.ok, await response.clone().text()).toBe(true)
}

/** A signed-in person with these claims, their token refreshed as the app refreshes it. */
export async function signedInWith(claims: Record<string, unknown>): Promise<User> {
  const user = await signUpFreshMember()
  await setClaims(user.uid, claims)
  await user.getIdToken(true)
  return user
}
export const signedInHost = () => signedInWith({ host_cities: ['bangalore'] })
/** A signed-in admin (the team), their token refreshed. */
export const signedInAdmin = () => signedInWith({ admin: true })

/** A paid, confirmed booking of `date` by a new member (handlers in this process, the stand-in paying). */
export async function paidBooking(eventId: string, date: string, attendee: Record<string, unknown> = {}) {
  const member = await profiledMember({ gender: 'female', date_of_birth: '1995-06-01', email: 'guest@example.test' })
  const request = bookingRequest(eventId, date)
  const { order_id: orderId } = await createBooking(stackDeps(), member, {
    ...request,
    userProfile: { ...request.userProfile, ...attendee },
  })
  await payAndConfirm(orderId)
  return { member, orderId }
}

/** The stand-in pays for `orderId` and the reconcile confirms it (the test fails if either does not). */
async function payAndConfirm(orderId: string) {
  expect((await standinControl(`/orders/${orderId}/pay`)).ok).toBe(true)
  expect((await reconcileBooking(stackDeps(), orderId))?.status).toBe('confirmed')
}

/** A guest of a date: a member with an account (signUpFreshMember's) and the order of their paid seat. */
export interface Guest {
  uid: string
  email: string
  name: string
  orderId: string
}

/**
 * A member with an account and a profile named `name`, who paid for a seat of `eventId` on `date`
 * (createBooking in this process, the stand-in paying); left signed out. `profile` changes the
 * profile they save, `request` the booking request and `attendee` the form's answers.
 */
export async function guestWhoPaid(
  eventId: string,
  date: string,
  name: string,
  {
    profile = {},
    request = {},
    attendee = {},
  }: {
    profile?: Partial<SaveProfileRequest>
    request?: Partial<CreateBookingRequest>
    attendee?: Partial<CreateBookingRequest['userProfile']>
  } = {},
): Promise<Guest> {
  const user = await bookingMember({ ...profile, name })
  const booking = bookingRequest(eventId, date, request)
  const { order_id: orderId } = await createBooking(
    stackDeps(),
    // A test account, which books without a verified mobile (as the stack's callables let it).
    { uid: user.uid, email: user.email!, skipsMobileCheck: true },
    { ...booking, userProfile: { ...booking.userProfile, name, email: user.email!, ...attendee } },
  )
  await payAndConfirm(orderId)
  await signOutMember()
  return { uid: user.uid, email: user.email!, name, orderId }
}

/** Other members take every free seat of `event` on `date` (paid seats, as the table fills); taken ones stay. */
export async function fillTable(event: YaariEvent, date: string) {
  const seats = adminDb().collection(seatsCollectionPath(event.id, date))
  await Promise.all(
    Array.from({ length: event.capacity }, (_, i) =>
      seats
        .doc(String(i + 1))
        .create({ order_id: `other_${i}`, user_id: 'someone', status: 'taken' })
        .catch(() => undefined),
    ),
  )
}

/**
 * Puts the stack's clock for one date at an hour into its evening, when its door takes check-ins
 * (the functions read stack_clocks only in the emulator on a demo project; nothing else moves).
 */
export async function atTheNight(eventId: string, date: string) {
  const start = doorWindow(ownCatalogue().eventById(eventId)!, date).opens + DOOR_OPENS_BEFORE_MS
  await adminDb()
    .doc(`stack_clocks/${eventId}_${date}`)
    .set({ offset_ms: start + 3_600_000 - Date.now() })
}

/**
 * Somewhere a step run in this process stops until the test lets it go on: the step calls `wait()`
 * (which tells `reached`) or awaits `opened`; `open()` lets it through. For holding a service
 * between its read and its write while something else happens.
 */
export function gate() {
  let arrive = () => {}
  const reached = new Promise<void>((resolve) => {
    arrive = resolve
  })
  let open = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  const wait = () => {
    arrive()
    return opened
  }
  return { wait, reached, opened, open }
}
