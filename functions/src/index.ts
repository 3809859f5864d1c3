/**
 * Yaari's Cloud Functions (v2, asia-south1). Each handler validates its input with the
 * shared Valibot schema and takes the user id only from the verified auth token.
 */
import { setGlobalOptions } from 'firebase-functions/v2'
import { type CallableRequest, onCall, onRequest } from 'firebase-functions/v2/https'
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
import { refuseDangerousKeys } from './lib/validate'
import { uploadProfilePhotoHandler } from './photos'
import { getMyProfileHandler, saveProfileHandler } from './profile'

setGlobalOptions({ region: 'asia-south1', maxInstances: 10 })

/** A callable whose raw payload is checked for prototype keys before anything decodes or reads it. */
function callable<T>(handler: (request: CallableRequest) => T | Promise<T>) {
  return onCall({ cors: true }, (request) => {
    refuseDangerousKeys((request.rawRequest?.body as { data?: unknown } | undefined)?.data)
    return handler(request)
  })
}

export const getAvailability = callable((request) => getAvailabilityHandler(db(), request.data))

export const saveProfile = callable((request) =>
  saveProfileHandler(db(), photoStore(), requireMember(request), request.data),
)

export const getMyProfile = callable((request) => getMyProfileHandler(db(), requireMember(request), request.data))

export const uploadProfilePhoto = callable((request) =>
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

export const createBooking = callable((request) =>
  createBookingHandler(bookingDeps(), requireMember(request), request.data),
)

export const getBooking = callable((request) => getBookingHandler(bookingDeps(), requireMember(request), request.data))

export const listMyBookings = callable((request) =>
  listMyBookingsHandler(bookingDeps(), requireMember(request), request.data),
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
