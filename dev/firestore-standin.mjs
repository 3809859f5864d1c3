// @ts-check
/**
 * The Firestore stand-in (@firestore-emulator/server): in-memory, gRPC, what firebase-admin
 * talks to locally because Google's own Firestore emulator cannot run offline. It does not
 * isolate concurrent transactions; create() and update() preconditions are honoured.
 * It has no authentication, so it listens on the loopback interface only: the package's own
 * start() binds every interface (0.0.0.0), so its gRPC server is bound here instead.
 * Usage: node dev/firestore-standin.mjs [port]
 */
import { createRequire } from 'node:module'
import { FirestoreServer } from '@firestore-emulator/server'

// The credentials must come from the grpc-js the package's server was built with (it has its own).
const requireFromServer = createRequire(createRequire(import.meta.url).resolve('@firestore-emulator/server'))
const { ServerCredentials } = requireFromServer('@grpc/grpc-js')

export const FIRESTORE_STANDIN_HOST = '127.0.0.1'

/**
 * Starts the stand-in on the loopback interface; resolves with the port it listens on.
 * @param {number} port (0: any free port)
 */
export async function startFirestoreStandin(port) {
  const standin = new FirestoreServer()
  // `server` is private in the package's types, and the one way to choose the interface.
  const grpcServer = /** @type {{ server: import('@grpc/grpc-js').Server }} */ (/** @type {unknown} */ (standin)).server
  const bound = await new Promise((resolve, reject) => {
    grpcServer.bindAsync(
      `${FIRESTORE_STANDIN_HOST}:${port}`,
      ServerCredentials.createInsecure(),
      (/** @type {Error | null} */ error, /** @type {number} */ actual) => (error ? reject(error) : resolve(actual)),
    )
  })
  return { port: /** @type {number} */ (bound), stop: () => standin.stop() }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2] ?? process.env.FIRESTORE_STANDIN_PORT ?? 8080)
  /** @type {{ port: number, stop: () => void }} */
  let running
  try {
    running = await startFirestoreStandin(port)
  } catch (error) {
    console.error(`Firestore stand-in could not listen on port ${port}: ${/** @type {Error} */ (error).message}`)
    process.exit(1)
  }
  console.log(`Firestore stand-in listening on ${FIRESTORE_STANDIN_HOST}:${running.port}`)
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.on(signal, () => {
      running.stop()
      process.exit(0)
    })
  }
}
