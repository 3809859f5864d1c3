// @ts-check
/**
 * The Firestore stand-in (@firestore-emulator/server): in-memory, gRPC, what firebase-admin
 * talks to locally because Google's own Firestore emulator cannot run offline. It does not
 * isolate concurrent transactions; create() and update() preconditions are honoured, and so is a
 * write's `lastUpdateTime` precondition (the package ignored it), to the millisecond it keeps.
 *
 * It answers ListCollectionIds and ListDocuments (`listCollections()`, `listDocuments()`), which the
 * package leaves unimplemented, so a test can walk everything.
 * Three fixes make it behave as Firestore does:
 * - it has no authentication, so it listens on the loopback interface only (the package's own
 *   start() binds every interface, 0.0.0.0, so its gRPC server is bound here instead);
 * - a query may filter on a nested field (`where('a.b', ...)`), which the package refused;
 * - writes follow Firestore's field semantics: set() without merge replaces the whole document
 *   (the package merged), a field named in the update mask but absent from the write is removed
 *   (the package kept it, so FieldValue.delete() did nothing), and every field transform of a
 *   write is applied (the package stopped after the first serverTimestamp).
 * Usage: node dev/firestore/standin.mjs [port]
 */
import { createRequire } from 'node:module'
import { FirestoreServer, FirestoreState, FirestoreStateDocument } from '@firestore-emulator/server'

// The credentials must come from the grpc-js the package's server was built with (it has its own).
const requireFromServer = createRequire(createRequire(import.meta.url).resolve('@firestore-emulator/server'))
const { ServerCredentials } = requireFromServer('@grpc/grpc-js')

const FIRESTORE_STANDIN_HOST = '127.0.0.1'

/** "a.b", "`a.b`.c": the segments of a Firestore field path. @param {string} path */
function segments(path) {
  /** @type {string[]} */
  const parts = []
  let current = ''
  let quoted = false
  for (let i = 0; i < path.length; i++) {
    const c = path[i]
    if (c === '`') quoted = !quoted
    else if (c === '\\' && quoted) current += path[++i] ?? ''
    else if (c === '.' && !quoted) {
      parts.push(current)
      current = ''
    } else current += c
  }
  parts.push(current)
  return parts
}

/**
 * @typedef {{ type?: string, value?: any }} Field
 * @typedef {Record<string, Field>} Fields
 */

/** @param {Fields | undefined} fields @param {string[]} keys @returns {Field | undefined} */
function fieldAt(fields, keys) {
  let node = fields
  for (let i = 0; i < keys.length; i++) {
    const field = node?.[/** @type {string} */ (keys[i])]
    if (field === undefined || i === keys.length - 1) return field
    if (field.type !== 'map_value') return undefined
    node = field.value
  }
  return undefined
}

/**
 * `fields` with the field at `keys` set to `value`, or removed when value is undefined.
 * @param {Fields} fields @param {string[]} keys @param {Field | undefined} value
 * @param {new (value: Fields) => Field} MapField @returns {Fields}
 */
function withField(fields, [head = '', ...rest], value, MapField) {
  const copy = { ...fields }
  if (rest.length === 0) {
    if (value === undefined) delete copy[head]
    else copy[head] = value
    return copy
  }
  const inner = copy[head]?.type === 'map_value' ? copy[head].value : {}
  if (value === undefined && copy[head]?.type !== 'map_value') return copy
  copy[head] = new MapField(withField(inner, rest, value, MapField))
  return copy
}

/** The map field class, from any map field among these (the package does not export it). @param {Fields[]} sources */
function mapFieldClass(...sources) {
  /** @param {Fields | undefined} fields @returns {(new (value: Fields) => Field) | undefined} */
  const find = (fields) => {
    for (const field of Object.values(fields ?? {})) {
      if (field?.type === 'map_value') return /** @type {any} */ (field).constructor
    }
    return undefined
  }
  for (const source of sources) {
    const found = find(source)
    if (found) return found
  }
  return /** @type {any} */ (class {})
}

/** Firestore's update-mask semantics: each masked path takes the written value, or goes. @param {Fields} current @param {Fields} written @param {string[]} mask */
function masked(current, written, mask) {
  const MapField = mapFieldClass(written, current)
  return mask.reduce((fields, path) => {
    const keys = segments(path)
    return withField(fields, keys, fieldAt(written, keys), MapField)
  }, current)
}

const documentMethods = /** @type {any} */ (FirestoreStateDocument.prototype)
/** A field by its path, nested ones too ("change.member"), for queries (the package took top-level only). @this {any} @param {string} path */
documentMethods.getField = function getField(path) {
  return fieldAt(this.fields, segments(path))
}
const packageSet = documentMethods.set
const packageUpdate = documentMethods.update
const packageTransform = documentMethods.v1Transform
const transforming = Symbol('transforming')
/**
 * Field transforms (serverTimestamp, increment...) write one field each through set(), which must
 * merge for them. Each is applied on its own: the package stops at the first serverTimestamp.
 * @this {any} @param {Date} date @param {unknown[]} transforms
 */
documentMethods.v1Transform = function v1Transform(date, transforms) {
  this[transforming] = true
  try {
    for (const transform of transforms) packageTransform.call(this, date, [transform])
  } finally {
    this[transforming] = false
  }
}
/** @this {any} @param {Date} date @param {Fields} fields @param {string[]} [mask] */
documentMethods.set = function set(date, fields, mask = []) {
  if (this[transforming]) return packageSet.call(this, date, fields, mask)
  const before = this.metadata.hasExist ? this.fields : {}
  packageSet.call(this, date, {}, [])
  this.fields = mask.length ? masked(before, fields, mask) : { ...fields }
}
/** @this {any} @param {Date} date @param {Fields} fields @param {string[]} [mask] */
documentMethods.update = function update(date, fields, mask = []) {
  if (!mask.length) return packageUpdate.call(this, date, fields, mask)
  const before = this.fields
  packageUpdate.call(this, date, {}, [])
  this.fields = masked(before, fields, mask)
}

/**
 * The package's own error class (not exported), which its Commit answers with the error's gRPC
 * code; found by asking a throwaway state to delete a document that is not there.
 * @returns {new (code: number, message: string) => Error}
 */
function emulatorErrorClass() {
  try {
    new FirestoreState().writeV1Document(
      new Date(),
      /** @type {any} */ ({
        has_delete: true,
        delete: 'projects/p/databases/(default)/documents/probe/probe',
        has_current_document: true,
        current_document: { has_exists: true, exists: true },
      }),
    )
  } catch (error) {
    return /** @type {any} */ (error).constructor
  }
  throw new Error('the Firestore stand-in package no longer refuses a missing document')
}
const EmulatorError = emulatorErrorClass()
const FAILED_PRECONDITION = 9

const stateMethods = /** @type {any} */ (FirestoreState.prototype)
const packageWrite = stateMethods.writeV1Document
/**
 * A write on the condition that the document was last written at a given time (firebase-admin's
 * `{ lastUpdateTime }`): refused with FAILED_PRECONDITION when it was written since, or is gone.
 * @this {any} @param {Date} date @param {any} write
 */
stateMethods.writeV1Document = function writeV1Document(date, write) {
  if (write.has_current_document && write.current_document.has_update_time) {
    const document = this.getDocument(write.has_delete ? write.delete : write.update.name)
    const expected = write.current_document.update_time
    const expectedMs = Number(expected.seconds) * 1000 + Math.floor(Number(expected.nanos) / 1e6)
    if (!document.metadata.hasExist || document.metadata.updatedAt.getTime() !== expectedMs) {
      throw new EmulatorError(
        FAILED_PRECONDITION,
        `the document was written since ${new Date(expectedMs).toISOString()}`,
      )
    }
  }
  return packageWrite.call(this, date, write)
}

const { ListCollectionIdsResponse, ListDocumentsResponse } = requireFromServer(
  '@firestore-emulator/proto/dist/google/firestore/v1/firestore',
)

/**
 * ListCollectionIds (the package leaves it unimplemented): the collections under the database or
 * a document that hold a document, as `listCollections()` asks, so a test can scan everything.
 * @param {any} state @param {string} parent
 * @returns {string[]}
 */
function collectionIds(state, parent) {
  const [, project, , database, , ...path] = parent.split('/')
  const owner = path.length === 0 ? state.getProject(project).getDatabase(database) : state.getDocument(parent)
  return Object.entries(owner.collections)
    .filter(([, collection]) => /** @type {any} */ (collection).hasChild())
    .map(([id]) => id)
    .sort()
}

/**
 * ListDocuments with show_missing (what `listDocuments()` asks; the package leaves it
 * unimplemented): the names of a collection's documents, and of the missing ones that only hold
 * subcollections.
 * @param {any} state @param {string} parent @param {string} collectionId
 * @returns {string[]}
 */
function documentNames(state, parent, collectionId) {
  const collection = state.getCollection(`${parent}/${collectionId}`)
  return collection
    .getAllDocuments()
    .filter((/** @type {any} */ document) => document.metadata.hasExist || document.hasChild())
    .map((/** @type {any} */ document) => `${parent}/${collectionId}/${document.name}`)
    .sort()
}

/**
 * Starts the stand-in on the loopback interface; resolves with the port it listens on.
 * @param {number} port (0: any free port)
 */
export async function startFirestoreStandin(port) {
  const standin = new FirestoreServer()
  // `server` is private in the package's types, and the one way to choose the interface.
  const grpcServer = /** @type {{ server: import('@grpc/grpc-js').Server }} */ (/** @type {unknown} */ (standin)).server
  const handlers = /** @type {{ handlers: Map<string, { func: Function }> }} */ (/** @type {unknown} */ (grpcServer))
    .handlers
  const listCollections = handlers.get('/google.firestore.v1.Firestore/ListCollectionIds')
  if (!listCollections) throw new Error('the Firestore stand-in package no longer registers ListCollectionIds')
  const listDocuments = handlers.get('/google.firestore.v1.Firestore/ListDocuments')
  if (!listDocuments) throw new Error('the Firestore stand-in package no longer registers ListDocuments')
  listDocuments.func = (/** @type {any} */ call, /** @type {Function} */ callback) => {
    try {
      const names = documentNames(standin.state, call.request.parent, call.request.collection_id)
      callback(
        null,
        ListDocumentsResponse.fromObject({ documents: names.map((name) => ({ name })), next_page_token: '' }),
      )
    } catch (error) {
      callback(error)
    }
  }
  listCollections.func = (/** @type {any} */ call, /** @type {Function} */ callback) => {
    try {
      const ids = collectionIds(standin.state, call.request.parent)
      callback(null, ListCollectionIdsResponse.fromObject({ collection_ids: ids, next_page_token: '' }))
    } catch (error) {
      callback(error)
    }
  }
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
