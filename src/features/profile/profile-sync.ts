/**
 * Completing onboarding: save the profile now, or, without a connection, keep it in the
 * Dexie outbox and send it when the connection returns. The photo travels with it: a
 * picture that could not be uploaded yet is uploaded first, and if the upload is refused
 * the profile is saved without it (an upload failure never blocks the member).
 */
import { errorCode } from '@yaari/domain/error-code'
import type { SaveProfileRequest } from '@yaari/domain/profile'
import type { YaariDb } from '../../lib/db'
import { logWarning } from '../../lib/log'
import { PENDING_SYNC_KEY } from './pending-sync-key'

export { PENDING_SYNC_KEY }

export interface SyncDeps {
  saveProfile: (payload: SaveProfileRequest) => Promise<unknown>
  uploadPhoto: (photo: Blob) => Promise<string>
  isOnline: () => boolean
}

/** Errors that mean "no connection" (or the server is unreachable): worth retrying later. */
function isRetryable(error: unknown): boolean {
  const code = errorCode(error)
  return (
    code === 'functions/internal' ||
    code === 'functions/unavailable' ||
    code === 'functions/deadline-exceeded' ||
    code === 'auth/network-request-failed'
  )
}

export type CompletionResult = { kind: 'saved'; photoFailed: boolean } | { kind: 'queued' }

/** Uploads a pending picture; on a refusal the profile goes on without one. */
async function withPhoto(
  payload: SaveProfileRequest,
  photo: Blob | undefined,
  deps: SyncDeps,
): Promise<{ payload: SaveProfileRequest; photoFailed: boolean }> {
  if (!photo || payload.profilePictureUrl) return { payload, photoFailed: false }
  try {
    return { payload: { ...payload, profilePictureUrl: await deps.uploadPhoto(photo) }, photoFailed: false }
  } catch (error) {
    if (isRetryable(error)) throw error
    logWarning('profile-photo-refused', { code: errorCode(error) })
    return { payload, photoFailed: true }
  }
}

async function enqueue(db: YaariDb, uid: string, payload: SaveProfileRequest, photo: Blob | undefined) {
  await db.transaction('rw', db.outbox, async () => {
    // One pending profile per member: the newest replaces an older one.
    await db.outbox.where('uid').equals(uid).delete()
    await db.outbox.add({ uid, kind: 'saveProfile', payload, photo, createdAt: Date.now(), attempts: 0 })
  })
  localStorage.setItem(PENDING_SYNC_KEY, uid)
}

/**
 * Saves the completed profile, or queues it when there is no connection. Other failures
 * (invalid-argument, unauthenticated) are thrown for the page to explain.
 */
export async function completeProfile(
  db: YaariDb,
  uid: string,
  payload: SaveProfileRequest,
  photo: Blob | undefined,
  deps: SyncDeps,
): Promise<CompletionResult> {
  if (!deps.isOnline()) {
    await enqueue(db, uid, payload, photo)
    return { kind: 'queued' }
  }
  try {
    const ready = await withPhoto(payload, photo, deps)
    await deps.saveProfile(ready.payload)
    return { kind: 'saved', photoFailed: ready.photoFailed }
  } catch (error) {
    if (!isRetryable(error)) throw error
    await enqueue(db, uid, payload, photo)
    return { kind: 'queued' }
  }
}

export type SyncResult =
  | { kind: 'nothing' }
  | { kind: 'synced' }
  | { kind: 'retry-later' }
  | { kind: 'refused'; reason: string }

/** Sends this member's queued profile, if any. Safe to call repeatedly (saveProfile is idempotent). */
export async function syncOutbox(db: YaariDb, uid: string, deps: SyncDeps): Promise<SyncResult> {
  const row = await db.outbox.where('uid').equals(uid).first()
  if (!row || row.id === undefined) {
    localStorage.removeItem(PENDING_SYNC_KEY)
    return { kind: 'nothing' }
  }
  if (!deps.isOnline()) return { kind: 'retry-later' }
  try {
    const ready = await withPhoto(row.payload as SaveProfileRequest, row.photo, deps)
    await deps.saveProfile(ready.payload)
    await db.outbox.delete(row.id)
    localStorage.removeItem(PENDING_SYNC_KEY)
    return { kind: 'synced' }
  } catch (error) {
    if (isRetryable(error)) {
      await db.outbox.update(row.id, { attempts: row.attempts + 1 })
      return { kind: 'retry-later' }
    }
    // Refused for good (for example the payload no longer validates): stop retrying and say so.
    logWarning('profile-sync-refused', { code: errorCode(error) })
    await db.outbox.delete(row.id)
    localStorage.removeItem(PENDING_SYNC_KEY)
    return { kind: 'refused', reason: error instanceof Error ? error.message : String(error) }
  }
}
