// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearMemberData, YaariDb } from '../../lib/db'
import { createDraftStore, draftBackupKey, flushOnPageHide } from './draft-store'

let db: YaariDb
let dbCount = 0

beforeEach(() => {
  localStorage.clear()
  db = new YaariDb(`test-${++dbCount}`)
})
afterEach(async () => {
  db.close()
})

const ready = (store: ReturnType<typeof createDraftStore>) =>
  vi.waitFor(() => expect(store.getState().status).toBe('ready'))

describe('onboarding drafts', () => {
  it('survive a reload: a new store for the same member restores every field and the step', async () => {
    const first = createDraftStore(db, 'alice', { debounceMs: 10 })
    await ready(first)
    first.getState().update({ mobile: '9876543210' }, 1)
    first.getState().update({ name: 'Asha' }, 2)
    first.getState().update({ interests: ['brunch', 'art'] }, 6)
    await vi.waitFor(async () => expect((await db.drafts.get('alice'))?.step).toBe(6))

    const reloaded = createDraftStore(db, 'alice')
    await ready(reloaded)
    expect(reloaded.getState().step).toBe(6)
    expect(reloaded.getState().draft).toEqual({ mobile: '9876543210', name: 'Asha', interests: ['brunch', 'art'] })
  })

  it('are written at once when the page is hidden, without waiting for the debounce', async () => {
    const store = createDraftStore(db, 'alice', { debounceMs: 60_000 })
    await ready(store)
    const detach = flushOnPageHide(store)
    store.getState().update({ dateOfBirth: '1995-06-15' }, 3)
    expect(await db.drafts.get('alice')).toBeUndefined()
    window.dispatchEvent(new Event('pagehide'))
    await vi.waitFor(async () => expect((await db.drafts.get('alice'))?.data).toEqual({ dateOfBirth: '1995-06-15' }))
    detach()
  })

  it('reset goes back to step 1 and removes the stored draft, cancelling a pending write', async () => {
    const store = createDraftStore(db, 'alice', { debounceMs: 10 })
    await ready(store)
    store.getState().update({ mobile: '9876543210' }, 1)
    await store.getState().flush()
    store.getState().update({ name: 'Asha' }, 2)
    await store.getState().reset()
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(store.getState()).toMatchObject({ step: 1, draft: {} })
    expect(await db.drafts.get('alice')).toBeUndefined()
  })

  it('a write IndexedDB refuses is logged, kept in localStorage, and written at the next flush', async () => {
    const store = createDraftStore(db, 'alice', { debounceMs: 10 })
    await ready(store)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const put = vi.spyOn(db.drafts, 'put').mockRejectedValueOnce(new Error('QuotaExceededError'))
    store.getState().update({ name: 'Asha' }, 2)
    await vi.waitFor(() => expect(put).toHaveBeenCalledTimes(1))
    await vi.waitFor(() =>
      expect(JSON.parse(localStorage.getItem(draftBackupKey('alice')) ?? '{}')).toMatchObject({
        step: 2,
        data: { name: 'Asha' },
      }),
    )
    expect(warn.mock.calls.flat().join(' ')).toContain('onboarding-draft-write-failed')
    await store.getState().flush()
    expect((await db.drafts.get('alice'))?.data).toEqual({ name: 'Asha' })
    expect(localStorage.getItem(draftBackupKey('alice'))).toBeNull()
  })

  it('survive an unload that cut the IndexedDB write short, through the synchronous copy', async () => {
    const first = createDraftStore(db, 'alice', { debounceMs: 60_000 })
    await ready(first)
    first.getState().update({ mobile: '9876543210', profilePictureUrl: 'https://photos.example/1.jpg' }, 1)
    await first.getState().flush()
    first.getState().update({ name: 'Asha' }, 2)
    first.getState().backupNow() // what page hide does before the (here never finished) write
    expect((await db.drafts.get('alice'))?.step).toBe(1)

    const reloaded = createDraftStore(db, 'alice')
    await ready(reloaded)
    expect(reloaded.getState().step).toBe(2)
    expect(reloaded.getState().draft).toEqual({
      mobile: '9876543210',
      profilePictureUrl: 'https://photos.example/1.jpg',
      name: 'Asha',
      photo: undefined,
    })
    // The copy is moved into IndexedDB and then dropped.
    await vi.waitFor(async () => expect((await db.drafts.get('alice'))?.step).toBe(2))
    expect(localStorage.getItem(draftBackupKey('alice'))).toBeNull()
  })

  it('ignore a corrupt synchronous copy', async () => {
    localStorage.setItem(draftBackupKey('alice'), '{"step": "two", ')
    const store = createDraftStore(db, 'alice')
    await ready(store)
    expect(store.getState().draft).toEqual({})
    expect(localStorage.getItem(draftBackupKey('alice'))).toBeNull()
  })

  it('are kept per member', async () => {
    const alice = createDraftStore(db, 'alice', { debounceMs: 0 })
    await ready(alice)
    alice.getState().update({ name: 'Asha' })
    await alice.getState().flush()
    const bob = createDraftStore(db, 'bob')
    await ready(bob)
    expect(bob.getState().draft).toEqual({})
  })

  it('ignore and log a stored draft that no longer fits, instead of crashing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await db.drafts.put({ uid: 'alice', step: 3, data: { interests: 'not-a-list', name: 42 }, updatedAt: 0 })
    const store = createDraftStore(db, 'alice')
    await ready(store)
    expect(store.getState().draft).toEqual({})
    expect(store.getState().step).toBe(1)
    expect(warn).toHaveBeenCalledWith('[yaari] onboarding-draft-corrupt', expect.objectContaining({ uid: 'alice' }))
  })

  it('are removed with the rest of the member’s local data on sign-out', async () => {
    await db.drafts.put({ uid: 'alice', step: 2, data: {}, updatedAt: 0 })
    await db.drafts.put({ uid: 'bob', step: 2, data: {}, updatedAt: 0 })
    await db.outbox.add({ uid: 'alice', kind: 'saveProfile', payload: {}, createdAt: 0, attempts: 0 })
    await clearMemberData(db, 'alice')
    expect(await db.drafts.get('alice')).toBeUndefined()
    expect(await db.outbox.where('uid').equals('alice').count()).toBe(0)
    expect(await db.drafts.get('bob')).toBeDefined()
  })
})
