/**
 * The project a team command works on: GOOGLE_CLOUD_PROJECT (its npm script sets the local stack's
 * when unset), with the Admin SDK started on it and its application default credentials. Without
 * one the command says so, in its own words for what it did not do, and exits 1.
 */
import { initializeApp } from 'firebase-admin/app'

export function adminProject(notDone: string, script: string): string {
  const project = process.env.GOOGLE_CLOUD_PROJECT
  if (!project) {
    console.error(`${notDone}: set GOOGLE_CLOUD_PROJECT (npm run ${script} sets it to the local stack when unset).`)
    process.exit(1)
  }
  initializeApp({ projectId: project })
  return project
}
