/**
 * `npm run share-venue -- --event <id> --date <YYYY-MM-DD> --venue <name> --address <text>
 *  [--maps <https://...>] [--notes <text>]`
 *
 * Shares a date's venue brief with its confirmed members. Locally (FIRESTORE_EMULATOR_HOST set,
 * as `npm start` does) it writes to the Firestore stand-in; in production it uses the
 * application default credentials of GOOGLE_CLOUD_PROJECT.
 */
import { parseArgs } from 'node:util'
import { initializeApp } from 'firebase-admin/app'
import { getFirestore } from 'firebase-admin/firestore'
import { shareVenueBrief } from '../venue-briefs'

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

const project = process.env.GOOGLE_CLOUD_PROJECT
if (!project) {
  process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080'
  process.env.METADATA_SERVER_DETECTION ??= 'none' // no Google metadata server to ask locally
}
initializeApp({ projectId: project ?? 'demo-yaari' })

const brief = {
  venueName: values.venue,
  address: values.address,
  ...(values.maps ? { mapsUrl: values.maps } : {}),
  ...(values.notes ? { notes: values.notes } : {}),
}
shareVenueBrief(getFirestore(), { eventId: values.event, eventDate: values.date, brief }).then(
  (path) => console.log(`Shared ${path}`),
  (error: Error) => {
    console.error(`Not shared: ${error.message}`)
    process.exitCode = 1
  },
)
