// @ts-check
/**
 * A venue's signal, for the bench: an HTTP proxy the browser sends every request for another
 * origin through (the app's own origin bypasses it). It forwards them until `hang()`, and from
 * then on holds each new request open and never answers, as a weak connection leaves them. The
 * app's own files never pass through anything, so what is timed is the app, not the harness
 * (Playwright's routing would pause every request, the app's included, for a round trip here).
 */
import { createServer, request } from 'node:http'
import { HOST } from '../lib/config.mjs'

export async function hangingProxy() {
  let hanging = false
  /** @type {string[]} */
  const held = []
  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set()
  const server = createServer((req, res) => {
    if (hanging) {
      held.push(String(req.url))
      return // never answered
    }
    const target = new URL(String(req.url))
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  // https (CONNECT): never let through, online or not; nothing the local stack serves is https.
  server.on('connect', (req) => held.push(String(req.url)))
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise((resolve) => server.listen(0, HOST, () => resolve(undefined)))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    server: `http://${HOST}:${port}`,
    held,
    hang: () => {
      hanging = true
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve(undefined))
      }),
  }
}
