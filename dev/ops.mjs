#!/usr/bin/env node
// @ts-check
/**
 * `node dev/ops.mjs <command> [--options]`: runs one of the team's commands (functions/lib/ops/,
 * built by `npm run build -w functions`: share-venue, cancel-date, pass-key, grant-role, alerts, catalogue, roll-insights, forget-invented-answers) against GOOGLE_CLOUD_PROJECT
 * when it is set, otherwise against the local stack: its demo project and its Firestore stand-in,
 * its Auth emulator, from the stack's config. `npm run share-venue`, `cancel-date` and `grant-role` call it.
 */
import { existsSync } from 'node:fs'
import { HOST, PROJECT_ID, stackPorts } from './lib/config.mjs'

const [command] = process.argv.splice(2, 1)
const script = new URL(`../functions/lib/ops/${command}.js`, import.meta.url)
if (!command || !/^[a-z-]+$/.test(command) || !existsSync(script)) {
  console.error(
    `Usage: node dev/ops.mjs <share-venue|cancel-date|pass-key|grant-role|alerts|catalogue|roll-insights|forget-invented-answers> [--options] (no command "${command ?? ''}")`,
  )
  process.exit(2)
}
if (!process.env.GOOGLE_CLOUD_PROJECT) {
  process.env.GOOGLE_CLOUD_PROJECT = PROJECT_ID
  process.env.FIRESTORE_EMULATOR_HOST ??= `${HOST}:${stackPorts().firestore}`
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `${HOST}:${stackPorts().auth}`
  process.env.METADATA_SERVER_DETECTION ??= 'none' // no Google metadata server to ask locally
}
await import(script.href)
