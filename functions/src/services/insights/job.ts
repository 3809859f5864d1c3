/**
 * The hourly roll of the team's numbers: every date from ROLL_BACK_DAYS ago (late check-ins, the
 * week of feedback and connections) to the last date on sale (a seat paid, refunded or cancelled
 * months ahead counts within the hour), and any older date whose money moved since (its mark).
 */
import type { Catalogue } from '@yaari/domain/catalogue'
import { ROLL_BACK_DAYS, UPCOMING_DAYS } from '@yaari/domain/insights'
import { addDays, istToday, lastOfferedDate } from '@yaari/domain/schedule'
import type { Firestore } from 'firebase-admin/firestore'
import { nowOf } from '../../lib/context'
import { noteRollComplete } from '../../lib/data/insights'
import { type RollReport, rollDates } from './roll'

/** How far back records are kept whole (feedback, nights, tallies: a year): no period older is re-rolled. */
export const RECOMPUTABLE_DAYS = 365

/** The hourly job: the window of dates whose records still move, and the dates marked since. */
export async function rollInsights(deps: {
  firestore: Firestore
  catalogue: Catalogue
  now?: () => Date
  deadline?: number
}): Promise<RollReport> {
  const now = nowOf(deps)
  const today = istToday(new Date(now))
  // To the last date any event has on sale (up to six months ahead): a seat paid, refunded or
  // cancelled on a date ten weeks away is counted within the hour, like one next week.
  const saleEnds = deps.catalogue.events.reduce(
    (last, event) => {
      const end = lastOfferedDate(event.schedule.monthsAhead, new Date(now))
      return end > last ? end : last
    },
    addDays(today, UPCOMING_DAYS),
  )
  const window = { from: addDays(today, -ROLL_BACK_DAYS), to: saleEnds }
  const report = await rollDates(deps.firestore, deps.catalogue, now, { ...window, deadline: deps.deadline })
  if (report.left === 0) await noteRollComplete(deps.firestore, now)
  return report
}
