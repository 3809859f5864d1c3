/**
 * An event's cover, uploaded through the editor: the bytes are decoded as an image (JPEG, PNG or
 * WebP, whatever the file's name or declared type: SVG, HTML and everything else refused), at
 * most 5 MB, and re-encoded twice, which drops every piece of metadata: a 960 px WebP for the
 * pages and a 1200 x 630 JPEG for link previews and search engines. What is stored is never what
 * was sent. Answers the cover's URL, which the record keeps.
 *
 * An upload is written down (`cover_uploads`) before its files are stored, so a run cut off
 * between the two, or a cover the editor never saved, leaves a line the hourly sweep finds: a day
 * on, files that no record and no published event use are deleted, with their line.
 */
import { randomUUID } from 'node:crypto'
import type { RequestOf } from '@yaari/domain/callable'
import type { Catalogue } from '@yaari/domain/catalogue'
import type { uploadEventCoverCall } from '@yaari/domain/catalogue-editor'
import { CATALOGUE_MESSAGES, COVER_UPLOADS_PER_DAY } from '@yaari/domain/catalogue-records'
import { COVER_WIDTH, coverFiles } from '@yaari/domain/cover'
import { MAX_PHOTO_BYTES } from '@yaari/domain/profile'
import type { Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import { type Context, nowOf } from '../../lib/context'
import { coversInRecords, readStoredEvent } from '../../lib/data/catalogue-events'
import { forgetUpload, noteUpload, uploadStored, uploadsBefore } from '../../lib/data/cover-uploads'
import type { PhotoStore } from '../../lib/photo-store'
import { MAX_INPUT_PIXELS } from '../photos'
import type { Editor } from './editor'
import { claimDailySlot } from './limits'

const COVER_FORMATS = new Set(['jpeg', 'png', 'webp'])
/** Covers are 16:9 (the cards and the event page crop to it). */
const COVER_RATIO = 9 / 16
/** Link previews (Open Graph, Twitter, search results) want 1200 x 630. */
const PREVIEW = { width: 1200, height: 630 } as const
/** How long an upload no record uses is kept: the editor's "Save or publish to use it" takes minutes. */
const UNUSED_COVER_MS = 24 * 60 * 60_000

/** The cover as WebP and its link preview as JPEG, or undefined when the bytes are not a photo of an accepted format. */
async function encodeCover(bytes: Buffer): Promise<{ cover: Buffer; preview: Buffer } | undefined> {
  const { default: sharp } = await import('sharp')
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
    if (!COVER_FORMATS.has((await image.metadata()).format ?? '')) return undefined
    const upright = image.clone().rotate()
    const [cover, preview] = await Promise.all([
      upright
        .clone()
        .resize(COVER_WIDTH, Math.round(COVER_WIDTH * COVER_RATIO), { fit: 'cover', withoutEnlargement: false })
        .webp({ quality: 80 })
        .toBuffer(),
      upright
        .clone()
        .resize(PREVIEW.width, PREVIEW.height, { fit: 'cover', withoutEnlargement: false })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer(),
    ])
    return { cover, preview }
  } catch {
    return undefined
  }
}

export async function uploadEventCover(
  context: Pick<Context, 'firestore' | 'now'> & { photos: PhotoStore },
  actor: Editor,
  input: RequestOf<typeof uploadEventCoverCall>,
): Promise<{ image: string }> {
  const { firestore, photos: store } = context
  const { roles } = actor
  const now = nowOf(context)
  // The event's city decides who may: a new event's city is the one its draft names, so a cover
  // comes after the first save.
  const record = (await readStoredEvent(firestore, input.id))?.record
  if (!record) throw new HttpsError('not-found', CATALOGUE_MESSAGES.notFound)
  if (!roles.admin && !roles.hostCities.includes(record.city))
    throw new HttpsError('permission-denied', CATALOGUE_MESSAGES.notYourCity)
  const bytes = Buffer.from(input.data, 'base64')
  if (bytes.length > MAX_PHOTO_BYTES) throw new HttpsError('invalid-argument', CATALOGUE_MESSAGES.coverSize)
  // The day's slot before the decoding: a flood of files costs the account its slots, not our CPU.
  await claimDailySlot(firestore, actor, 'cover', COVER_UPLOADS_PER_DAY, CATALOGUE_MESSAGES.tooManyCovers, now)
  const encoded = bytes.length ? await encodeCover(bytes) : undefined
  if (!encoded) throw new HttpsError('invalid-argument', CATALOGUE_MESSAGES.coverType)
  // A new address for each upload: a cover once cached never changes.
  const id = randomUUID()
  const files = coverFiles(`event-covers/${input.id}/${id}`)
  await noteUpload(firestore, id, input.id, [files.cover, files.preview], now)
  const token = randomUUID()
  const [image] = await Promise.all([
    store.save(files.cover, encoded.cover, 'image/webp', { token }),
    store.save(files.preview, encoded.preview, 'image/jpeg', { token }),
  ])
  await uploadStored(firestore, id, image)
  return { image }
}

/**
 * Deletes the covers uploaded more than a day ago that nothing uses: no event record (drafts
 * included) and no event of the published catalogue (archived ones included) names them. Each
 * upload's files go, then its line; what is in use keeps its line, to be looked at again.
 */
export async function sweepUnusedCovers(
  firestore: Firestore,
  catalogue: Catalogue,
  store: PhotoStore,
  now: number,
): Promise<{ deleted: number; kept: number }> {
  const [old, covers] = await Promise.all([uploadsBefore(firestore, now - UNUSED_COVER_MS), coversInRecords(firestore)])
  const used = new Set([...covers, ...catalogue.events.map((event) => event.image)])
  let deleted = 0
  for (const { id, record: upload } of old) {
    if (upload.url !== undefined && used.has(upload.url)) continue
    for (const path of upload.paths) await store.delete(path)
    await forgetUpload(firestore, id)
    deleted += 1
  }
  return { deleted, kept: old.length - deleted }
}
