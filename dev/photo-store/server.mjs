// @ts-check
/**
 * The local stand-in for Cloud Storage's profile pictures and event covers: keeps the bytes on disk
 * (.tmp/photo-store) and serves them back, so the web app cannot tell it from production.
 * Only the functions may write, list or delete (they hold PHOTO_STORE_SECRET); anyone with the
 * URL may read, as with a Cloud Storage download URL. Pictures are served with nosniff.
 * Usage: node dev/photo-store/server.mjs [port]   (PHOTO_STORE_SECRET in the environment)
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { dirname, join, normalize } from 'node:path'
import { ROOT } from '../lib/config.mjs'

const DIR = join(ROOT, '.tmp', 'photo-store')
const MAX_BYTES = 5 * 1024 * 1024

/** @param {string} encoded @returns {string | undefined} */
function safePath(encoded) {
  const path = normalize(decodeURIComponent(encoded))
  return /^(?:profile-pictures|event-covers)\/[\w-]+\/[\w.-]+$/.test(path) && !path.includes('..') ? path : undefined
}

/**
 * @param {{ port: number, secret: string }} options
 * @returns {import('node:http').Server}
 */
export function createPhotoStore({ port, secret }) {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`)
    if (url.pathname === '/health') return res.writeHead(200).end('ok')
    const trusted = Boolean(secret) && req.headers['x-photo-store-secret'] === secret
    if (url.pathname === '/list' && req.method === 'GET') {
      if (!trusted) return res.writeHead(403).end()
      const folder = /^profile-pictures\/[\w-]+\/$/.exec(url.searchParams.get('prefix') ?? '')?.[0]
      if (!folder) return res.writeHead(400).end()
      const dir = join(DIR, folder)
      const paths = existsSync(dir)
        ? readdirSync(dir)
            .filter((name) => !name.endsWith('.json'))
            .map((name) => `${folder}${name}`)
        : []
      res.writeHead(200, { 'content-type': 'application/json' })
      return res.end(JSON.stringify({ paths }))
    }
    const match = /^\/o\/([^/]+)$/.exec(url.pathname)
    const path = match?.[1] ? safePath(match[1]) : undefined
    if (!path) return res.writeHead(404).end()
    const file = join(DIR, path)

    if (req.method === 'DELETE') {
      if (!trusted) return res.writeHead(403).end()
      if (!existsSync(file)) return res.writeHead(404).end()
      rmSync(file, { force: true })
      rmSync(`${file}.json`, { force: true })
      return res.writeHead(204).end()
    }
    if (req.method === 'PUT') {
      if (!trusted) return res.writeHead(403).end()
      /** @type {Buffer[]} */
      const chunks = []
      let size = 0
      req.on('data', (chunk) => {
        size += chunk.length
        if (size > MAX_BYTES) req.destroy()
        else chunks.push(chunk)
      })
      req.on('end', () => {
        mkdirSync(dirname(file), { recursive: true })
        writeFileSync(file, Buffer.concat(chunks))
        writeFileSync(
          `${file}.json`,
          JSON.stringify({ contentType: req.headers['content-type'] ?? 'application/octet-stream' }),
        )
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ url: `http://127.0.0.1:${port}/o/${encodeURIComponent(path)}?alt=media` }))
      })
      return
    }
    if (req.method === 'GET') {
      try {
        const bytes = readFileSync(file)
        const { contentType } = JSON.parse(readFileSync(`${file}.json`, 'utf8'))
        res.writeHead(200, {
          'content-type': contentType,
          // As Cloud Storage keeps them: a member's photo private to caches, a cover (a new address each upload) for a year.
          'cache-control': path.startsWith('event-covers/')
            ? 'public, max-age=31536000, immutable'
            : 'private, max-age=86400',
          'x-content-type-options': 'nosniff',
          'content-disposition': 'inline; filename="photo.jpg"',
        })
        return res.end(bytes)
      } catch {
        return res.writeHead(404).end()
      }
    }
    res.writeHead(405).end()
  })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2] ?? process.env.PHOTO_STORE_PORT ?? 8082)
  const server = createPhotoStore({ port, secret: process.env.PHOTO_STORE_SECRET ?? '' })
  server.on('error', (error) => {
    console.error(`Photo store could not listen on port ${port}: ${error.message}`)
    process.exit(1)
  })
  server.listen(port, '127.0.0.1', () => console.log(`Photo store listening on 127.0.0.1:${port}`))
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => process.exit(0))
}
