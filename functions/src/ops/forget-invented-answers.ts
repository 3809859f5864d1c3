/**
 * `npm run forget-invented-answers`
 *
 * The one-time migration after onboarding stopped inventing answers: removes, from every profile in
 * GOOGLE_CLOUD_PROJECT (with its application default credentials), the food, drinking, personality
 * and relationship answers that earlier saves wrote as defaults (services/profile.ts,
 * INVENTED_ANSWERS), so the booking form asks them and the planner takes them as unknown. A value
 * other than the invented one stays. Running it twice changes nothing the second time.
 */
import { getFirestore } from 'firebase-admin/firestore'
import { forgetInventedAnswers } from '../services/profile'
import { adminProject } from './project'

const project = adminProject('Nothing removed', 'forget-invented-answers')

forgetInventedAnswers(getFirestore()).then(
  ({ removed }) => {
    const counts = Object.entries(removed).map(([field, count]) => `${field} ${count}`)
    console.log(`Removed invented answers from the profiles of ${project}: ${counts.join(', ')}.`)
  },
  (error: Error) => {
    console.error(`Stopped: ${error.message}. Run it again: what was removed stays removed.`)
    process.exitCode = 1
  },
)
