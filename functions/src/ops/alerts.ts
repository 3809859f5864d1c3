/**
 * `npm run alerts -- --channel projects/<p>/notificationChannels/<id> [--channel ...] [--docs <url>] [--dry-run]`
 *
 * Applies the operator's alerts (alert-policies.ts) to GOOGLE_CLOUD_PROJECT with its application
 * default credentials: a log-based metric per alert event and an alert policy on it, paging the
 * channels named (make them once in Cloud Monitoring: email, SMS, a phone app). Safe to run again:
 * what exists is updated. `--dry-run` prints what it would apply and touches nothing.
 */
import { parseArgs } from 'node:util'
import { applicationDefault } from 'firebase-admin/app'
import { ALERTS } from '../lib/log'
import { alertPolicy, applyAlertPolicies, logMetric } from './alert-policies'

const { values } = parseArgs({
  options: {
    channel: { type: 'string', multiple: true, default: [] },
    docs: { type: 'string', default: 'docs/operations.md' },
    'dry-run': { type: 'boolean', default: false },
  },
})
const project = process.env.GOOGLE_CLOUD_PROJECT ?? ''
const channels = values.channel ?? []

if (values['dry-run']) {
  const events = Object.values(ALERTS)
  console.log(
    JSON.stringify(
      { metrics: events.map(logMetric), policies: events.map((event) => alertPolicy(event, channels, values.docs)) },
      null,
      2,
    ),
  )
} else if (!project || project.startsWith('demo-')) {
  console.error('Not applied: set GOOGLE_CLOUD_PROJECT to the real project (a demo- project has no Cloud Monitoring).')
  process.exitCode = 1
} else if (channels.some((channel) => !channel.startsWith(`projects/${project}/notificationChannels/`))) {
  console.error(`Not applied: each --channel is projects/${project}/notificationChannels/<id>.`)
  process.exitCode = 2
} else {
  if (channels.length === 0) console.warn('No --channel: the policies are made, but page nobody.')
  const credential = applicationDefault()
  applyAlertPolicies({
    project,
    channels,
    docsUrl: values.docs,
    accessToken: async () => (await credential.getAccessToken()).access_token,
    log: (line) => console.log(line),
  }).then(
    (done) => console.log(`Applied ${Object.keys(done).length} alerts to ${project}.`),
    (error: Error) => {
      console.error(`Not applied: ${error.message}`)
      process.exitCode = 1
    },
  )
}
