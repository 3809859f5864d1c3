/**
 * uploadProfilePhoto: stores a member's profile picture under
 * profile-pictures/{uid}/{timestamp}.jpg and returns the URL kept in profile_picture_url.
 *
 * What is stored is never what was sent: the bytes are decoded as an image and re-encoded as a
 * JPEG (turned upright, at most PHOTO_MAX_SIDE pixels on its longest side), which drops every piece of
 * metadata (EXIF, GPS, comments) and anything hidden after the image. A member may upload at
 * most PHOTO_UPLOADS_PER_DAY pictures a day (IST); older pictures are deleted when the profile
 * is saved with a new one (saveProfile).
 */

import type { RequestOf } from '@yaari/domain/callable'
import { MAX_PHOTO_BYTES, MESSAGES, PHOTO_MAX_SIDE, type uploadProfilePhotoCall } from '@yaari/domain/profile'
import type { Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import { type Context, type Member, nowOf } from '../lib/context'
import { photoUploads } from '../lib/data/photo-uploads'
import type { PhotoStore } from '../lib/photo-store'

/**
 * A decompression bomb (a small file of a huge image) is refused before it is decoded. 40 MP is
 * 160 MB as RGBA: the function's memory (handlers/sizing.ts) is sized to decode two at once.
 */
export const MAX_INPUT_PIXELS = 40_000_000
const PHOTO_UPLOADS_PER_DAY = 10
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif'])

/** A real image, re-encoded as a JPEG with no metadata; undefined when the bytes are not one. */
async function reencodePhoto(bytes: Buffer): Promise<Buffer | undefined> {
  // Loaded on the first upload, not with every function: libvips is a large native library.
  const { default: sharp } = await import('sharp')
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
    // Only the photo formats phones and browsers make (no SVG, TIFF, PDF or other decoders).
    if (!ACCEPTED_FORMATS.has((await image.metadata()).format ?? '')) return undefined
    return await image
      .rotate() // upright by its EXIF orientation, before the EXIF goes
      .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' }) // transparent PNGs on white, not black
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer()
  } catch {
    return undefined
  }
}

/** One of today's uploads for this member, or a refusal once they are used up. */
async function claimUpload(firestore: Firestore, uid: string, now: Date): Promise<void> {
  if (!(await photoUploads.claim(firestore, uid, PHOTO_UPLOADS_PER_DAY, now.getTime()))) {
    throw new HttpsError(
      'resource-exhausted',
      `You have uploaded ${PHOTO_UPLOADS_PER_DAY} photos today. Please try again tomorrow.`,
    )
  }
}

export async function uploadProfilePhoto(
  context: Pick<Context, 'firestore' | 'now'> & { photos: PhotoStore },
  member: Pick<Member, 'uid'>,
  input: RequestOf<typeof uploadProfilePhotoCall>,
): Promise<{ url: string; path: string }> {
  const { firestore, photos: store } = context
  const now = new Date(nowOf(context))
  const bytes = Buffer.from(input.data, 'base64')
  if (bytes.length === 0) throw new HttpsError('invalid-argument', MESSAGES.photoType)
  if (bytes.length > MAX_PHOTO_BYTES) throw new HttpsError('invalid-argument', MESSAGES.photoSize)
  await claimUpload(firestore, member.uid, now)
  const jpeg = await reencodePhoto(bytes)
  if (!jpeg) throw new HttpsError('invalid-argument', MESSAGES.photoType)
  const path = `profile-pictures/${member.uid}/${now.getTime()}.jpg`
  const url = await store.save(path, jpeg, 'image/jpeg')
  return { url, path }
}
