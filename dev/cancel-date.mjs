#!/usr/bin/env node
// @ts-check
/**
 * `npm run cancel-date`: runs the cancel-date command (functions/lib/ops/cancel-date.js, built by
 * the script) against GOOGLE_CLOUD_PROJECT when it is set, otherwise against the local stack: its
 * demo project and its Firestore stand-in, from the stack's config.
 */
import { HOST, PROJECT_ID, stackPorts } from './lib/config.mjs'

if (!process.env.GOOGLE_CLOUD_PROJECT) {
  process.env.GOOGLE_CLOUD_PROJECT = PROJECT_ID
  process.env.FIRESTORE_EMULATOR_HOST ??= `${HOST}:${stackPorts().firestore}`
  process.env.METADATA_SERVER_DETECTION ??= 'none' // no Google metadata server to ask locally
}
await import(new URL('../functions/lib/ops/cancel-date.js', import.meta.url).href)
