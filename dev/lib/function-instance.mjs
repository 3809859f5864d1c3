// @ts-check
/** Starts dev/function-instance.mjs (the built functions served like one Cloud Run instance). */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { HOST, ROOT, stackPorts } from './config.mjs'

/**
 * Starts an instance on a free port against the running stack: ID tokens are verified against
 * the Auth emulator, everything else comes from functions/.env.local as for the emulator.
 * @returns {Promise<{ url: (name: string) => string, pid: number | undefined, stop: () => Promise<void> }>}
 */
export async function startFunctionInstance() {
  const child = spawn(process.execPath, [join(ROOT, 'dev', 'function-instance.mjs'), '0'], {
    cwd: ROOT,
    env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: `${HOST}:${stackPorts().auth}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The function instance did not start in 20 s:\n${output}`)), 20_000)
    /** @param {Buffer} chunk */
    const read = (chunk) => {
      output += chunk
      const match = /listening on (\d+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(Number(match[1]))
      }
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`The function instance exited (${code}):\n${output}`))
    })
  })
  // Its request logs are not needed; keep the pipes drained.
  child.stdout.resume()
  child.stderr.resume()
  return {
    url: (name) => `http://${HOST}:${port}/${name}`,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
