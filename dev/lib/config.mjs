// @ts-check
/**
 * The local stack's addresses. Emulator ports come from firebase.json (the one place they
 * are set); the stand-ins' ports and the app's PORT may be overridden by environment.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const PROJECT_ID = 'demo-yaari'
export const REGION = 'asia-south1'
export const HOST = '127.0.0.1'

const firebaseJson = JSON.parse(readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8'))
/** @type {Record<string, { port: number }>} */
const emulators = firebaseJson.emulators

/** @param {string} name @param {number} fallback */
function envPort(name, fallback) {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${name}=${raw} is not a port number (1-65535).`)
  }
  return port
}

export function stackPorts() {
  return {
    app: envPort('PORT', 4173),
    firestore: envPort('FIRESTORE_STANDIN_PORT', 8080),
    payments: envPort('PAYMENT_STANDIN_PORT', 8081),
    photos: envPort('PHOTO_STORE_PORT', 8082),
    auth: emulators.auth.port,
    functions: emulators.functions.port,
    hub: emulators.hub.port,
    logging: emulators.logging.port,
    eventarc: emulators.eventarc.port,
    tasks: emulators.tasks.port,
  }
}

/** @param {string} name */
export function functionUrl(name, port = stackPorts().functions) {
  return `http://${HOST}:${port}/${PROJECT_ID}/${REGION}/${name}`
}
