// @ts-check
/**
 * The payment-gateway stand-in: a loopback server that keeps Cashfree's PG wire contract
 * (shared/cashfree.md, "Contract for a local stand-in"). For now it answers its health
 * check and Cashfree's common request rules (auth, API version); the order endpoints,
 * hosted checkout and signed webhooks arrive with the booking capability.
 * Usage: node dev/payment-standin.mjs [port]
 */
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'

export const STANDIN_CLIENT_ID = process.env.CASHFREE_CLIENT_ID ?? 'standin-client-id'
export const STANDIN_CLIENT_SECRET = process.env.CASHFREE_CLIENT_SECRET ?? 'standin-client-secret'
const API_VERSIONS = new Set(['2023-08-01', '2025-01-01', '2026-01-01'])

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

/** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
export function handle(req, res) {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1')
  if (url.pathname === '/health') return sendJson(res, 200, { ok: true })
  if (!url.pathname.startsWith('/pg/')) {
    return sendJson(res, 404, {
      message: 'bad URL, please check API documentation',
      code: 'request_failed',
      type: 'invalid_request_error',
    })
  }
  const requestId = String(req.headers['x-request-id'] ?? randomUUID())
  const version = req.headers['x-api-version']
  const common = { 'x-request-id': requestId, ...(typeof version === 'string' ? { 'x-api-version': version } : {}) }
  if (req.headers['x-client-id'] !== STANDIN_CLIENT_ID || req.headers['x-client-secret'] !== STANDIN_CLIENT_SECRET) {
    return sendJson(
      res,
      401,
      { message: 'authentication Failed', code: 'request_failed', type: 'authentication_error' },
      common,
    )
  }
  if (typeof version !== 'string') {
    return sendJson(
      res,
      400,
      { message: 'x-api-version : is missing in the request', code: 'version_missing', type: 'invalid_request_error' },
      common,
    )
  }
  if (!API_VERSIONS.has(version)) {
    return sendJson(
      res,
      400,
      {
        message: `x-api-version : is not valid. Value received: ${version}`,
        code: 'version_invalid',
        type: 'invalid_request_error',
      },
      common,
    )
  }
  return sendJson(
    res,
    404,
    { message: 'bad URL, please check API documentation', code: 'request_failed', type: 'invalid_request_error' },
    common,
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2] ?? process.env.PAYMENT_STANDIN_PORT ?? 8081)
  const server = createServer(handle)
  server.on('error', (error) => {
    console.error(`Payment stand-in could not listen on port ${port}: ${error.message}`)
    process.exit(1)
  })
  server.listen(port, '127.0.0.1', () => console.log(`Payment stand-in listening on 127.0.0.1:${port}`))
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.on(signal, () => server.close(() => process.exit(0)))
  }
}
