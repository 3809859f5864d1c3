/**
 * Yaari's Cloud Functions (v2, asia-south1), the entry the deploy reads: the callables
 * (handlers/callables.ts), Cashfree's webhook and the scheduled jobs (handlers/schedules.ts).
 * Floors: handlers -> services -> lib (docs/architecture.md).
 */

import { timingSafeEqual } from 'node:crypto'
import { getAuth } from 'firebase-admin/auth'
import { onRequest } from 'firebase-functions/v2/https'
import { onSchedule } from 'firebase-functions/v2/scheduler'
import { type JobSetup, runJobLogged, SCHEDULED_JOBS, type ScheduledJob } from './handlers/schedules'
import { jobDeadline, runOptions } from './handlers/sizing'
import { adminApp } from './lib/admin'
import { bookingSetup } from './lib/deps'
import { photoStore } from './lib/photo-store'
import { webPusher } from './lib/push'
import { REGION, TIME_ZONE } from './lib/region'
import { CASHFREE_SECRETS, pushStandinUrl, SMTP_URL, VAPID_PRIVATE_KEY, vapidSettings } from './lib/settings'
import { smtpMailer } from './lib/smtp'

// Every callable, registered from the table of contracts.
export * from './handlers/callables'

export { catalogueDocument } from './handlers/catalogue-document'
export { reportClientError } from './handlers/client-report'
export { publicPages } from './handlers/public-pages'
export { cashfreeWebhook } from './handlers/webhook'

/** What the jobs run with; the mail and push transports are made (and their params read) only by the jobs that send. */
const jobDeps = (name: ScheduledJob, now?: Date): JobSetup => ({
  ...bookingSetup(),
  mailer: smtpMailer,
  pusher: () => webPusher(vapidSettings),
  pushStandin: pushStandinUrl(),
  photos: photoStore(),
  staff: () => getAuth(adminApp()),
  // It stops taking new items in time to end inside its timeout; the rest stays due for its next run.
  deadline: jobDeadline(name, Date.now()),
  ...(now ? { now: () => now } : {}),
})

async function runJob(name: ScheduledJob, now?: Date) {
  return runJobLogged(name, jobDeps(name, now))
}

/** Every job reads the settings, Cashfree's secret among them; deliverMail also needs the SMTP server's, deliverPushes the VAPID key. */
const JOB_SECRETS = [...CASHFREE_SECRETS, SMTP_URL, VAPID_PRIVATE_KEY]
const SECRETS_OF: Partial<Record<ScheduledJob, typeof JOB_SECRETS>> = {
  deliverMail: [...CASHFREE_SECRETS, SMTP_URL],
  deliverPushes: [...CASHFREE_SECRETS, VAPID_PRIVATE_KEY],
  escalateAlerts: [...CASHFREE_SECRETS, VAPID_PRIVATE_KEY],
}

/** A job on its schedule: every few minutes (SCHEDULED_JOBS), in IST, with the secrets it reads. */
const scheduled = (name: ScheduledJob) =>
  onSchedule(
    {
      ...runOptions(name),
      schedule: `every ${SCHEDULED_JOBS[name].everyMinutes} minutes`,
      timeZone: TIME_ZONE,
      region: REGION,
      secrets: SECRETS_OF[name] ?? CASHFREE_SECRETS,
    },
    async () => {
      await runJob(name)
    },
  )

/** Frees holds whose time has passed (abandoned checkouts, interrupted bookings). */
export const sweepExpiredHolds = scheduled('sweepExpiredHolds')

/** Looks again at bookings whose payment may still change (lost webhooks, late payments, refunds). */
export const reconcilePayments = scheduled('reconcilePayments')

/** Queues the venue brief and the day's reminder for the bookings they are due to. */
export const queueReminders = scheduled('queueReminders')

/** Refunds, ends and tells every booking of a date the team has cancelled. */
export const settleCancelledDates = scheduled('settleCancelledDates')

/** Sends the queued email that is due (confirmations, briefs, reminders, payment and refund news). */
export const deliverMail = scheduled('deliverMail')

/** Pushes the notifications that are due to members' devices (Web Push). */
export const deliverPushes = scheduled('deliverPushes')

/** Tells each paid guest of today's dates that their group is revealed. */
export const tellGroups = scheduled('tellGroups')

/** The morning after a date: asks its guests how it was; a week on, closes it and deletes the picks. */
export const morningAfter = scheduled('morningAfter')

/** Rolls each date's numbers up for the Insights page (decision 0025). */
export const rollInsights = scheduled('rollInsights')

/** Deletes the covers uploaded over a day ago that no event uses. */
export const sweepCovers = scheduled('sweepCovers')

/** Tells the admins of a guest's alert that no coordinator answered within 3 minutes. */
export const escalateAlerts = scheduled('escalateAlerts')

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
