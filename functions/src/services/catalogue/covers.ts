/**
 * An event's cover, uploaded through the editor: the bytes are decoded as an image (JPEG, PNG or
 * WebP, whatever the file's name or declared type: SVG, HTML and everything else refused), at
 * most 5 MB, and re-encoded as WebP in the widths the pages use, which drops every piece of
 * metadata. What is stored is never what was sent. Answers the URL the record keeps.
 */
import { randomUUID } from 'node:crypto'
import type { RequestOf } from '@yaari/domain/callable'
import { COVER_WIDTHS, type uploadEventCoverCall } from '@yaari/domain/catalogue-editor'
import { CATALOGUE_MESSAGES } from '@yaari/domain/catalogue-records'
import { MAX_PHOTO_BYTES } from '@yaari/domain/profile'
import type { Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import type { PhotoStore } from '../../lib/photo-store'
import { MAX_INPUT_PIXELS } from '../photos'
import type { Editor } from './editor'
import { eventOf, eventRecords } from './records'

const COVER_FORMATS = new Set(['jpeg', 'png', 'webp'])
/** Covers are 16:9 (the cards and the event page crop to it). */
const COVER_RATIO = 9 / 16

/** The cover at each width as WebP, or undefined when the bytes are not a photo of an accepted format. */
export async function encodeCover(bytes: Buffer): Promise<Map<number, Buffer> | undefined> {
  const { default: sharp } = await import('sharp')
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
    if (!COVER_FORMATS.has((await image.metadata()).format ?? '')) return undefined
    const sized = new Map<number, Buffer>()
    for (const width of COVER_WIDTHS) {
      sized.set(
        width,
        await image
          .clone()
          .rotate()
          .resize(width, Math.round(width * COVER_RATIO), { fit: 'cover', withoutEnlargement: false })
          .webp({ quality: 80 })
          .toBuffer(),
      )
    }
    return sized
  } catch {
    return undefined
  }
}

export async function uploadEventCover(
  firestore: Firestore,
  store: PhotoStore,
  { roles }: Editor,
  input: RequestOf<typeof uploadEventCoverCall>,
): Promise<{ image: string }> {
  // The event's city decides who may: a new event's city is the one its draft names, so a cover
  // comes after the first save.
  const record = eventOf((await eventRecords(firestore).doc(input.id).get()).data())
  if (!record) throw new HttpsError('not-found', CATALOGUE_MESSAGES.notFound)
  if (!roles.admin && !roles.hostCities.includes(record.city))
    throw new HttpsError('permission-denied', CATALOGUE_MESSAGES.notYourCity)
  const bytes = Buffer.from(input.data, 'base64')
  if (bytes.length > MAX_PHOTO_BYTES) throw new HttpsError('invalid-argument', CATALOGUE_MESSAGES.coverSize)
  const sized = bytes.length ? await encodeCover(bytes) : undefined
  if (!sized) throw new HttpsError('invalid-argument', CATALOGUE_MESSAGES.coverType)
  // A new address for each upload: a cover once cached never changes.
  const name = `event-covers/${input.id}/${randomUUID()}`
  const urls = new Map<number, string>()
  for (const [width, webp] of sized) urls.set(width, await store.save(`${name}-${width}.webp`, webp, 'image/webp'))
  return { image: urls.get(COVER_WIDTHS.at(-1)!)! }
}
