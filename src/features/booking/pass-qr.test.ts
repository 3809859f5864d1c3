import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { SEED } from '@yaari/domain/catalogue-seed'
import { PASS_QR, type PassClaims, passCredential, passPayload } from '@yaari/domain/pass'
import type { Mask } from 'lean-qr'
import { toPngBuffer } from 'lean-qr/extras/node_export'
import { beforeAll, describe, expect, it } from 'vitest'
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader'
import { passQrCode } from './pass-qr'

/** A pass signed as the functions sign one (Ed25519), here with WebCrypto. */
async function issue(claims: PassClaims) {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify'])) as CryptoKeyPair
  const payload = passPayload(SEED, claims, 'k1234567') // the longest key id a pass may carry
  const signature = await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, payload as Uint8Array<ArrayBuffer>)
  return passCredential(payload, new Uint8Array(signature))
}

beforeAll(async () => {
  // The decoder a door phone without a native BarcodeDetector uses, from the package, not a CDN.
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm')
  await prepareZXingModule({ overrides: { wasmBinary: readFileSync(wasm).buffer }, fireImmediately: true })
})

/** What a camera reads off the ticket's QR code, drawn as the ticket draws it (its first frame's mask, or the preferred). */
async function scan(credential: string, mask: Mask | null) {
  const png = toPngBuffer(passQrCode(credential, mask).code, {
    scale: 4,
    on: [0, 0, 0, 255],
    off: [255, 255, 255, 255], // as the ticket draws it: black on white, not on transparency
  })
  const [read] = await readBarcodes(new Uint8Array(png), { formats: ['QRCode'] })
  return read
}

describe("the ticket's QR code", () => {
  it.each([
    ['a short first name', 'Asha Rao'],
    ['the longest first name a pass carries', 'Venkatalakshmi-Narasimhan Iyer'],
  ])(
    `reads back as the signed pass with %s, both masks it is drawn with, at version ${PASS_QR.version} or smaller, level M or better`,
    async (_, name) => {
      const credential = await issue({
        orderId: 'yaari_20261202_AbCdEfGhIjKl',
        eventId: 'midweek-wednesday-dinner',
        date: '2026-12-02',
        tier: 'girls',
        firstName: name,
      })
      const qr = passQrCode(credential)
      expect(qr.version).toBeLessThanOrEqual(PASS_QR.version)
      expect(qr.size).toBe(17 + 4 * qr.version)
      for (const mask of [0, null] as const) {
        const read = await scan(credential, mask)
        expect(read?.text).toBe(credential)
        expect(['M', 'Q', 'H']).toContain(read?.ecLevel)
        expect(passQrCode(credential, mask).version).toBe(qr.version)
      }
    },
  )
})
