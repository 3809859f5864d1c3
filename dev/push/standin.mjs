// @ts-check
/**
 * The Web Push stand-in: a loopback push service that keeps the wire contract of RFC 8030 (push
 * messages), RFC 8291 (aes128gcm message encryption) and RFC 8292 (VAPID), so the functions send
 * real Web Push requests (the `web-push` library) and the tests read what a browser would receive:
 * - POST /push/{id}: a push message, checked as real push services check it, in this order:
 *   an unknown subscription 404, an ended one 410 Gone; a fault set through the control API; the
 *   VAPID `Authorization: vapid t=<JWT>, k=<key>` (ES256 signature, `aud` this stand-in's origin,
 *   `exp` in the next 24 h, `sub` a mailto: or https: URL) 401, a key other than the subscription's
 *   applicationServerKey 403; the TTL, Urgency and Topic headers 400; `Content-Encoding: aes128gcm`
 *   400, at most 4096 bytes 413, a body the subscription's keys cannot decrypt 400. A message that
 *   passes is decrypted, kept (in memory) and answered 201 with a Location;
 * - a control API for tests (/__push/subscriptions to create one, its /messages, /fault (the next
 *   pushes answer 404, 410, 429, 500 or never), DELETE to end it, /__push/messages for all), which
 *   answers only requests carrying the stack's secret (x-stack-secret).
 * The stand-in speaks plain HTTP on 127.0.0.1; `web-push` always speaks TLS, so a sender passes it
 * plainHttpAgent() (below) to reach the stand-in.
 * Usage: node dev/push/standin.mjs [port]   (port: PUSH_STANDIN_PORT or 8083; STACK_SECRET: the control secret)
 */
import { createECDH, createPublicKey, randomBytes, randomUUID, timingSafeEqual, verify } from 'node:crypto'
import { createServer } from 'node:http'
import { Agent } from 'node:https'
import { createRequire } from 'node:module'
import { createConnection } from 'node:net'

/**
 * Encrypted Content-Encoding (RFC 8188), the `web-push` library's own decrypting half; it has no
 * type declarations, hence require and the type here.
 * @type {{ decrypt: (body: Buffer, params: { version: 'aes128gcm', privateKey: import('node:crypto').ECDH, authSecret: Buffer }) => Buffer }}
 */
const ece = createRequire(import.meta.url)('http_ece')

/** The largest push message body real push services take (RFC 8030 section 7.2: at least 4096). */
const MAX_BODY_BYTES = 4096
/** The latest a VAPID JWT may expire (RFC 8292 section 2: no more than 24 hours from the request). */
const MAX_EXP_SECONDS = 24 * 60 * 60
const URGENCIES = new Set(['very-low', 'low', 'normal', 'high'])
/** The answers a fault may give; 'hang' takes the request and never answers. */
const FAULT_ANSWERS = new Set([404, 410, 429, 500, 'hang'])

/**
 * A push message as the stand-in kept it.
 * @typedef {{ receivedAt: string, ttl: number, urgency: string, topic: string | null, text: string, json: unknown }} PushMessage
 */

/**
 * @typedef {object} Subscription
 * @property {string} id
 * @property {import('node:crypto').ECDH} ecdh the "browser's" key pair (p256dh)
 * @property {Buffer} auth the 16-byte auth secret
 * @property {Buffer | null} applicationServerKey the only VAPID key that may push, when set
 * @property {boolean} ended
 * @property {{ answer: 404 | 410 | 429 | 500 | 'hang', times: number } | null} fault
 * @property {PushMessage[]} messages
 */

class HttpError extends Error {
  /** @param {number} status @param {string} message */
  constructor(status, message) {
    super(message)
    this.status = status
  }
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
function sendJson(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string} text
 * @param {Record<string, string>} [headers]
 */
function sendText(res, status, text, headers = {}) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers })
  res.end(text)
}

/**
 * The request's body, or null when it is longer than `limit` bytes (read to its end all the same,
 * so the sender gets the answer rather than a reset connection).
 * @param {import('node:http').IncomingMessage} req @param {number} limit
 * @returns {Promise<Buffer | null>}
 */
async function readBody(req, limit) {
  /** @type {Buffer[]} */
  const chunks = []
  let length = 0
  for await (const chunk of req) {
    length += chunk.length
    if (length <= limit) chunks.push(chunk)
  }
  return length > limit ? null : Buffer.concat(chunks)
}

/** @param {import('node:http').IncomingMessage} req @returns {Promise<Record<string, unknown>>} */
async function readJson(req) {
  const body = await readBody(req, 64 * 1024)
  if (body === null) throw new HttpError(413, 'The body is too large.')
  if (body.length === 0) return {}
  try {
    const value = JSON.parse(body.toString('utf8'))
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object')
    return value
  } catch {
    throw new HttpError(400, 'The body is not a JSON object.')
  }
}

/** @param {string} text @returns {Buffer | null} base64url, unpadded or padded */
function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) return null
  return Buffer.from(text, 'base64url')
}

/** @param {Buffer | null} key @returns {key is Buffer} an uncompressed P-256 point */
const isUncompressedPoint = (key) => key !== null && key.length === 65 && key[0] === 0x04

/**
 * The VAPID public key as a node:crypto key; throws when the point is not on the curve.
 * @param {Buffer} point 65 bytes, uncompressed
 */
function vapidPublicKey(point) {
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  })
}

/** @param {string} part @returns {Record<string, unknown> | null} */
function jwtJson(part) {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : null
  } catch {
    return null
  }
}

/**
 * Checks a VAPID Authorization header (RFC 8292) and answers the public key it was signed with;
 * throws a 401 HttpError saying what is wrong.
 * @param {string | undefined} header @param {string} audience this stand-in's origin
 * @param {number} [now] seconds since the epoch
 * @returns {Buffer}
 */
function checkVapid(header, audience, now = Math.floor(Date.now() / 1000)) {
  const refuse = (/** @type {string} */ reason) => new HttpError(401, reason)
  if (!header) throw refuse('Authorization is missing: a push needs `vapid t=<JWT>, k=<public key>` (RFC 8292).')
  const scheme = /^vapid\s+(.*)$/i.exec(header.trim())
  if (!scheme?.[1]) throw refuse('Authorization must use the vapid scheme: `vapid t=<JWT>, k=<public key>`.')
  /** @type {Record<string, string>} */
  const params = {}
  for (const part of scheme[1].split(',')) {
    const at = part.indexOf('=')
    if (at > 0) params[part.slice(0, at).trim().toLowerCase()] = part.slice(at + 1).trim()
  }
  const { t: token, k: key } = params
  if (!token || !key) throw refuse('Authorization must carry both t (the JWT) and k (the public key).')
  const point = fromBase64Url(key)
  if (!isUncompressedPoint(point)) throw refuse('k must be an uncompressed P-256 public key, base64url (65 bytes).')
  let publicKey
  try {
    publicKey = vapidPublicKey(point)
  } catch {
    throw refuse('k is not a point on P-256.')
  }
  const parts = token.split('.')
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]+$/.test(part))) {
    throw refuse('t must be a JWT: three base64url parts.')
  }
  const [encodedHeader = '', encodedClaims = '', encodedSignature = ''] = parts
  const jwtHeader = jwtJson(encodedHeader)
  if (jwtHeader?.alg !== 'ES256') throw refuse('The JWT header must say alg ES256.')
  const signature = Buffer.from(encodedSignature, 'base64url')
  const signed = Buffer.from(`${encodedHeader}.${encodedClaims}`)
  if (signature.length !== 64 || !verify('sha256', signed, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature)) {
    throw refuse('The JWT signature does not verify with k.')
  }
  const claims = jwtJson(encodedClaims)
  if (!claims) throw refuse('The JWT claims are not a JSON object.')
  if (claims.aud !== audience) throw refuse(`The JWT aud must be this push service's origin, ${audience}.`)
  if (typeof claims.exp !== 'number' || !Number.isInteger(claims.exp)) throw refuse('The JWT exp must be a number.')
  if (claims.exp <= now) throw refuse('The JWT has expired (exp).')
  if (claims.exp > now + MAX_EXP_SECONDS) throw refuse('The JWT exp is more than 24 hours ahead.')
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub) || !URL.canParse(claims.sub)) {
    throw refuse('The JWT sub must be a mailto: or https: URL.')
  }
  return point
}

/**
 * The message's headers (RFC 8030 section 5): TTL required, Urgency and Topic when present.
 * @param {import('node:http').IncomingHttpHeaders} headers
 */
function messageHeaders(headers) {
  const ttl = headers.ttl
  if (typeof ttl !== 'string' || !/^\d+$/.test(ttl.trim())) {
    throw new HttpError(400, 'TTL is required: a whole number of seconds (0 or more).')
  }
  const urgency = headers.urgency ?? 'normal'
  if (typeof urgency !== 'string' || !URGENCIES.has(urgency)) {
    throw new HttpError(400, 'Urgency must be very-low, low, normal or high.')
  }
  const topic = headers.topic ?? null
  if (topic !== null && (typeof topic !== 'string' || !/^[A-Za-z0-9_-]{1,32}$/.test(topic))) {
    throw new HttpError(400, 'Topic must be at most 32 characters of the base64url alphabet.')
  }
  return { ttl: Number(ttl.trim()), urgency, topic }
}

/**
 * An https.Agent whose connections are plain TCP. `web-push` sends every push with
 * https.request, whatever the endpoint's scheme; given this agent (its `agent` option), it speaks
 * plain HTTP to the stand-in. For the local stack only: it sends the push in clear text.
 */
export function plainHttpAgent() {
  const agent = new Agent()
  /** @param {{ host?: string | null, port?: number | string | null }} options */
  const connect = (options) => createConnection({ host: options.host ?? '127.0.0.1', port: Number(options.port) })
  Object.assign(agent, { createConnection: connect })
  return agent
}

/**
 * Starts the stand-in on 127.0.0.1.
 * @param {{ port?: number, secret?: string }} [options] port 0 for any free one; secret: what the
 *   control API requires in x-stack-secret (none: the control API answers nobody)
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startPushStandin({ port = 0, secret = '' } = {}) {
  /** @type {Map<string, Subscription>} */
  const subscriptions = new Map()
  /** Every message, in arrival order, with its subscription's id. @type {({ id: string } & PushMessage)[]} */
  const arrivals = []
  let origin = ''

  /** @param {import('node:http').IncomingMessage} req */
  const isControl = (req) => {
    const given = Buffer.from(String(req.headers['x-stack-secret'] ?? ''))
    const expected = Buffer.from(secret)
    return expected.length > 0 && given.length === expected.length && timingSafeEqual(given, expected)
  }

  /** @param {string} id */
  const subscriptionOf = (id) => {
    const subscription = subscriptions.get(id)
    if (!subscription) throw new HttpError(404, 'No such subscription.')
    return subscription
  }

  /**
   * A push message (RFC 8030 section 5).
   * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {string} id
   */
  async function push(req, res, id) {
    const subscription = subscriptions.get(id)
    if (!subscription) throw new HttpError(404, 'No such subscription.')
    if (subscription.ended) throw new HttpError(410, 'The subscription has ended.')
    const { fault } = subscription
    if (fault && fault.times > 0) {
      fault.times--
      if (fault.times === 0) subscription.fault = null
      if (fault.answer === 'hang') return // taken, never answered: the socket stays open until close()
      if (fault.answer === 429) return sendText(res, 429, 'Too many requests.', { 'retry-after': '1' })
      const reasons = { 404: 'No such subscription.', 410: 'The subscription has ended.', 500: 'Internal error.' }
      return sendText(res, fault.answer, reasons[fault.answer])
    }
    const vapidKey = checkVapid(req.headers.authorization, origin)
    if (subscription.applicationServerKey && !subscription.applicationServerKey.equals(vapidKey)) {
      throw new HttpError(403, "The VAPID key (k) is not the subscription's applicationServerKey.")
    }
    const { ttl, urgency, topic } = messageHeaders(req.headers)
    if (String(req.headers['content-encoding'] ?? '').toLowerCase() !== 'aes128gcm') {
      throw new HttpError(400, 'Content-Encoding must be aes128gcm (RFC 8291).')
    }
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
      req.resume()
      throw new HttpError(413, `The body is larger than ${MAX_BODY_BYTES} bytes.`)
    }
    const body = await readBody(req, MAX_BODY_BYTES)
    if (body === null) throw new HttpError(413, `The body is larger than ${MAX_BODY_BYTES} bytes.`)
    let plain
    try {
      plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: subscription.ecdh, authSecret: subscription.auth })
    } catch (error) {
      throw new HttpError(400, `The body could not be decrypted: ${error instanceof Error ? error.message : error}`)
    }
    const text = Buffer.from(plain).toString('utf8')
    let json = null
    try {
      json = JSON.parse(text)
    } catch {
      // not JSON: text only
    }
    /** @type {PushMessage} */
    const message = { receivedAt: new Date().toISOString(), ttl, urgency, topic, text, json }
    subscription.messages.push(message)
    arrivals.push({ id, ...message })
    res.writeHead(201, {
      location: `${origin}/__push/subscriptions/${id}/messages/${subscription.messages.length}`,
      ttl: String(ttl),
    })
    res.end()
  }

  /**
   * The control API: the stack's secret only.
   * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {string} path
   */
  async function control(req, res, path) {
    if (!isControl(req)) throw new HttpError(401, 'The control API needs x-stack-secret.')
    if (path === '/subscriptions' && req.method === 'POST') {
      const { applicationServerKey } = await readJson(req)
      let restricted = null
      if (applicationServerKey !== undefined) {
        restricted = typeof applicationServerKey === 'string' ? fromBase64Url(applicationServerKey) : null
        if (!isUncompressedPoint(restricted)) {
          throw new HttpError(400, 'applicationServerKey must be an uncompressed P-256 public key, base64url.')
        }
      }
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      /** @type {Subscription} */
      const subscription = {
        id: randomUUID(),
        ecdh,
        auth: randomBytes(16),
        applicationServerKey: restricted,
        ended: false,
        fault: null,
        messages: [],
      }
      subscriptions.set(subscription.id, subscription)
      return sendJson(res, 201, {
        id: subscription.id,
        endpoint: `${origin}/push/${subscription.id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: subscription.auth.toString('base64url') },
      })
    }
    if (path === '/messages' && req.method === 'GET') return sendJson(res, 200, { messages: arrivals })
    const route = /^\/subscriptions\/([^/]+)(?:\/(messages|fault)(?:\/(\d+))?)?$/.exec(path)
    if (route?.[1]) {
      const subscription = subscriptionOf(decodeURIComponent(route[1]))
      const [, , what, index] = route
      if (!what && req.method === 'DELETE') {
        subscription.ended = true
        subscription.fault = null
        res.writeHead(204).end()
        return
      }
      if (what === 'messages' && !index && req.method === 'GET') {
        return sendJson(res, 200, { messages: subscription.messages })
      }
      if (what === 'messages' && index && req.method === 'GET') {
        const message = subscription.messages[Number(index) - 1]
        if (!message) throw new HttpError(404, 'No such message.')
        return sendJson(res, 200, message)
      }
      if (what === 'fault' && !index && req.method === 'POST') {
        const { answer, times } = await readJson(req)
        if (answer !== null && !FAULT_ANSWERS.has(/** @type {any} */ (answer))) {
          throw new HttpError(400, "answer must be 404, 410, 429, 500, 'hang' or null.")
        }
        if (times !== undefined && (!Number.isInteger(times) || Number(times) < 1)) {
          throw new HttpError(400, 'times must be a whole number, 1 or more.')
        }
        subscription.fault =
          answer === null
            ? null
            : {
                answer: /** @type {404 | 410 | 429 | 500 | 'hang'} */ (answer),
                times: times === undefined ? Number.POSITIVE_INFINITY : Number(times),
              }
        return sendJson(res, 200, {
          answer: subscription.fault?.answer ?? null,
          times: subscription.fault && Number.isFinite(subscription.fault.times) ? subscription.fault.times : null,
        })
      }
    }
    throw new HttpError(404, 'No such control route.')
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    try {
      if (url.pathname === '/health' && req.method === 'GET') return sendText(res, 200, 'ok')
      const pushed = /^\/push\/([^/]+)$/.exec(url.pathname)
      if (pushed?.[1]) {
        if (req.method !== 'POST') throw new HttpError(405, 'A push message is a POST.')
        return await push(req, res, decodeURIComponent(pushed[1]))
      }
      if (url.pathname.startsWith('/__push/')) return await control(req, res, url.pathname.slice('/__push'.length))
      throw new HttpError(404, 'Not found.')
    } catch (error) {
      if (res.headersSent) return
      if (error instanceof HttpError) return sendText(res, error.status, error.message)
      console.error(error)
      return sendText(res, 500, 'Internal error.')
    }
  })

  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve(undefined)
    })
  })
  const address = /** @type {import('node:net').AddressInfo} */ (server.address())
  origin = `http://127.0.0.1:${address.port}`
  return {
    url: origin,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        // Hung pushes keep their sockets open: end them, or close() would wait for good.
        server.closeAllConnections()
      }),
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2] ?? process.env.PUSH_STANDIN_PORT ?? 8083)
  try {
    const { url, close } = await startPushStandin({ port, secret: process.env.STACK_SECRET ?? '' })
    console.log(`Push stand-in listening on ${url}`)
    for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
      process.on(signal, () => close().then(() => process.exit(0)))
    }
  } catch (error) {
    console.error(`Push stand-in could not listen on port ${port}: ${error instanceof Error ? error.message : error}`)
    process.exit(1)
  }
}
