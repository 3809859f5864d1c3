/**
 * `npm run share-venue -- --event <id> --date <YYYY-MM-DD> --venue <name> --address <text>
 *  [--maps <https://...>] [--notes <text>]`
 *
 * Shares a date's venue brief with its confirmed members, in GOOGLE_CLOUD_PROJECT with its
 * application default credentials. `npm run share-venue` (dev/ops.mjs) points it at the
 * local stack's project and Firestore stand-in when GOOGLE_CLOUD_PROJECT is unset.
 */
import { parseArgs } from 'node:util'
import { initializeApp } from 'firebase-admin/app'
import { getFirestore } from 'firebase-admin/firestore'
import { shareVenueBrief } from '../services/venue-briefs'

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
  console.error(
    'Not shared: set GOOGLE_CLOUD_PROJECT (npm run share-venue sets it to the local stack when it is unset).',
  )
  process.exit(1)
}
initializeApp({ projectId: project })

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
