// @ts-check
/**
 * The Firestore stand-in (@firestore-emulator/server): in-memory, gRPC, what firebase-admin
 * talks to locally because Google's own Firestore emulator cannot run offline. It does not
 * isolate concurrent transactions; create() and update() preconditions are honoured.
 * Usage: node dev/firestore-standin.mjs [port]
 */
import { FirestoreServer } from '@firestore-emulator/server'

const port = Number(process.argv[2] ?? process.env.FIRESTORE_STANDIN_PORT ?? 8080)
const server = new FirestoreServer()
try {
  await server.start(port)
} catch (error) {
  console.error(`Firestore stand-in could not listen on port ${port}: ${/** @type {Error} */ (error).message}`)
  process.exit(1)
}
console.log(`Firestore stand-in listening on 127.0.0.1:${port}`)

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    server.stop()
    process.exit(0)
  })
}
