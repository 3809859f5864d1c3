/**
 * The server's time: the record of every check-in (a phone's own time is kept beside it as
 * advice). One exception, for the local stack's tests only: on a demo project running in the
 * Functions emulator, a test may put one date at its night (`stack_clocks/{eventId}_{date}`,
 * `{ offset_ms }`), so the door's night window can be exercised end to end on any day of the week
 * without moving the clock of anything else; and the public pages a day or a week after the
 * deploy (`stack_clocks/public-pages`), as a crawler reads them then. A real project never reads
 * that collection. The only module that names it (dev/lint/data-owners.test.mjs).
 */
import type { Firestore } from 'firebase-admin/firestore'
import { collectionOf } from '../collections'
import { isDemoProject } from '../settings-schema'

/** Whether this process may read a test's clock: the emulator, on a demo project. */
function mayShiftClock(env: Record<string, string | undefined> = process.env): boolean {
  return env.FUNCTIONS_EMULATOR === 'true' && isDemoProject(env.GCLOUD_PROJECT ?? '')
}

/** The clock a test may move for the public pages (the function writes them as of `now` plus its offset). */
const PAGES_CLOCK = 'public-pages'

/** Now, for the public pages (ms since 1970). */
export async function pagesNow(
  firestore: Firestore,
  now = Date.now(),
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  if (!mayShiftClock(env)) return now
  const offset = (await collectionOf(firestore, 'stack_clocks').doc(PAGES_CLOCK).get()).get('offset_ms')
  return typeof offset === 'number' && Number.isFinite(offset) ? now + offset : now
}

/** Now, for a date's door (ms since 1970). */
export async function doorNow(
  firestore: Firestore,
  eventId: string,
  eventDate: string,
  now = Date.now(),
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  if (!mayShiftClock(env)) return now
  const offset = (await collectionOf(firestore, 'stack_clocks').doc(`${eventId}_${eventDate}`).get()).get('offset_ms')
  return typeof offset === 'number' && Number.isFinite(offset) ? now + offset : now
}
