#!/usr/bin/env node
// @ts-check
/**
 * One instance of the built functions (functions/lib/index.js) served over HTTP the way Cloud Run
 * serves a v2 function: one Node process, express with the JSON body and its raw bytes (as the
 * Functions Framework does), many requests in flight at once (v2 concurrency). POST /<name> calls
 * the exported function <name> with the real callable protocol: the ID token in the Authorization
 * header is verified by firebase-admin (against the Auth emulator when FIREBASE_AUTH_EMULATOR_HOST
 * is set), the body decoded, the handler run.
 *
 * `npm run bench` uses it to time createBooking under load through that whole path: the Functions
 * emulator instead starts one Node process per request in flight, which on 2 cores times process
 * start-up and 50 processes sharing two cores, not what an instance does.
 *
 * Usage: node dev/function-instance/serve.mjs <port> (0: any free port). The functions' environment comes from
 * functions/.env.local and .secret.local (written by the stack at start-up) and this process's environment.
 * Prints "listening on <port>" once it answers (dev/function-instance/start.mjs starts it).
 */
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { HOST, PROJECT_ID, ROOT } from '../lib/config.mjs'

const port = Number(process.argv[2])
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error('Usage: node dev/function-instance/serve.mjs <port>')
  process.exit(2)
}
const entry = join(ROOT, 'functions', 'lib', 'index.js')
if (!existsSync(entry)) {
  console.error('No functions build in functions/lib. Run `npm run build -w functions` first.')
  process.exit(1)
}
// As Cloud Run does: the params as environment variables, and the bound secret too.
for (const file of ['.env.local', '.secret.local']) {
  const path = join(ROOT, 'functions', file)
  if (existsSync(path)) process.loadEnvFile(path)
}
process.env.GCLOUD_PROJECT ??= PROJECT_ID
process.env.FIREBASE_CONFIG ??= JSON.stringify({ projectId: PROJECT_ID })
process.env.METADATA_SERVER_DETECTION ??= 'none' // no Google metadata server to ask locally

const requireFunctions = createRequire(entry)
/** @type {Record<string, unknown>} */
const functions = requireFunctions(entry)
// The express that firebase-functions itself depends on (the Functions Framework serves with express).
const express = createRequire(requireFunctions.resolve('firebase-functions'))('express')

const app = express()
app.disable('x-powered-by')
app.use(
  express.json({
    limit: '10mb',
    verify: (/** @type {{ rawBody?: Buffer }} */ req, /** @type {unknown} */ _res, /** @type {Buffer} */ buf) => {
      req.rawBody = buf
    },
  }),
)
app.all('/:name', (/** @type {any} */ req, /** @type {any} */ res) => {
  const handler = functions[req.params.name]
  if (typeof handler !== 'function') {
    res.status(404).json({ error: { status: 'NOT_FOUND', message: `No function named ${req.params.name}` } })
    return
  }
  return handler(req, res)
})
const server = app.listen(port, HOST, () => {
  const address = server.address()
  console.log(`listening on ${typeof address === 'object' && address ? address.port : port}`)
})
