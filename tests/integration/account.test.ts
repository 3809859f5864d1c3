/**
 * exportMyData and deleteMyAccount through the Functions emulator and the Auth emulator: only the
 * signed-in member, only their own data, a deletion done twice is harmless, and the sign-in is
 * really gone.
 */

import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { deleteMyAccountCall, exportMyDataCall } from '@yaari/domain/account'
import { createBookingCall } from '@yaari/domain/booking'
import { bookingRequest } from '@yaari/domain/booking.fixture'
import { moderateMemberCall } from '@yaari/domain/host'
import { saveProfileCall, uploadProfilePhotoCall } from '@yaari/domain/profile'
import { signInWithEmailAndPassword } from 'firebase/auth'
import type { CollectionReference } from 'firebase-admin/firestore'
import { afterEach, describe, expect, it } from 'vitest'
import { ROOT, standinControl } from '../../dev/lib/config.mjs'
import { runStackJob } from '../../dev/lib/scheduler.mjs'
import { RETENTION } from '../../functions/src/lib/retention'
import { auth, callFunction } from '../../src/lib/firebase'
import {
  adminDb,
  bookableDates,
  callAnything,
  failure,
  signedInHost,
  signOutMember,
  signUpFreshMember,
  VALID_PROFILE,
} from './helpers'
import { ownEvent } from './own-events'

// Events of this file's own (own-events.ts): files run side by side never share a date.
const firstHello = await ownEvent('first-hello-stranger-meetup')

afterEach(async () => {
  await signOutMember()
})

describe('exportMyData and deleteMyAccount', () => {
  it('refuse a caller who is not signed in', async () => {
    await signOutMember()
    expect((await failure(callFunction(exportMyDataCall, {}))).code).toBe('functions/unauthenticated')
    expect((await failure(callFunction(deleteMyAccountCall, {}))).code).toBe('functions/unauthenticated')
  })

  it("export only the caller's data, and take no one else's id", async () => {
    const other = await signUpFreshMember()
    await callFunction(saveProfileCall, { ...VALID_PROFILE, name: 'Other Member' })
    const me = await signUpFreshMember()
    await callFunction(saveProfileCall, VALID_PROFILE)
    const data = await callFunction(exportMyDataCall, {})
    expect(data.account).toEqual({ user_id: me.uid, email: me.email })
    expect(data.profile).toMatchObject({ user_id: me.uid, name: VALID_PROFILE.name })
    expect(JSON.stringify(data)).not.toContain(other.uid)
    const named = await failure(callAnything(exportMyDataCall, { uid: other.uid }))
    expect(named.code).toBe('functions/invalid-argument')
    expect((await failure(callAnything(deleteMyAccountCall, { uid: other.uid }))).code).toBe(
      'functions/invalid-argument',
    )
    expect((await adminDb().collection('user_profiles').doc(other.uid).get()).exists).toBe(true)
  })

  it("delete the caller's account and nothing else; a second delete is harmless", async () => {
    const other = await signUpFreshMember()
    await callFunction(saveProfileCall, { ...VALID_PROFILE, name: 'Other Member' })
    const me = await signUpFreshMember()
    const email = me.email!
    await callFunction(saveProfileCall, VALID_PROFILE)
    await expect(callFunction(deleteMyAccountCall, {})).resolves.toEqual({ deleted: true })
    // The same token again (a retry after a lost answer): nothing left to do, no error.
    await expect(callFunction(deleteMyAccountCall, {})).resolves.toEqual({ deleted: true })

    expect((await adminDb().collection('user_profiles').doc(me.uid).get()).exists).toBe(false)
    const confirmations = await adminDb().collection('mail').where('to', '==', email).get()
    expect(confirmations.docs.map((doc) => doc.get('kind'))).toEqual(['account-deleted'])
    expect((await adminDb().collection('user_profiles').doc(other.uid).get()).get('name')).toBe('Other Member')
    await signOutMember()
    const signIn = await failure(signInWithEmailAndPassword(auth(), email, 'correct-horse-42'))
    expect(['auth/user-not-found', 'auth/invalid-credential']).toContain(signIn.code)
  })
})

/** Every document in the Firestore stand-in, missing parents' subcollections included: its path and data. */
async function everyDocument(): Promise<{ path: string; data: Record<string, unknown> }[]> {
  const found: { path: string; data: Record<string, unknown> }[] = []
  const walk = async (collections: CollectionReference[]): Promise<void> => {
    for (const collection of collections) {
      const [existing, all] = await Promise.all([collection.get(), collection.listDocuments()])
      for (const doc of existing.docs) found.push({ path: doc.ref.path, data: doc.data() })
      for (const ref of all) await walk(await ref.listCollections())
    }
  }
  await walk(await adminDb().listCollections())
  return found
}

/** Every file the photo store keeps (its bytes and its metadata), by path. */
function everyStoredFile(): { path: string; text: string }[] {
  const dir = join(ROOT, '.tmp', 'photo-store')
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
  return files.map((entry) => {
    const path = join(entry.parentPath, entry.name)
    return { path: path.slice(dir.length), text: readFileSync(path).toString('latin1') }
  })
}

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='

describe('after deleting an account', () => {
  it('no document or stored file holds the member’s email, uid, name or mobile but the deletion’s audit line', async () => {
    const event = firstHello
    const date = bookableDates(event)[6]!
    const me = await signUpFreshMember()
    const email = me.email!
    const tag = me.uid
      .slice(0, 8)
      .toLowerCase()
      .replace(/[^a-z]/g, 'q')
    const name = `Zenobia ${tag}`
    const mobile = `9${String(Date.now()).slice(-9)}`
    const { url } = await callFunction(uploadProfilePhotoCall, { contentType: 'image/png', data: PNG })
    await callFunction(saveProfileCall, { ...VALID_PROFILE, name, mobile, profilePictureUrl: url })
    // A paid seat (paid through the stand-in's checkout, confirmed by its webhook) and its mail sent.
    const { order_id: orderId } = await callFunction(
      createBookingCall,
      bookingRequest(event.id, date, {
        userProfile: { ...bookingRequest(event.id, date).userProfile, name, email, mobile },
      }),
    )
    expect((await standinControl(`/orders/${orderId}/pay`)).ok).toBe(true)
    expect((await adminDb().doc(`bookings/${orderId}`).get()).get('status')).toBe('confirmed')
    await runStackJob('deliverMail')
    // A host warns them: a standing, a notice mail, an audit line about them.
    await signedInHost()
    await callFunction(moderateMemberCall, {
      eventId: event.id,
      eventDate: date,
      uid: me.uid,
      action: 'warn',
      reason: 'Late',
    })
    await signInWithEmailAndPassword(auth(), email, 'correct-horse-42')
    await callFunction(exportMyDataCall, {})

    // What the member left, before: every operational document carries its expiry.
    const mine = (documents: { path: string; data: Record<string, unknown> }[]) =>
      documents.filter(({ path, data }) =>
        [email, me.uid, name, mobile, orderId].some((secret) => `${path} ${JSON.stringify(data)}`.includes(secret)),
      )
    const before = mine(await everyDocument())
    expect(before.length).toBeGreaterThan(8)
    for (const { path, data } of before) {
      const collection = path.split('/').at(-2) as string
      if (collection in RETENTION) expect(data.expire_at, `${path} has no expire_at`).toBeDefined()
    }

    await expect(callFunction(deleteMyAccountCall, {})).resolves.toEqual({ deleted: true })
    // The cancellation's receipt and the goodbye are sent, then forgotten. The stack's own scheduler
    // may hold one of them at this moment (the run that claims an attempt sends it): its run ends it.
    await expect
      .poll(
        async () => {
          await runStackJob('deliverMail')
          return (await adminDb().collection('mail').where('to', '==', email).get()).size
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(0)

    const personal = (await everyDocument()).filter(({ path, data }) =>
      [email, me.uid, name, mobile].some((secret) => `${path} ${JSON.stringify(data)}`.includes(secret)),
    )
    expect(personal.map(({ path }) => path)).toEqual([expect.stringMatching(/^audit_log\/account-deleted-/)])
    expect(personal[0]?.data).toMatchObject({ action: 'account-deleted', change: { uid: me.uid } })
    expect(JSON.stringify(personal[0]?.data)).not.toContain(email)
    // The booking stays for the accounts, nameless.
    expect((await adminDb().doc(`bookings/${orderId}`).get()).data()).toMatchObject({
      user_id: 'deleted',
      status: 'cancelled',
      attendee: {},
    })
    for (const file of everyStoredFile()) {
      for (const secret of [email, me.uid, name, mobile]) expect(`${file.path} ${file.text}`).not.toContain(secret)
    }
    expect((await fetch(url)).status).toBe(404)
  })
})
