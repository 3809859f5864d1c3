#!/usr/bin/env node
// @ts-check
/**
 * `npm start` (and `npm run dev` with --dev): starts the local stack, prints one line with
 * the URL, and stops every child on Ctrl-C or SIGTERM.
 * --exec "<command>": start, run the command against the stack, stop, exit with its code.
 */
import { spawn } from 'node:child_process'
import { parseArgs } from 'node:util'
import { ROOT, smsCodesUrl } from './lib/config.mjs'
import { DEMO_ACCOUNTS } from './lib/demo-accounts.mjs'
import { placeholderNotices } from './lib/placeholders.mjs'
import { StackError, startStack } from './lib/stack.mjs'

const { values } = parseArgs({
  options: {
    dev: { type: 'boolean', default: false },
    exec: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
})

/** @param {string} message */
const step = (message) => {
  if (!values.quiet) console.log(`  starting ${message}...`)
}

let stack
try {
  stack = await startStack({ mode: values.dev ? 'dev' : 'preview', onStep: step })
} catch (error) {
  console.error(`\nCould not start the Yaari stack: ${error instanceof StackError ? error.message : error}`)
  console.error('Logs of every part are in .tmp/logs/.')
  process.exit(1)
}

const { appUrl, ports, startupMs, stop } = stack
console.log(
  `Yaari is running at ${appUrl} (Auth emulator :${ports.auth}, Functions :${ports.functions}, ` +
    `Firestore stand-in :${ports.firestore}, photo store :${ports.photos}, payment stand-in :${ports.payments}, push stand-in :${ports.push}, mail inbox http://127.0.0.1:${ports.mailInbox}; ready in ${(startupMs / 1000).toFixed(1)} s). ` +
    (values.exec ? '' : 'Ctrl-C stops everything.'),
)
if (!values.quiet) {
  for (const line of placeholderNotices()) console.log(line)
  console.log(`SMS codes (none is sent locally): ${smsCodesUrl(ports.auth)}`)
  console.log(
    `Host console: ${appUrl}/host, signed in as ${DEMO_ACCOUNTS.map((a) => `${a.email} / ${a.password} (${a.claims.admin ? 'admin' : 'Bangalore host'})`).join(' or ')}.`,
  )
}

let shuttingDown = false
/** @param {number} code */
async function shutdown(code) {
  if (shuttingDown) return
  shuttingDown = true
  await stop()
  process.exit(code)
}
process.on('SIGINT', () => shutdown(130))
process.on('SIGTERM', () => shutdown(143))

if (values.exec) {
  const child = spawn(values.exec, {
    cwd: ROOT,
    shell: true,
    stdio: 'inherit',
    env: { ...process.env, BASE_URL: appUrl, YAARI_STACK_RUNNING: '1' },
  })
  child.on('exit', (code, signal) => shutdown(code ?? (signal ? 1 : 0)))
}
