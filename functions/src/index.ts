/**
 * Yaari's Cloud Functions (v2, asia-south1). Each handler validates its input with the
 * shared Valibot schema and takes the user id only from the verified auth token.
 */
import { timingSafeEqual } from 'node:crypto'
import { getAuth } from 'firebase-admin/auth'
import { setGlobalOptions } from 'firebase-functions/v2'
import { type CallableOptions, type CallableRequest, HttpsError, onCall, onRequest } from 'firebase-functions/v2/https'
import { onSchedule } from 'firebase-functions/v2/scheduler'
import { deleteMyAccountCall, exportMyDataCall } from '../../src/domain/account'
import { getAvailabilityCall } from '../../src/domain/availability'
import { cancelBookingCall, createBookingCall, getBookingCall } from '../../src/domain/booking'
import type { CallableContract, ResponseOf } from '../../src/domain/callable'
import { listMyBookingsCall } from '../../src/domain/my-bookings'
import { getMyProfileCall, saveProfileCall, uploadProfilePhotoCall } from '../../src/domain/profile'
import { joinWaitlistCall, leaveWaitlistCall } from '../../src/domain/waitlist'
import { deleteMyAccountHandler, exportMyDataHandler } from './account'
import { getAvailabilityHandler } from './availability'
import { cancelBookingHandler } from './bookings/cancel'
import { createBookingHandler } from './bookings/create'
import type { BookingDeps } from './bookings/records'
import { getBookingHandler, listMyBookingsHandler } from './bookings/views'
import { joinWaitlistHandler, leaveWaitlistHandler } from './bookings/waitlist'
import { cashfreeWebhookHandler } from './bookings/webhook'
import { adminApp, db } from './lib/admin'
import { requireMember } from './lib/auth'
import { cashfreeGateway } from './lib/cashfree'
import { info } from './lib/log'
import { isAllowedOrigin, LOOPBACK_ORIGIN } from './lib/origins'
import { photoStore } from './lib/photo-store'
import {
  APP_CHECK_SITE_KEY,
  APP_ORIGIN,
  CASHFREE_SECRETS,
  functionSettings,
  PASS_SIGNING_KEY,
  passSigner,
  SMTP_URL,
} from './lib/settings'
import { isDemoProject } from './lib/settings-schema'
import { smtpMailer } from './lib/smtp'
import { refuseDangerousKeys } from './lib/validate'
import { uploadProfilePhotoHandler } from './photos'
import { getMyProfileHandler, saveProfileHandler } from './profile'
import { type JobDeps, SCHEDULED_JOBS, type ScheduledJob } from './schedules'

const REGION = 'asia-south1'
const TIME_ZONE = 'Asia/Kolkata'
setGlobalOptions({ region: REGION, maxInstances: 10 })

const LOCAL = process.env.FUNCTIONS_EMULATOR === 'true'

/**
 * A callable that answers only the site's pages: CORS allows APP_ORIGIN alone (any loopback
 * address in the emulator), and a request that names another origin is refused outright. Its
 * raw payload is checked for prototype keys before anything decodes or reads it.
 */
function callable<C extends CallableContract>(
  contract: C,
  handler: (request: CallableRequest) => Promise<ResponseOf<C>>,
  options: Omit<CallableOptions, 'cors'> = {},
) {
  const endpoint = onCall({ ...options, cors: LOCAL ? LOOPBACK_ORIGIN : APP_ORIGIN }, (request) => {
    const site = { appOrigin: APP_ORIGIN.value(), local: isDemoProject(process.env.GCLOUD_PROJECT ?? '') }
    if (!isAllowedOrigin(request.rawRequest?.headers.origin, site)) {
      throw new HttpsError('permission-denied', 'This page may not call Yaari.')
    }
    refuseDangerousKeys((request.rawRequest?.body as { data?: unknown } | undefined)?.data)
    return handler(request)
  })
  return Object.assign(endpoint, { contract })
}

/** Functions that call Cashfree: its secret bound, so the runtime passes it to them and no others. */
const withCashfree = { secrets: CASHFREE_SECRETS }
/** Functions that answer with tickets: Cashfree's secret and the key that signs members' passes. */
const withPasses = { secrets: [...CASHFREE_SECRETS, PASS_SIGNING_KEY] }
/** With an App Check site key configured, these refuse calls without a valid App Check token. */
const withAppCheck = { enforceAppCheck: APP_CHECK_SITE_KEY.notEquals('') }

/** Cashfree and where the browser returns, from the checked params (a bad value throws, never a default). */
function bookingDeps(): BookingDeps {
  const settings = functionSettings()
  return {
    firestore: db(),
    gateway: cashfreeGateway(settings.cashfree),
    appOrigin: settings.appOrigin,
    cashfreeMode: settings.cashfree.environment,
  }
}

export const getAvailability = callable(
  getAvailabilityCall,
  (request) => getAvailabilityHandler(bookingDeps(), request.data),
  withCashfree,
)

export const saveProfile = callable(saveProfileCall, (request) =>
  saveProfileHandler(db(), photoStore(), requireMember(request), request.data),
)

export const getMyProfile = callable(getMyProfileCall, (request) =>
  getMyProfileHandler(db(), requireMember(request), request.data),
)

export const uploadProfilePhoto = callable(
  uploadProfilePhotoCall,
  (request) => uploadProfilePhotoHandler(db(), photoStore(), requireMember(request), request.data),
  withAppCheck,
)

export const createBooking = callable(
  createBookingCall,
  (request) => createBookingHandler(bookingDeps(), requireMember(request), request.data),
  { ...withCashfree, ...withAppCheck },
)

export const getBooking = callable(
  getBookingCall,
  (request) => getBookingHandler({ ...bookingDeps(), passes: passSigner() }, requireMember(request), request.data),
  withPasses,
)

export const cancelBooking = callable(
  cancelBookingCall,
  (request) => cancelBookingHandler(bookingDeps(), requireMember(request), request.data),
  withCashfree,
)

export const joinWaitlist = callable(
  joinWaitlistCall,
  (request) => joinWaitlistHandler(bookingDeps(), requireMember(request), request.data),
  withCashfree,
)

export const leaveWaitlist = callable(
  leaveWaitlistCall,
  (request) => leaveWaitlistHandler(bookingDeps(), requireMember(request), request.data),
  withCashfree,
)

export const listMyBookings = callable(
  listMyBookingsCall,
  (request) => listMyBookingsHandler({ ...bookingDeps(), passes: passSigner() }, requireMember(request), request.data),
  withPasses,
)

export const exportMyData = callable(exportMyDataCall, (request) =>
  exportMyDataHandler({ firestore: db() }, requireMember(request), request.data),
)

/** Deletes the sign-in; one already gone (a second try) is not an error. */
async function deleteAuthUser(uid: string): Promise<void> {
  await getAuth(adminApp())
    .deleteUser(uid)
    .catch((error: unknown) => {
      if ((error as { code?: string }).code !== 'auth/user-not-found') throw error
    })
}

export const deleteMyAccount = callable(
  deleteMyAccountCall,
  (request) =>
    deleteMyAccountHandler(
      { ...bookingDeps(), photos: photoStore(), deleteAuthUser },
      { ...requireMember(request), signedInAt: Number(request.auth?.token.auth_time) * 1000 },
      request.data,
    ),
  withCashfree,
)

export const cashfreeWebhook = onRequest(withCashfree, async (request, response) => {
  if (request.method !== 'POST') {
    response.status(405).send('POST only')
    return
  }
  const deps = bookingDeps()
  const { status, body } = await cashfreeWebhookHandler(deps, functionSettings().cashfree.clientSecret, {
    rawBody: request.rawBody,
    headers: request.headers,
  })
  response.status(status).send(body)
})

/** What the jobs run with; the mail transport is made (and its params read) only by deliverMail. */
const jobDeps = (now?: Date): JobDeps => ({ ...bookingDeps(), mailer: smtpMailer, ...(now ? { now: () => now } : {}) })

async function runJob(name: ScheduledJob, now?: Date) {
  const report = await SCHEDULED_JOBS[name].run(jobDeps(now))
  info(`job-${name}`, { report })
  return report
}

/** Every job reads the settings, Cashfree's secret among them; deliverMail also needs the SMTP server's. */
const JOB_SECRETS = [...CASHFREE_SECRETS, SMTP_URL]

const every = (name: ScheduledJob) => ({
  schedule: `every ${SCHEDULED_JOBS[name].everyMinutes} minutes`,
  timeZone: TIME_ZONE,
  region: REGION,
  secrets: name === 'deliverMail' ? JOB_SECRETS : CASHFREE_SECRETS,
})

/** Frees holds whose time has passed (abandoned checkouts, interrupted bookings). */
export const sweepExpiredHolds = onSchedule(every('sweepExpiredHolds'), async () => {
  await runJob('sweepExpiredHolds')
})

/** Looks again at bookings whose payment may still change (lost webhooks, late payments, refunds). */
export const reconcilePayments = onSchedule(every('reconcilePayments'), async () => {
  await runJob('reconcilePayments')
})

/** Queues the venue brief and the day's reminder for the bookings they are due to. */
export const queueReminders = onSchedule(every('queueReminders'), async () => {
  await runJob('queueReminders')
})

/** Refunds, ends and tells every booking of a date the team has cancelled. */
export const settleCancelledDates = onSchedule(every('settleCancelledDates'), async () => {
  await runJob('settleCancelledDates')
})

/** Sends the queued email that is due (confirmations, briefs, reminders, payment and refund news). */
export const deliverMail = onSchedule(every('deliverMail'), async () => {
  await runJob('deliverMail')
})

/**
 * The Functions emulator fires no schedules, so locally the stack runs each job on its period
 * through this trigger: `GET` lists the jobs and periods, `POST ?job=<name>` runs one, and tests may
 * add `&at=<ISO time>` to run it as of that time. Exported only inside the emulator (never
 * deployed) and only for the stack's secret.
 */
export const runScheduledJob =
  process.env.FUNCTIONS_EMULATOR === 'true'
    ? onRequest({ secrets: JOB_SECRETS }, async (request, response) => {
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
        const at = request.query.at === undefined ? undefined : new Date(String(request.query.at))
        if (at && Number.isNaN(at.getTime())) {
          response.status(400).send(`at=${request.query.at} is not a time`)
          return
        }
        response.json(await runJob(name as ScheduledJob, at))
      })
    : undefined
