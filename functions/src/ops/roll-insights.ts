/**
 * `npm run roll-insights -- --from <YYYY-MM-DD> --to <YYYY-MM-DD>`
 *
 * Rolls every event date between two days into the Insights rollups, in GOOGLE_CLOUD_PROJECT with
 * its application default credentials: the first deploy's history, or a period after a fix to how
 * a number is counted. As the hourly job does, it recomputes each date from its records and writes
 * only the rows that changed, so running it twice changes nothing the second time. Dates whose seat
 * documents have gone (over 30 days past) keep the seats last rolled (a date never rolled counts the
 * capacity set, without the seats a host blocked). A period reaching back over a year is refused:
 * its feedback, nights and tallies are gone, and its rows stay as they were rolled.
 */
import { parseArgs } from 'node:util'
import { insightsRequestSchema } from '@yaari/domain/insights'
import { addDays, istToday } from '@yaari/domain/schedule'
import { getFirestore } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { loadCatalogue } from '../lib/catalogue'
import { RECOMPUTABLE_DAYS } from '../services/insights/job'
import { rollDates } from '../services/insights/roll'
import { adminProject } from './project'

const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } })

adminProject('Not rolled', 'roll-insights')

async function roll() {
  const period = v.parse(insightsRequestSchema, { from: values.from, to: values.to })
  const oldest = addDays(istToday(), -RECOMPUTABLE_DAYS)
  if (period.from < oldest) {
    throw new Error(`the records of dates before ${oldest} are gone (docs/data.md): their rows stay as rolled`)
  }
  const catalogue = await loadCatalogue(getFirestore())
  return rollDates(getFirestore(), catalogue, Date.now(), period)
}
roll().then(
  (report) =>
    console.log(`Rolled ${report.dates} dates from ${values.from} to ${values.to}: ${report.written} rows changed.`),
  (error: Error) => {
    console.error(
      `Not rolled: ${v.isValiError(error) ? error.issues.map((issue) => issue.message).join('; ') : error.message}`,
    )
    process.exitCode = 1
  },
)
