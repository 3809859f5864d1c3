/**
 * uploadProfilePhoto: stores a member's profile picture under
 * profile-pictures/{uid}/{timestamp}.{ext} and returns the URL kept in profile_picture_url.
 * The type is read from the bytes, not trusted from the client.
 */

import { HttpsError } from 'firebase-functions/v2/https'
import * as v from 'valibot'
import { MAX_PHOTO_BYTES, MESSAGES } from '../../src/domain/profile'
import type { PhotoStore } from './lib/photo-store'
import { parseRequest } from './lib/validate'

// base64 is 4/3 of the bytes; allow a little for padding.
const MAX_BASE64_LENGTH = Math.ceil((MAX_PHOTO_BYTES * 4) / 3) + 4

export const uploadPhotoSchema = v.strictObject({
  contentType: v.picklist(['image/jpeg', 'image/png', 'image/webp', 'image/gif'], MESSAGES.photoType),
  data: v.pipe(
    v.string('data must be the image as base64'),
    v.maxLength(MAX_BASE64_LENGTH, MESSAGES.photoSize),
    v.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'data must be the image as base64'),
  ),
})

const SIGNATURES: { type: string; ext: string; test: (b: Buffer) => boolean }[] = [
  { type: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/png',
    ext: 'png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])),
  },
  { type: 'image/gif', ext: 'gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  {
    type: 'image/webp',
    ext: 'webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
]

export async function uploadProfilePhotoHandler(
  store: PhotoStore,
  member: { uid: string },
  data: unknown,
  now: Date = new Date(),
): Promise<{ url: string; path: string }> {
  const input = parseRequest(uploadPhotoSchema, data)
  const bytes = Buffer.from(input.data, 'base64')
  if (bytes.length === 0) throw new HttpsError('invalid-argument', MESSAGES.photoType)
  if (bytes.length > MAX_PHOTO_BYTES) throw new HttpsError('invalid-argument', MESSAGES.photoSize)
  const kind = SIGNATURES.find((signature) => signature.test(bytes))
  if (!kind) throw new HttpsError('invalid-argument', MESSAGES.photoType)
  const path = `profile-pictures/${member.uid}/${now.getTime()}.${kind.ext}`
  const url = await store.save(path, bytes, kind.type)
  return { url, path }
}
