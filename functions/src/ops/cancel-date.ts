/**
 * `npm run cancel-date -- --event <id> --date <YYYY-MM-DD> --reason <text>`
 *
 * Cancels a whole date, in GOOGLE_CLOUD_PROJECT with its application default credentials: from
 * then on it takes no booking and shows as cancelled; the settleCancelledDates job (within 5
 * minutes) refunds every confirmed member in full, ends every held seat and tells everyone.
 * `npm run cancel-date` (dev/ops.mjs) points it at the local stack when the variable is unset.
 */
import { parseArgs } from 'node:util'
import type { YaariEvent } from '@yaari/domain/catalogue'
import { getFirestore } from 'firebase-admin/firestore'
import { loadCatalogue } from '../lib/catalogue'
import { onDate, recordAudit } from '../services/audit'
import { cancelDate } from '../services/bookings/cancelled-dates'
import { adminProject } from './project'

const { values } = parseArgs({
  options: { event: { type: 'string' }, date: { type: 'string' }, reason: { type: 'string' } },
})

adminProject('Not cancelled', 'cancel-date')

const input = { eventId: values.event, eventDate: values.date, reason: values.reason }
// The event is checked against the published catalogue, as the functions check it.
async function cancel() {
  const catalogue = await loadCatalogue(getFirestore())
  return { catalogue, ...(await cancelDate(getFirestore(), catalogue, input)) }
}
cancel().then(
  async ({ catalogue, path, cancelled }) => {
    if (!cancelled) return console.log(`${path} was already cancelled: nothing changed.`)
    await recordAudit(
      getFirestore(),
      { command: 'cancel-date' },
      {
        action: 'cancel-date',
        about: onDate(catalogue.eventById(String(values.event)) as YaariEvent, String(values.date)),
        change: { reason: String(values.reason).trim() },
        at: Date.now(),
      },
      `cancel-date_${values.event}_${values.date}`,
    )
    console.log(`Cancelled ${path}: members are refunded and told within 5 minutes.`)
  },
  (error: Error) => {
    console.error(`Not cancelled: ${error.message}`)
    process.exitCode = 1
  },
)
