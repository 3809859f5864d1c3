/** Starts the local stack for the integration tests, unless `npm test` already did. */
import { startStack } from '../../dev/lib/stack.mjs'

export default async function setup() {
  if (process.env.YAARI_STACK_RUNNING) return
  const stack = await startStack({ mode: 'preview' })
  return () => stack.stop()
}
