/**
 * A static host for one built version of the app at a time, like a deploy to Firebase Hosting:
 * `deploy(dir)` swaps what is served. Addresses map to files by the hosting rule the app's
 * preview server uses too (src/prerender/hosting.ts), with firebase.json's headers as the
 * preview sends them; a missing file is a 404.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { hostingAnswer, previewHeaders, readHostingHeaderRules } from '../../src/prerender/hosting'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
}

export interface StaticSite {
  url: string
  deploy: (dir: string) => void
  close: () => Promise<void>
}

export async function serveStatic(dir: string): Promise<StaticSite> {
  const rules = readHostingHeaderRules()
  let root = dir
  const server: Server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname))
    // No function answers here: a page the functions write (the catalogue's) gets the app shell, a
    // missing file the 404 below.
    const answer = hostingAnswer(path, [], (built) => existsSync(join(root, built)))
    const page = 'file' in answer && answer.status === 200 ? answer.file : '/app.html'
    const file = join(root, /\.[a-z0-9]+$/i.test(path) ? path : page)
    try {
      const body = await readFile(file)
      response.writeHead(200, {
        ...previewHeaders(path, rules),
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      })
      response.end(body)
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deploy: (next) => {
      root = next
    },
    // Browsers keep connections open (the page, its service worker): end them too, or close waits.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
