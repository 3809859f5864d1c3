/**
 * firestore.rules and storage.rules, checked by Google's own rules engine. That engine lives
 * only in the official Firestore and Storage emulators (Java 21 and a download from Google),
 * which cannot run on our machines; where they are not running these tests are skipped and say
 * so. Run them where they can: `npx firebase emulators:exec --only firestore,storage
 * --project demo-yaari "npx vitest run --config tests/rules/vitest.config.ts"`.
 */
import { readFileSync } from 'node:fs'
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing'
import { doc, getDoc, setDoc } from 'firebase/firestore'
import { getBytes, ref, uploadBytes } from 'firebase/storage'
import { afterAll, beforeAll, describe, it } from 'vitest'

const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST
const storageHost = process.env.FIREBASE_STORAGE_EMULATOR_HOST
const available = Boolean(firestoreHost && storageHost)

if (!available) {
  console.log(
    'Rules tests SKIPPED: the official Firestore and Storage emulators are not running here ' +
      '(they need Java 21 and a download from Google). See tests/rules/rules.test.ts to run them.',
  )
}

describe.skipIf(!available)('security rules', () => {
  let env: RulesTestEnvironment

  beforeAll(async () => {
    const [fsHost, fsPort] = firestoreHost!.split(':')
    const [stHost, stPort] = storageHost!.split(':')
    env = await initializeTestEnvironment({
      projectId: 'demo-yaari',
      firestore: { rules: readFileSync('firestore.rules', 'utf8'), host: fsHost, port: Number(fsPort) },
      storage: { rules: readFileSync('storage.rules', 'utf8'), host: stHost, port: Number(stPort) },
    })
    await env.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore()
      await setDoc(doc(db, 'user_profiles/alice'), { user_id: 'alice', name: 'Alice' })
      await setDoc(doc(db, 'bookings/order_1'), { user_id: 'alice', status: 'paid' })
      await uploadBytes(ref(context.storage(), 'profile-pictures/alice/1.png'), new Uint8Array([1, 2, 3]))
    })
  })

  afterAll(async () => {
    await env?.cleanup()
  })

  it('lets a member read only their own profile, and nobody write', async () => {
    const alice = env.authenticatedContext('alice').firestore()
    const bob = env.authenticatedContext('bob').firestore()
    const visitor = env.unauthenticatedContext().firestore()
    await assertSucceeds(getDoc(doc(alice, 'user_profiles/alice')))
    await assertFails(getDoc(doc(bob, 'user_profiles/alice')))
    await assertFails(getDoc(doc(visitor, 'user_profiles/alice')))
    await assertFails(setDoc(doc(alice, 'user_profiles/alice'), { name: 'Changed' }))
  })

  it('lets a member read only their own bookings, and nobody write', async () => {
    await assertSucceeds(getDoc(doc(env.authenticatedContext('alice').firestore(), 'bookings/order_1')))
    await assertFails(getDoc(doc(env.authenticatedContext('bob').firestore(), 'bookings/order_1')))
    await assertFails(
      setDoc(doc(env.authenticatedContext('alice').firestore(), 'bookings/order_2'), { user_id: 'alice' }),
    )
  })

  it('denies everything else', async () => {
    await assertFails(getDoc(doc(env.authenticatedContext('alice').firestore(), 'slots/x/seats/1')))
    // Venue briefs reach confirmed members through getBooking/listMyBookings only.
    await assertFails(
      getDoc(doc(env.authenticatedContext('alice').firestore(), 'venue_briefs/midweek-wednesday-dinner_2026-11-25')),
    )
    // After the night: who picked whom, and who reported whom, reach no client (the callables answer for them).
    for (const path of ['picks/n_alice_bob', 'reports/r1', 'nights/n', 'connections/c1', 'blocks/alice_bob']) {
      await assertFails(getDoc(doc(env.authenticatedContext('alice').firestore(), path)))
    }
  })

  it('lets a member read only their own photos, and no client upload', async () => {
    await assertSucceeds(getBytes(ref(env.authenticatedContext('alice').storage(), 'profile-pictures/alice/1.png')))
    await assertFails(getBytes(ref(env.authenticatedContext('bob').storage(), 'profile-pictures/alice/1.png')))
    await assertFails(
      uploadBytes(
        ref(env.authenticatedContext('alice').storage(), 'profile-pictures/alice/2.png'),
        new Uint8Array([1]),
      ),
    )
  })
})
