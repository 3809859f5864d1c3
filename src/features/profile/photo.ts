/**
 * The profile picture in the browser: checked (image, at most 5 MB), made smaller before it
 * is stored in the draft or sent, and uploaded through the `uploadProfilePhoto` function.
 */

import { MAX_PHOTO_BYTES, MESSAGES, PHOTO_MAX_SIDE, uploadProfilePhotoCall } from '@yaari/domain/profile'
import { call } from '../../lib/call'

export type PhotoProblem = { title: string; description: string }

/** The messages for a file that is not an image or is over 5 MB. */
export function photoProblem(file: { type: string; size: number }): PhotoProblem | undefined {
  if (!file.type.startsWith('image/')) return { title: MESSAGES.photoTypeTitle, description: MESSAGES.photoType }
  if (file.size > MAX_PHOTO_BYTES) return { title: MESSAGES.photoSizeTitle, description: MESSAGES.photoSize }
  return undefined
}

/** Width and height that fit within `maxSide`, keeping the proportions; never enlarges. */
export function fitWithin(width: number, height: number, maxSide = PHOTO_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height))
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

/**
 * Decodes the image and re-encodes it as a JPEG of at most PHOTO_MAX_SIDE pixels a side.
 * Rejects when the browser cannot decode it (not really an image).
 */
export async function resizePhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file)
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height)
    const canvas = document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    const context = canvas.getContext('2d')
    if (!context) throw new Error('No 2D canvas')
    context.fillStyle = '#ffffff' // transparent areas become white, not black, in a JPEG
    context.fillRect(0, 0, width, height)
    context.drawImage(bitmap, 0, 0, width, height)
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Could not encode'))), 'image/jpeg', 0.85),
    )
  } finally {
    bitmap.close()
  }
}

async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer())
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/** Uploads the picture; resolves with the URL to keep in the profile. */
export async function uploadPhoto(blob: Blob): Promise<string> {
  const data = await blobToBase64(blob)
  // resizePhoto always makes a JPEG. No time limit of our own: a photo on a slow line takes a while.
  const { url } = await call(uploadProfilePhotoCall, { contentType: 'image/jpeg', data }, { timeoutMs: 0 })
  return url
}
