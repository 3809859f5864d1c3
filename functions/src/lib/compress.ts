/**
 * A text answer compressed as the asker accepts (Brotli, else gzip, else as it is), as a static
 * host compresses its files: a server-rendered page is about a quarter of its size gzipped, and on
 * a slow mobile link its first bytes decide when anything shows (four times the bytes cost a round
 * trip or two more). The answer says it varies by Accept-Encoding, so a shared cache keeps one
 * copy per encoding.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** What picks the encoding: Express's request.acceptsEncodings (the `accepts` negotiation). */
interface Asker {
  acceptsEncodings(encoding: string): string | false
}
interface Answer {
  set(field: string, value: string): unknown
  /** Adds to the answer's Vary (Express's res.vary), keeping what else it varies by. */
  vary(field: string): unknown
  send(body: Buffer | string): unknown
}

/** Brotli's level for text written per request: near its best ratio at gzip's speed. */
const BROTLI_QUALITY = 5

/** The bytes to send and their Content-Encoding (undefined: as they are). */
export function encodeFor(
  accepted: string | false,
  body: Buffer | string,
): { bytes: Buffer; encoding?: 'br' | 'gzip' } {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body
  if (accepted === 'br')
    return {
      bytes: brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      encoding: 'br',
    }
  if (accepted === 'gzip') return { bytes: gzipSync(bytes), encoding: 'gzip' }
  return { bytes }
}

/** Sends `body` (its type already set) compressed as the request accepts. */
export function sendCompressed(request: Asker, response: Answer, body: Buffer | string): void {
  // Asked one at a time: given several, `accepts` breaks a tie by the browser's order, and browsers
  // list gzip first ("gzip, deflate, br, zstd"), so Brotli would never be chosen.
  const accepted = request.acceptsEncodings('br') || request.acceptsEncodings('gzip')
  const { bytes, encoding } = encodeFor(accepted, body)
  response.vary('Accept-Encoding')
  if (encoding) response.set('content-encoding', encoding)
  response.send(bytes)
}
