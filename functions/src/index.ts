/**
 * Yaari's Cloud Functions (v2, asia-south1). Each handler validates its input with the
 * shared Valibot schema and takes the user id only from the verified auth token.
 */
import { setGlobalOptions } from 'firebase-functions/v2'
import { onCall } from 'firebase-functions/v2/https'
import { getAvailabilityHandler } from './availability'
import { db } from './lib/admin'
import { requireMember } from './lib/auth'
import { photoStore } from './lib/photo-store'
import { uploadProfilePhotoHandler } from './photos'
import { getMyProfileHandler, saveProfileHandler } from './profile'

setGlobalOptions({ region: 'asia-south1', maxInstances: 10 })

export const getAvailability = onCall({ cors: true }, (request) => getAvailabilityHandler(db(), request.data))

export const saveProfile = onCall({ cors: true }, (request) =>
  saveProfileHandler(db(), photoStore(), requireMember(request), request.data),
)

export const getMyProfile = onCall({ cors: true }, (request) => getMyProfileHandler(db(), requireMember(request)))

export const uploadProfilePhoto = onCall({ cors: true }, (request) =>
  uploadProfilePhotoHandler(photoStore(), requireMember(request), request.data),
)
