import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { encodeFor, sendCompressed } from './compress'

const PAGE = `<!doctype html><html><body>${'<article>Stranger meet-up, Indiranagar</article>'.repeat(200)}</body></html>`

/** An answer that records what was set and sent, as Express's response would carry them. */
function recorded() {
  const headers: Record<string, string> = {}
  let sent: Buffer | string | undefined
  return {
    headers,
    sent: () => sent,
    set: (field: string, value: string) => {
      headers[field] = value
    },
    vary: (field: string) => {
      headers.vary = headers.vary ? `${headers.vary}, ${field}` : field
    },
    send: (body: Buffer | string) => {
      sent = body
    },
  }
}

describe('sendCompressed', () => {
  it('sends Brotli to a browser that accepts it, a fraction of the page, that decodes to the page', () => {
    const answer = recorded()
    sendCompressed({ acceptsEncodings: (encoding) => encoding }, answer, PAGE)
    const sent = answer.sent() as Buffer
    expect(answer.headers).toEqual({ vary: 'Accept-Encoding', 'content-encoding': 'br' })
    expect(sent.length).toBeLessThan(PAGE.length / 4)
    expect(brotliDecompressSync(sent).toString()).toBe(PAGE)
  })

  it('sends gzip to an asker that accepts only gzip', () => {
    const answer = recorded()
    sendCompressed({ acceptsEncodings: (encoding) => encoding === 'gzip' && encoding }, answer, PAGE)
    expect(answer.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(answer.sent() as Buffer).toString()).toBe(PAGE)
  })

  it('sends the page as it is to an asker that accepts neither, still saying it varies', () => {
    for (const accepted of ['identity', false] as const) {
      const answer = recorded()
      sendCompressed({ acceptsEncodings: (encoding) => encoding === accepted && accepted }, answer, PAGE)
      expect(answer.headers).toEqual({ vary: 'Accept-Encoding' })
      expect(String(answer.sent())).toBe(PAGE)
    }
  })

  it('encodes bytes as well as text', () => {
    expect(gunzipSync(encodeFor('gzip', Buffer.from(PAGE)).bytes).toString()).toBe(PAGE)
  })
})
