import type { Firestore } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { describe, expect, it, vi } from 'vitest'
import { FakeFirestore } from '../testing/fake-firestore'
import { checkedReader, deleteFound, reader, readWhereAny } from './documents'
import { warn } from './log'

vi.mock('./log', () => ({ warn: vi.fn() }))

interface Note {
  text: string
  n: number
}
const notes = reader<Note>()

describe('reader', () => {
  const setup = async () => {
    const firestore = new FakeFirestore() as unknown as Firestore
    await firestore.collection('notes').doc('b').set({ text: 'two', n: 2 })
    await firestore.collection('notes').doc('a').set({ text: 'one', n: 1 })
    return firestore
  }

  it('reads one document as its record, undefined when there is none', async () => {
    const firestore = await setup()
    expect(notes.one(await firestore.collection('notes').doc('a').get())).toEqual({ text: 'one', n: 1 })
    expect(notes.one(await firestore.collection('notes').doc('none').get())).toBeUndefined()
    expect(notes.existing(await firestore.collection('notes').doc('b').get()).text).toBe('two')
  })

  it("reads a query's documents in its order, with or without their ids", async () => {
    const firestore = await setup()
    const found = await firestore.collection('notes').orderBy('n').get()
    expect(notes.all(found)).toEqual([
      { text: 'one', n: 1 },
      { text: 'two', n: 2 },
    ])
    expect(notes.withIds(found).map(({ id, record }) => `${id}:${record.text}`)).toEqual(['a:one', 'b:two'])
  })
})

describe('checkedReader', () => {
  const checked = checkedReader('notes', v.object({ text: v.string(), n: v.number() }))

  it('checks each document: one that holds no record is left out of a list and logged, never read as one', async () => {
    const firestore = new FakeFirestore() as unknown as Firestore
    await firestore.collection('notes').doc('a').set({ text: 'one', n: 1 })
    await firestore.collection('notes').doc('b').set({ text: 'two' })
    const found = await firestore.collection('notes').get()
    expect(checked.all(found)).toEqual([{ text: 'one', n: 1 }])
    expect(checked.withIds(found).map(({ id }) => id)).toEqual(['a'])
    const b = await firestore.collection('notes').doc('b').get()
    expect(checked.one(b)).toBeUndefined()
    expect(() => checked.existing(b)).toThrow('notes/b holds no record')
    expect(checked.one(await firestore.collection('notes').doc('none').get())).toBeUndefined()
    expect(warn).toHaveBeenCalledWith('malformed-record', expect.objectContaining({ collection: 'notes', id: 'b' }))
  })
})

describe('readWhereAny and deleteFound', () => {
  it('reads what any of the values find (nothing asked for none), and deletes what the queries find', async () => {
    const firestore = new FakeFirestore() as unknown as Firestore
    const pairs = firestore.collection('pairs')
    await pairs.doc('ab').set({ text: 'a-b', n: 1, from: 'a' })
    await pairs.doc('cd').set({ text: 'c-d', n: 2, from: 'c' })
    await pairs.doc('ef').set({ text: 'e-f', n: 3, from: 'e' })
    const found = await readWhereAny(notes, pairs, 'from', 'in', ['a', 'e'])
    expect(found.map((note) => note.text).sort()).toEqual(['a-b', 'e-f'])
    expect(await readWhereAny(notes, pairs, 'from', 'in', [])).toEqual([])
    await deleteFound(pairs.where('from', '==', 'a'), pairs.where('from', '==', 'c'))
    expect((await pairs.get()).docs.map((doc) => doc.id)).toEqual(['ef'])
  })
})
