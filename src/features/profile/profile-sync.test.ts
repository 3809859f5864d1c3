// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import type { SaveProfileRequest } from '@yaari/domain/profile'
import { VALID_PROFILE } from '@yaari/domain/profile.fixture'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { YaariDb } from '../../lib/db'
import { completeProfile, PENDING_SYNC_KEY, type SyncDeps, syncOutbox } from './profile-sync'

const payload = VALID_PROFILE
const networkDown = Object.assign(new Error('internal'), { code: 'functions/internal' })
const refused = Object.assign(new Error('dateOfBirth: Please enter a valid date'), {
  code: 'functions/invalid-argument',
})

let db: YaariDb
let count = 0
let online: boolean
let saved: SaveProfileRequest[]
let deps: SyncDeps

beforeEach(() => {
  db = new YaariDb(`sync-${++count}`)
  online = true
  saved = []
  localStorage.clear()
  deps = {
    isOnline: () => online,
    saveProfile: vi.fn(async (p: SaveProfileRequest) => {
      if (!online) throw networkDown
      saved.push(p)
    }),
    uploadPhoto: vi.fn(async () => 'https://photos.example/o/profile-pictures%2Falice%2F1.jpg'),
  }
})
afterEach(() => db.close())

describe('completing onboarding', () => {
  it('saves at once when online', async () => {
    await expect(completeProfile(db, 'alice', payload, undefined, deps)).resolves.toEqual({
      kind: 'saved',
      photoFailed: false,
    })
    expect(saved).toEqual([payload])
    expect(await db.outbox.count()).toBe(0)
  })

  it('uploads a pending photo first and saves its URL with the profile', async () => {
    const photo = new Blob(['jpeg'], { type: 'image/jpeg' })
    await completeProfile(db, 'alice', payload, photo, deps)
    expect(deps.uploadPhoto).toHaveBeenCalledWith(photo)
    expect(saved[0]?.profilePictureUrl).toBe('https://photos.example/o/profile-pictures%2Falice%2F1.jpg')
  })

  it('goes on without the photo when its upload is refused', async () => {
    deps.uploadPhoto = async () => {
      throw Object.assign(new Error('Please select an image file'), { code: 'functions/invalid-argument' })
    }
    const result = await completeProfile(db, 'alice', payload, new Blob(['x']), deps)
    expect(result).toEqual({ kind: 'saved', photoFailed: true })
    expect(saved[0]?.profilePictureUrl).toBeUndefined()
  })

  it('offline: queues the profile and its photo, then sends both when the connection returns', async () => {
    online = false
    const photo = new Blob(['jpeg'], { type: 'image/jpeg' })
    await expect(completeProfile(db, 'alice', payload, photo, deps)).resolves.toEqual({ kind: 'queued' })
    expect(saved).toEqual([])
    expect(localStorage.getItem(PENDING_SYNC_KEY)).toBe('alice')
    await expect(syncOutbox(db, 'alice', deps)).resolves.toEqual({ kind: 'retry-later' })

    online = true
    await expect(syncOutbox(db, 'alice', deps)).resolves.toEqual({ kind: 'synced' })
    expect(saved).toHaveLength(1)
    expect(saved[0]?.profilePictureUrl).toContain('profile-pictures')
    expect(await db.outbox.count()).toBe(0)
    expect(localStorage.getItem(PENDING_SYNC_KEY)).toBeNull()
    await expect(syncOutbox(db, 'alice', deps)).resolves.toEqual({ kind: 'nothing' })
  })

  it('queues when the call fails for lack of a connection even though the browser says online', async () => {
    deps.saveProfile = async () => {
      throw networkDown
    }
    await expect(completeProfile(db, 'alice', payload, undefined, deps)).resolves.toEqual({ kind: 'queued' })
    expect(await db.outbox.where('uid').equals('alice').count()).toBe(1)
  })

  it('throws a refusal for the page to explain, and queues nothing', async () => {
    deps.saveProfile = async () => {
      throw refused
    }
    await expect(completeProfile(db, 'alice', payload, undefined, deps)).rejects.toBe(refused)
    expect(await db.outbox.count()).toBe(0)
  })

  it('keeps one pending profile per member, and stops retrying one the server refuses', async () => {
    online = false
    await completeProfile(db, 'alice', payload, undefined, deps)
    await completeProfile(db, 'alice', { ...payload, name: 'Asha R' }, undefined, deps)
    expect(await db.outbox.count()).toBe(1)
    online = true
    deps.saveProfile = async () => {
      throw refused
    }
    await expect(syncOutbox(db, 'alice', deps)).resolves.toEqual({ kind: 'refused', reason: refused.message })
    expect(await db.outbox.count()).toBe(0)
  })
})
