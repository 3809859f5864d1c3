/**
 * Yaari's Cloud Functions (v2, asia-south1). Each handler validates its input with the
 * shared Valibot schema and takes the user id only from the verified auth token.
 */
import { timingSafeEqual } from 'node:crypto'
import { setGlobalOptions } from 'firebase-functions/v2'
import { type CallableRequest, onCall, onRequest } from 'firebase-functions/v2/https'
import { onSchedule } from 'firebase-functions/v2/scheduler'
import { getAvailabilityHandler } from './availability'
import { createBookingHandler } from './bookings/create'
import { SCHEDULED_JOBS, type ScheduledJob } from './bookings/jobs'
import type { BookingDeps } from './bookings/records'
import { getBookingHandler, listMyBookingsHandler } from './bookings/views'
import { cashfreeWebhookHandler } from './bookings/webhook'
import { db } from './lib/admin'
import { requireMember } from './lib/auth'
import { cashfreeConfig, cashfreeGateway } from './lib/cashfree'
import { info } from './lib/log'
import { photoStore } from './lib/photo-store'
import { refuseDangerousKeys } from './lib/validate'
import { uploadProfilePhotoHandler } from './photos'
import { getMyProfileHandler, saveProfileHandler } from './profile'

const REGION = 'asia-south1'
const TIME_ZONE = 'Asia/Kolkata'
setGlobalOptions({ region: REGION, maxInstances: 10 })

/** A callable whose raw payload is checked for prototype keys before anything decodes or reads it. */
function callable<T>(handler: (request: CallableRequest) => T | Promise<T>) {
  return onCall({ cors: true }, (request) => {
    refuseDangerousKeys((request.rawRequest?.body as { data?: unknown } | undefined)?.data)
    return handler(request)
  })
}

/** Cashfree and where the browser returns: configuration (functions/.env, or the dev stack's .env.local). */
function bookingDeps(): BookingDeps {
  return {
    firestore: db(),
    gateway: cashfreeGateway(cashfreeConfig()),
    appOrigin: (process.env.APP_ORIGIN ?? '').replace(/\/+$/, ''),
  }
}

export const getAvailability = callable((request) => getAvailabilityHandler(bookingDeps(), request.data))

export const saveProfile = callable((request) =>
  saveProfileHandler(db(), photoStore(), requireMember(request), request.data),
)

export const getMyProfile = callable((request) => getMyProfileHandler(db(), requireMember(request), request.data))

export const uploadProfilePhoto = callable((request) =>
  uploadProfilePhotoHandler(db(), photoStore(), requireMember(request), request.data),
)

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

async function runJob(name: ScheduledJob) {
  const report = await SCHEDULED_JOBS[name].run(bookingDeps())
  info(`job-${name}`, { report })
  return report
}

const every = (name: ScheduledJob) => ({
  schedule: `every ${SCHEDULED_JOBS[name].everyMinutes} minutes`,
  timeZone: TIME_ZONE,
  region: REGION,
})

/** Frees holds whose time has passed (abandoned checkouts, interrupted bookings). */
export const sweepExpiredHolds = onSchedule(every('sweepExpiredHolds'), async () => {
  await runJob('sweepExpiredHolds')
})

/** Looks again at bookings whose payment may still change (lost webhooks, late payments, refunds). */
export const reconcilePayments = onSchedule(every('reconcilePayments'), async () => {
  await runJob('reconcilePayments')
})

/**
 * The Functions emulator fires no schedules, so locally the stack runs each job on its period
 * through this trigger: `GET` lists the jobs and periods, `POST ?job=<name>` runs one. Exported
 * only inside the emulator (never deployed) and only for the stack's secret.
 */
export const runScheduledJob =
  process.env.FUNCTIONS_EMULATOR === 'true'
    ? onRequest(async (request, response) => {
        const secret = Buffer.from(process.env.STACK_SECRET ?? '')
        const given = Buffer.from(String(request.headers['x-stack-secret'] ?? ''))
        if (secret.length === 0 || given.length !== secret.length || !timingSafeEqual(given, secret)) {
          response.status(403).send('forbidden')
          return
        }
        if (request.method === 'GET') {
          response.json(Object.entries(SCHEDULED_JOBS).map(([name, job]) => ({ name, everyMinutes: job.everyMinutes })))
          return
        }
        const name = String(request.query.job ?? '')
        if (!(name in SCHEDULED_JOBS)) {
          response.status(404).send(`no job ${name}`)
          return
        }
        response.json(await runJob(name as ScheduledJob))
      })
    : undefined
