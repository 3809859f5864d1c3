/**
 * Yaari's Cloud Functions (v2, asia-south1). Each handler validates its input with the
 * shared Valibot schema and takes the user id only from the verified auth token.
 */
import { setGlobalOptions } from 'firebase-functions/v2'
import { onCall, onRequest } from 'firebase-functions/v2/https'
import { getAvailabilityHandler } from './availability'
import {
  type BookingDeps,
  cashfreeWebhookHandler,
  createBookingHandler,
  getBookingHandler,
  listMyBookingsHandler,
} from './bookings'
import { db } from './lib/admin'
import { requireMember } from './lib/auth'
import { cashfreeConfig, cashfreeGateway } from './lib/cashfree'
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

/** Cashfree and where the browser returns: configuration (functions/.env, or the dev stack's .env.local). */
function bookingDeps(): BookingDeps {
  return {
    firestore: db(),
    gateway: cashfreeGateway(cashfreeConfig()),
    appOrigin: (process.env.APP_ORIGIN ?? '').replace(/\/+$/, ''),
  }
}

export const createBooking = onCall({ cors: true }, (request) =>
  createBookingHandler(bookingDeps(), requireMember(request), request.data),
)

export const getBooking = onCall({ cors: true }, (request) =>
  getBookingHandler(bookingDeps(), requireMember(request), request.data),
)

export const listMyBookings = onCall({ cors: true }, (request) =>
  listMyBookingsHandler(bookingDeps(), requireMember(request)),
)

export const cashfreeWebhook = onRequest(async (request, response) => {
  if (request.method !== 'POST') {
    response.status(405).send('POST only')
    return
  }
  const { status, body } = await cashfreeWebhookHandler(bookingDeps(), cashfreeConfig().clientSecret, {
    rawBody: request.rawBody,
    headers: request.headers,
  })
  response.status(status).send(body)
})
