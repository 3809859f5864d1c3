/**
 * Where profile pictures live: Cloud Storage in production; locally, the dev stack's photo
 * store (dev/photo-store/server.mjs), which keeps and serves the bytes, because Google's Storage
 * emulator cannot run offline. PHOTO_STORE_URL selects the local one.
 */
import { randomUUID } from 'node:crypto'
import { getStorage } from 'firebase-admin/storage'
import { adminApp } from './admin'

/** How a picture is kept: its download token (shared by an upload's files), and who may cache it. */
interface SaveOptions {
  token?: string
}

export interface PhotoStore {
  /**
   * Stores the bytes and returns a URL a browser can load the picture from. A member's photo is
   * private to caches; an event's cover (each upload a new address) is cached for a year.
   */
  save(path: string, bytes: Buffer, contentType: string, options?: SaveOptions): Promise<string>
  /** Deletes one picture; one already gone is no error. */
  delete(path: string): Promise<void>
  /** True only for a URL this store gave out for a picture in the member's own folder. */
  isMemberPhotoUrl(url: string, uid: string): boolean
  /** True only for a URL this store gave out for this event's cover (event-covers/<event>/...). */
  isCoverUrl(url: string, eventId: string): boolean
  /** Deletes every picture in the member's folder but the one at `keepUrl` (all of them without it). */
  deleteMemberPhotos(uid: string, keepUrl?: string | null): Promise<number>
}

const memberFolder = (uid: string) => `profile-pictures/${uid}/`

/**
 * The object path inside a download URL (`/v0/b/{bucket}/o/{encoded path}?...`, or the local
 * store's `/o/{encoded path}`), if it is one: the whole path, so nothing before a second `/o/` hides.
 */
function objectPathOf(url: URL): string | undefined {
  const match = /^(?:\/v0\/b\/[^/]+)?\/o\/([^/]+)$/.exec(url.pathname)
  if (!match?.[1]) return undefined
  try {
    return decodeURIComponent(match[1])
  } catch {
    return undefined
  }
}

function parseUrl(url: string): URL | undefined {
  try {
    return new URL(url)
  } catch {
    return undefined
  }
}

const inCovers = (path: string | undefined) => path?.startsWith('event-covers/') === true && !path.includes('..')
/** An event's own covers: another event's upload is not this one's to show. */
const isCoverOf = (path: string | undefined, eventId: string) =>
  inCovers(path) && path?.startsWith(`event-covers/${eventId}/`) === true

function inMemberFolder(path: string | undefined, uid: string): boolean {
  return path?.startsWith(memberFolder(uid)) === true && !path.includes('..')
}

/** The object path a URL of this store points at, if it is in the member's folder. */
const keptPath = (url: string | null | undefined, uid: string) => {
  const parsed = url ? parseUrl(url) : undefined
  const path = parsed ? objectPathOf(parsed) : undefined
  return inMemberFolder(path, uid) ? path : undefined
}

/** Private for a member's photo: no shared cache keeps it after it is replaced or the account deleted. */
const cacheControlOf = (path: string) =>
  inCovers(path) ? 'public, max-age=31536000, immutable' : 'private, max-age=86400'

class CloudStoragePhotoStore implements PhotoStore {
  async save(path: string, bytes: Buffer, contentType: string, options: SaveOptions = {}): Promise<string> {
    const bucket = getStorage(adminApp()).bucket()
    const token = options.token ?? randomUUID()
    await bucket.file(path).save(bytes, {
      contentType,
      resumable: false,
      metadata: {
        cacheControl: cacheControlOf(path),
        contentDisposition: `inline; filename="${contentType === 'image/webp' ? 'picture.webp' : 'picture.jpg'}"`,
        metadata: { firebaseStorageDownloadTokens: token },
      },
    })
    return `https://firebasestorage.googleapis.com/v0/b/${bucket.name}/o/${encodeURIComponent(path)}?alt=media&token=${token}`
  }

  async delete(path: string): Promise<void> {
    await getStorage(adminApp()).bucket().file(path).delete({ ignoreNotFound: true })
  }

  isMemberPhotoUrl(url: string, uid: string): boolean {
    const path = this.objectIn(url)
    return path !== undefined && inMemberFolder(path, uid)
  }

  isCoverUrl(url: string, eventId: string): boolean {
    const path = this.objectIn(url)
    return path !== undefined && isCoverOf(path, eventId)
  }

  /** The object a download URL of this project's bucket names, or undefined for any other URL. */
  private objectIn(url: string): string | undefined {
    const parsed = parseUrl(url)
    const ours =
      parsed?.origin === 'https://firebasestorage.googleapis.com' &&
      parsed.pathname.startsWith(`/v0/b/${getStorage(adminApp()).bucket().name}/o/`)
    return ours ? objectPathOf(parsed) : undefined
  }

  async deleteMemberPhotos(uid: string, keepUrl?: string | null): Promise<number> {
    const keep = keptPath(keepUrl, uid)
    const [files] = await getStorage(adminApp())
      .bucket()
      .getFiles({ prefix: memberFolder(uid) })
    const doomed = files.filter((file) => file.name !== keep)
    await Promise.all(doomed.map((file) => file.delete({ ignoreNotFound: true })))
    return doomed.length
  }
}

class LocalPhotoStore implements PhotoStore {
  constructor(
    private readonly baseUrl: string,
    private readonly secret: string,
  ) {}

  async delete(path: string): Promise<void> {
    const response = await fetch(`${this.baseUrl}/o/${encodeURIComponent(path)}`, {
      method: 'DELETE',
      headers: { 'x-photo-store-secret': this.secret },
    })
    if (!response.ok && response.status !== 404) throw new Error(`Photo store answered ${response.status}`)
  }

  async save(path: string, bytes: Buffer, contentType: string): Promise<string> {
    const response = await fetch(`${this.baseUrl}/o/${encodeURIComponent(path)}`, {
      method: 'PUT',
      headers: { 'content-type': contentType, 'x-photo-store-secret': this.secret },
      body: new Uint8Array(bytes),
    })
    if (!response.ok) throw new Error(`Photo store answered ${response.status}`)
    const { url } = (await response.json()) as { url: string }
    return url
  }

  isMemberPhotoUrl(url: string, uid: string): boolean {
    const parsed = parseUrl(url)
    return parsed?.origin === new URL(this.baseUrl).origin && inMemberFolder(objectPathOf(parsed), uid)
  }

  isCoverUrl(url: string, eventId: string): boolean {
    const parsed = parseUrl(url)
    return parsed?.origin === new URL(this.baseUrl).origin && isCoverOf(objectPathOf(parsed), eventId)
  }

  async deleteMemberPhotos(uid: string, keepUrl?: string | null): Promise<number> {
    const keep = keptPath(keepUrl, uid)
    const headers = { 'x-photo-store-secret': this.secret }
    const listed = await fetch(`${this.baseUrl}/list?prefix=${encodeURIComponent(memberFolder(uid))}`, { headers })
    if (!listed.ok) throw new Error(`Photo store answered ${listed.status}`)
    const { paths } = (await listed.json()) as { paths: string[] }
    const doomed = paths.filter((path) => path !== keep)
    for (const path of doomed) {
      const response = await fetch(`${this.baseUrl}/o/${encodeURIComponent(path)}`, { method: 'DELETE', headers })
      if (!response.ok && response.status !== 404) throw new Error(`Photo store answered ${response.status}`)
    }
    return doomed.length
  }
}

let store: PhotoStore | undefined

export function photoStore(): PhotoStore {
  if (!store) {
    const local = process.env.PHOTO_STORE_URL
    store = local ? new LocalPhotoStore(local, process.env.PHOTO_STORE_SECRET ?? '') : new CloudStoragePhotoStore()
  }
  return store
}
