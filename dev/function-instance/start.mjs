// @ts-check
/** Starts dev/function-instance/serve.mjs (the built functions served like one Cloud Run instance). */
import { HOST, stackPorts } from '../lib/config.mjs'
import { freePort, startChild, stopChild, waitFor } from '../lib/stack.mjs'

/**
 * Starts an instance on a free port against the running stack: ID tokens are verified against
 * the Auth emulator, everything else comes from functions/.env.local as for the emulator.
 * Its log is .tmp/logs/function-instance.log. `env` overrides what those files say (a test of
 * a bad configuration).
 * @param {{ env?: Record<string, string> }} [options]
 * @returns {Promise<{ url: (name: string) => string, stop: () => Promise<void>, logFile: string }>}
 */
export async function startFunctionInstance({ env = {} } = {}) {
  const port = await freePort()
  const child = startChild('function-instance', process.execPath, ['dev/function-instance/serve.mjs', String(port)], {
    FIREBASE_AUTH_EMULATOR_HOST: `${HOST}:${stackPorts().auth}`,
    ...env,
  })
  /** @param {string} name */
  const url = (name) => `http://${HOST}:${port}/${name}`
  try {
    // Up once it answers at all (an unknown name gets a 404).
    const answers = () => fetch(url('health'), { signal: AbortSignal.timeout(3000) }).then(() => true)
    await waitFor('The function instance', answers, 20_000, child)
  } catch (error) {
    await stopChild(child)
    throw error
  }
  return { url, stop: () => stopChild(child), logFile: child.logFile }
}
