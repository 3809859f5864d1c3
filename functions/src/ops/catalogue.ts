/**
 * `npm run catalogue -- seed`
 *
 * Loads the seed catalogue (Bangalore, the cities listed as coming, the three events with their
 * copy and prices) into GOOGLE_CLOUD_PROJECT as its first published version, when the project has
 * no catalogue yet; a project that has one is left as it is. `npm start` does the same for the
 * local stack. After that the team publishes from the console (/host/catalogue).
 */
import { getFirestore } from 'firebase-admin/firestore'
import { seedCatalogue } from '../services/catalogue/seed'
import { adminProject } from './project'

const [command] = process.argv.slice(2)
if (command !== 'seed') {
  console.error('Usage: npm run catalogue -- seed')
  process.exit(2)
}
const project = adminProject('Not seeded', 'catalogue')

seedCatalogue(getFirestore(), { command: 'catalogue seed' }, Date.now()).then(
  ({ seeded, version }) =>
    console.log(
      seeded
        ? `Seeded: the catalogue of ${project} is version ${version}.`
        : `Not seeded: ${project} already has a catalogue (version ${version}).`,
    ),
  (error: Error) => {
    console.error(`Not seeded: ${error.message}`)
    process.exitCode = 1
  },
)
