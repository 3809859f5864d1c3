/**
 * The scheduled jobs and their periods, and nothing else: the one list the deploy (index.ts) and
 * the local stack's timer both read. Each job lives with its service.
 */

import { loadCatalogue } from '../lib/catalogue'
import { nowOf } from '../lib/context'
import { ALERTS, alert, info } from '../lib/log'
import type { PhotoStore } from '../lib/photo-store'
import type { BookingDeps } from '../lib/records'
import type { AccountLister } from '../lib/staff'
import { runMorningAfter } from '../services/after-night/nights'
import { settleCancelledDates } from '../services/bookings/cancelled-dates'
import { reconcilePayments, sweepExpiredHolds } from '../services/bookings/sweeps'
import { sweepUnusedCovers } from '../services/catalogue/covers'
import { tellGroups } from '../services/groups/published'
import { escalateAlerts } from '../services/help/alerts'
import { rollInsights } from '../services/insights/job'
import { deliverMail, type MailDeps } from '../services/mail/outbox'
import { queueReminders } from '../services/mail/reminders'
import { deliverPushes, type PushDeps, pushNow } from '../services/notifications/deliver'

/**
 * What the jobs run with: the bookings' dependencies, the mail and push transports, the photo store
 * and the team's accounts (who to tell of an unanswered alert).
 */
export type JobDeps = BookingDeps &
  Pick<MailDeps, 'mailer'> &
  Pick<PushDeps, 'pusher' | 'pushStandin'> & { photos: PhotoStore; staff: () => AccountLister }
/** The same before the run reads the catalogue. */
export type JobSetup = Omit<JobDeps, 'catalogue'>

export const SCHEDULED_JOBS = {
  sweepExpiredHolds: { everyMinutes: 5, run: sweepExpiredHolds },
  reconcilePayments: { everyMinutes: 10, run: reconcilePayments },
  queueReminders: { everyMinutes: 15, run: queueReminders },
  settleCancelledDates: { everyMinutes: 5, run: settleCancelledDates },
  deliverMail: { everyMinutes: 1, run: deliverMail },
  // Pushes the notices that are due (those held by quiet hours at 08:00 IST) to members' devices.
  deliverPushes: { everyMinutes: 1, run: deliverPushes },
  // Tells the admins of a guest's alert no coordinator answered within 3 minutes (once each).
  escalateAlerts: {
    everyMinutes: 1,
    run: (deps) => escalateAlerts({ ...deps, auth: deps.staff(), pushNow: (id, now) => pushNow(deps, id, now) }),
  },
  // Tells each paid guest their group is revealed, from the date's reveal (a few hours before it).
  tellGroups: { everyMinutes: 5, run: tellGroups },
  // Asks each date's guests at 10:00 IST the day after (a run after that finds the date), closes evenings a week on.
  morningAfter: { everyMinutes: 15, run: runMorningAfter },
  // Rolls each date's numbers up for the Insights page: the last 10 days, the 28 ahead, and dates whose money moved.
  rollInsights: { everyMinutes: 60, run: rollInsights },
  // Deletes covers uploaded over a day ago that no event uses (an editor that never saved, an upload cut off).
  sweepCovers: {
    everyMinutes: 60,
    run: (deps) => sweepUnusedCovers(deps.firestore, deps.catalogue, deps.photos, nowOf(deps)),
  },
} as const satisfies Record<string, { everyMinutes: number; run: (deps: JobDeps) => Promise<unknown> }>
export type ScheduledJob = keyof typeof SCHEDULED_JOBS

/**
 * Runs one job: its report logged, or, when it throws, a `job-failed` alert naming it (then thrown
 * on, so the scheduler records the run as failed; the next run tries again).
 */
export async function runJobLogged(name: ScheduledJob, setup: JobSetup) {
  try {
    const deps = { ...setup, catalogue: await loadCatalogue(setup.firestore) }
    const report = await SCHEDULED_JOBS[name].run(deps)
    info(`job-${name}`, { report })
    return report
  } catch (error) {
    alert(ALERTS.jobFailed, { job: name, error: String(error) })
    throw error
  }
}
