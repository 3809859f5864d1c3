/**
 * The stack's data as the tests arrange it: an admin handle on the Firestore stand-in, the dates a
 * member can always book, and emptying them. Imported by the setup file, so it loads nothing of the
 * functions: a test file's mocks (of the functions' logger, say) apply to everything it imports.
 */
import { seatsCollectionPath } from '@yaari/domain/availability'
import type { YaariEvent } from '@yaari/domain/catalogue'
import { SEED_EVENTS } from '@yaari/domain/catalogue-seed'
import { availableDates } from '@yaari/domain/schedule'
import { getApps as adminApps, initializeApp as initAdmin } from 'firebase-admin/app'
import { getFirestore } from 'firebase-admin/firestore'
import { PROJECT_ID } from '../../dev/lib/config.mjs'

export function adminDb() {
  if (adminApps().length === 0) initAdmin({ projectId: PROJECT_ID })
  return getFirestore()
}

/**
 * How many dates a member can always book. The rest of this month may offer none, and each of the
 * next two months has at least four of every weekday, so some days of the year offer only 8.
 */
const SURE_DATES = 8

/**
 * The first SURE_DATES dates of `event`, never more: a test reaching past them fails every day,
 * not only on the days of the month when fewer dates are open.
 */
export const bookableDates = (event: YaariEvent) => availableDates(event).slice(0, SURE_DATES)

/**
 * Frees every seat of every open date, opens every date the team cancelled and empties every
 * waitlist (a member waiting keeps a date sold out to others), resets what hosts set on dates and
 * empties the audit log, the venue briefs and the bookings, so a test file
 * starts with the whole inventory however often the suite has run against the same stack.
 */
export async function emptyEveryDate() {
  const db = adminDb()
  const paths = SEED_EVENTS.flatMap((event) => availableDates(event).map((date) => seatsCollectionPath(event.id, date)))
  const seats = await Promise.all(
    [
      ...paths,
      'cancelled_dates',
      'waitlist',
      'member_waits',
      'date_settings',
      'audit_log',
      'venue_briefs',
      'bookings',
      'door_admissions',
      'door_check_ins',
      'message_slots',
      'stack_clocks',
      'nights',
      'feedback',
      'picks',
      'connections',
      'blocks',
      'reports',
      'report_slots',
      'seatings',
      'alerts',
      'alert_slots',
    ].map((path) => db.collection(path).get()),
  )
  await Promise.all(seats.flatMap((snapshot) => snapshot.docs.map((doc) => doc.ref.delete())))
}
