/**
 * `npm run share-venue -- --event <id> --date <YYYY-MM-DD> --venue <name> --address <text>
 *  [--maps <https://...>] [--notes <text>]`
 *
 * Shares (or changes) a date's venue brief, as a host's console does: its confirmed members see
 * it on their ticket and are emailed, and the audit log records it. In GOOGLE_CLOUD_PROJECT with its
 * application default credentials. `npm run share-venue` (dev/ops.mjs) points it at the
 * local stack's project and Firestore stand-in when GOOGLE_CLOUD_PROJECT is unset.
 */
import { parseArgs } from 'node:util'
import { venueBriefPath } from '@yaari/domain/booking'
import type { YaariEvent } from '@yaari/domain/catalogue'
import { shareVenueProblem, shareVenueSchema } from '@yaari/domain/host'
import { getFirestore } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { loadCatalogue } from '../lib/catalogue'
import { publishVenue } from '../services/host/actions'
import { adminProject } from './project'

const { values } = parseArgs({
  options: {
    event: { type: 'string' },
    date: { type: 'string' },
    venue: { type: 'string' },
    address: { type: 'string' },
    maps: { type: 'string' },
    notes: { type: 'string' },
  },
})

adminProject('Not shared', 'share-venue')

const brief = {
  venueName: values.venue,
  address: values.address,
  ...(values.maps ? { mapsUrl: values.maps } : {}),
  ...(values.notes ? { notes: values.notes } : {}),
}
/** Checks the request against the published catalogue, as the functions check it, then shares. */
async function share() {
  const catalogue = await loadCatalogue(getFirestore())
  const request = { eventId: String(values.event), eventDate: String(values.date), brief }
  const problem = shareVenueProblem(catalogue, request)
  if (problem) throw new Error(problem)
  const input = v.parse(shareVenueSchema, request)
  const event = catalogue.eventById(input.eventId) as YaariEvent
  const { change } = await publishVenue(getFirestore(), { command: 'share-venue' }, event, input, Date.now())
  return { change, path: venueBriefPath(input.eventId, input.eventDate) }
}
share().then(
  ({ change, path }) =>
    console.log(
      change === 'unchanged'
        ? 'Nothing changed: this date already has that venue.'
        : `${change === 'shared' ? 'Shared' : 'Changed'} ${path}: confirmed members see it on their ticket and are emailed.`,
    ),
  (error: Error) => {
    console.error(`Not shared: ${error.message}`)
    process.exitCode = 1
  },
)
