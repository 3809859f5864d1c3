// @ts-check
/**
 * Fires the functions' scheduled jobs locally. The Functions emulator does not run `onSchedule`
 * functions, so the stack asks the emulator-only runScheduledJob trigger which jobs exist and
 * how often each runs (the same periods the deploy uses), and runs each on that period.
 * Each run is logged to .tmp/logs/scheduler.log.
 */
import { appendFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { functionUrl, ROOT, stackSecret } from './config.mjs'

const LOG = join(ROOT, '.tmp', 'logs', 'scheduler.log')

/** @param {string} line */
function log(line) {
  mkdirSync(join(ROOT, '.tmp', 'logs'), { recursive: true })
  appendFileSync(LOG, `${new Date().toISOString()} ${line}\n`)
}

/**
 * Runs one job through the trigger, now or as of `at`; resolves with its report.
 * @param {string} triggerUrl @param {string} secret @param {string} name @param {Date} [at]
 */
async function runJob(triggerUrl, secret, name, at) {
  const when = at ? `&at=${encodeURIComponent(at.toISOString())}` : ''
  const response = await fetch(`${triggerUrl}?job=${encodeURIComponent(name)}${when}`, {
    method: 'POST',
    headers: { 'x-stack-secret': secret },
    signal: AbortSignal.timeout(120_000),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${name} answered ${response.status}: ${text}`)
  return JSON.parse(text)
}

/**
 * Runs a job of the running stack (tests): as the scheduler would, now or as of `at`.
 * @param {string} name @param {{ at?: Date }} [options]
 */
export function runStackJob(name, { at } = {}) {
  return runJob(functionUrl('runScheduledJob'), stackSecret(), name, at)
}

/**
 * @param {{ triggerUrl: string, secret: string }} options
 * @returns {Promise<{ jobs: { name: string, everyMinutes: number }[], stop: () => void }>}
 */
export async function startJobScheduler({ triggerUrl, secret }) {
  const response = await fetch(triggerUrl, {
    headers: { 'x-stack-secret': secret },
    signal: AbortSignal.timeout(10_000),
  })
  if (!response.ok) throw new Error(`The job trigger answered ${response.status}`)
  /** @type {{ name: string, everyMinutes: number }[]} */
  const jobs = await response.json()
  const timers = jobs.map((job) => {
    let running = false
    const timer = setInterval(async () => {
      if (running) return // one run at a time, as Cloud Scheduler's retries would not overlap either
      running = true
      try {
        log(`${job.name} ${JSON.stringify(await runJob(triggerUrl, secret, job.name))}`)
      } catch (error) {
        log(`${job.name} failed: ${error}`)
      } finally {
        running = false
      }
    }, job.everyMinutes * 60_000)
    timer.unref()
    return timer
  })
  log(`scheduling ${jobs.map((job) => `${job.name} every ${job.everyMinutes} min`).join(', ')}`)
  return { jobs, stop: () => timers.forEach(clearInterval) }
}
