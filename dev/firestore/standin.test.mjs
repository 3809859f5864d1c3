// @ts-check
/**
 * The Firestore stand-in, as firebase-admin sees it: Firestore's write semantics (set replaces,
 * update masks delete), and the loopback interface only.
 */
import { connect } from 'node:net'
import { networkInterfaces } from 'node:os'
import { deleteApp, initializeApp } from 'firebase-admin/app'
import { FieldValue, getFirestore } from 'firebase-admin/firestore'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFirestoreStandin } from './standin.mjs'

/** @type {{ port: number, stop: () => void }} */
let standin
/** @type {import('firebase-admin/app').App} */
let app
/** @type {import('firebase-admin/firestore').Firestore} */
let db

beforeAll(async () => {
  standin = await startFirestoreStandin(0)
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${standin.port}`
  app = initializeApp({ projectId: 'demo-standin-test' }, 'standin-test')
  db = getFirestore(app)
})
afterAll(async () => {
  await deleteApp(app)
  standin.stop()
})

describe('writes follow Firestore’s semantics', () => {
  it('set() replaces the whole document; set() with merge keeps the rest', async () => {
    const ref = db.collection('things').doc('a')
    await ref.set({ a: 1, b: 2, nested: { x: 1, y: 2 } })
    await ref.set({ a: 3 })
    expect((await ref.get()).data()).toEqual({ a: 3 })
    await ref.set({ b: 4, nested: { y: 5 } }, { merge: true })
    expect((await ref.get()).data()).toEqual({ a: 3, b: 4, nested: { y: 5 } })
  })

  it('update() with FieldValue.delete() removes the field, top-level or nested', async () => {
    const ref = db.collection('things').doc('b')
    await ref.set({ a: 1, b: 2, refund: { status: 'pending', amount: 499 } })
    await ref.update({ a: 5, b: FieldValue.delete() })
    expect((await ref.get()).data()).toEqual({ a: 5, refund: { status: 'pending', amount: 499 } })
    await ref.update({ 'refund.status': 'succeeded', 'refund.amount': FieldValue.delete() })
    expect((await ref.get()).data()).toEqual({ a: 5, refund: { status: 'succeeded' } })
    await ref.update({ refund: { amount: 1 } })
    expect((await ref.get()).data()).toEqual({ a: 5, refund: { amount: 1 } })
  })

  it('field transforms still land beside the fields written with them', async () => {
    const ref = db.collection('things').doc('d')
    const now = FieldValue.serverTimestamp
    await ref.set({ a: 1, created: now(), updated: now(), n: FieldValue.increment(2) })
    const data = (await ref.get()).data()
    expect(data).toMatchObject({ a: 1, n: 2 })
    expect(data?.created?.toMillis()).toBeGreaterThan(0)
    expect(data?.updated?.toMillis()).toBeGreaterThan(0)
    await ref.update({ n: FieldValue.increment(3), b: 2 })
    expect((await ref.get()).data()).toMatchObject({ a: 1, b: 2, n: 5 })
  })

  it('a query on a field skips documents where it was deleted', async () => {
    const things = db.collection('due')
    await things.doc('x').set({ at: 1 })
    await things.doc('y').set({ at: 2 })
    await things.doc('y').update({ at: FieldValue.delete() })
    expect((await things.where('at', '<=', 10).get()).docs.map((doc) => doc.id)).toEqual(['x'])
  })

  it('create() still refuses an existing document, and update() a missing one', async () => {
    const ref = db.collection('things').doc('c')
    await ref.create({ a: 1 })
    await expect(ref.create({ a: 2 })).rejects.toMatchObject({ code: 6 })
    await expect(db.collection('things').doc('nope').update({ a: 1 })).rejects.toMatchObject({ code: 5 })
  })

  it('a query filters on a nested field', async () => {
    await db.doc('nested/a').set({ change: { member: 'm1' } })
    await db.doc('nested/b').set({ change: { member: 'm2' } })
    const found = await db.collection('nested').where('change.member', '==', 'm1').get()
    expect(found.docs.map((doc) => doc.id)).toEqual(['a'])
  })

  it('lists the collections under the database and under a document, as listCollections() asks', async () => {
    await db.doc('listed/one').set({ a: 1 })
    await db.doc('listed/one/inner/x').set({ b: 1 })
    await db.doc('listed/two/gone/y').set({ c: 1 })
    await db.doc('listed/two/gone/y').delete()
    const top = (await db.listCollections()).map((collection) => collection.id)
    expect(top).toContain('listed')
    expect((await db.doc('listed/one').listCollections()).map((collection) => collection.id)).toEqual(['inner'])
    // A collection whose last document was deleted is not listed, as in Firestore.
    expect(await db.doc('listed/two').listCollections()).toEqual([])
    await db.doc('parents/missing/kids/k').set({ d: 1 })
    // listDocuments() names the missing parent too, so its subcollections can be reached.
    expect((await db.collection('parents').listDocuments()).map((doc) => doc.path)).toEqual(['parents/missing'])
    expect((await db.collection('listed').listDocuments()).map((doc) => doc.id)).toEqual(['one'])
  })

  it('a write on the condition of the last update time holds only while nobody wrote since', async () => {
    const ref = db.collection('things').doc('conditional')
    await ref.create({ at: 1 })
    const read = await ref.get()
    await new Promise((resolve) => setTimeout(resolve, 5))
    const taken = await ref.update({ at: 2 }, { lastUpdateTime: read.updateTime })
    // A second runner holding the same stale read is refused, and changes nothing.
    await expect(ref.update({ at: 3 }, { lastUpdateTime: read.updateTime })).rejects.toMatchObject({ code: 9 })
    expect((await ref.get()).get('at')).toBe(2)
    // The writer that won keeps going from its own write's time; a delete takes the same condition.
    await new Promise((resolve) => setTimeout(resolve, 5))
    await ref.update({ at: 4 }, { lastUpdateTime: taken.writeTime })
    await expect(ref.delete({ lastUpdateTime: taken.writeTime })).rejects.toMatchObject({ code: 9 })
    expect((await ref.get()).get('at')).toBe(4)
  })
})

it('listens on 127.0.0.1 only', async () => {
  /** @param {string} host */
  const tryConnect = (host) =>
    new Promise((resolve) => {
      const socket = connect(standin.port, host, () => {
        socket.end()
        resolve('open')
      })
      socket.on('error', (error) => resolve(/** @type {NodeJS.ErrnoException} */ (error).code))
    })
  expect(await tryConnect('127.0.0.1')).toBe('open')
  const external = Object.values(networkInterfaces())
    .flat()
    .find((address) => address?.family === 'IPv4' && !address.internal)
  if (external) expect(await tryConnect(external.address)).toBe('ECONNREFUSED')
})
