/**
 * Starts the local stack for the integration tests, unless `npm test` already did (or another of
 * this run's projects: each project lists this setup, the first to run it starts the stack).
 */
import { startStack } from '../../dev/lib/stack.mjs'

export default async function setup() {
  if (process.env.YAARI_STACK_RUNNING) return
  process.env.YAARI_STACK_RUNNING = '1'
  const stack = await startStack({ mode: 'preview' })
  return async () => {
    await stack.stop()
    delete process.env.YAARI_STACK_RUNNING
  }
}
