/**
 * Signs members' passes (@yaari/domain/pass) with the Ed25519 key in the PASS_SIGNING_KEY
 * secret, written "<key id>:<the 32-byte private key in base64url>". The private key never
 * leaves the functions; the app ships only the public keys (VITE_PASS_PUBLIC_KEYS).
 * Ed25519 signatures are deterministic: the same booking and key always give the same pass.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import type { Catalogue } from '@yaari/domain/catalogue'
import { type IssuedPass, PASS_KEY_ID, type PassClaims, passCredential, passPayload } from '@yaari/domain/pass'
import { passCode } from '@yaari/domain/pass-code'
import { fromBase64Url } from '@yaari/domain/pass-encoding'

export interface PassSigner {
  keyId: string
  /** The public key, as the app's VITE_PASS_PUBLIC_KEYS lists it. */
  publicKey: string
  issue(catalogue: Catalogue, claims: PassClaims): IssuedPass
}

/** PKCS#8 wrapping of a raw Ed25519 private key (RFC 8410). */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')

/** The signer for a PASS_SIGNING_KEY value, or the reason it cannot be one. */
export function parsePassSigningKey(value: string): PassSigner | string {
  const [keyId = '', seed = '', ...rest] = value.trim().split(':')
  if (rest.length || !PASS_KEY_ID.test(keyId)) {
    return 'PASS_SIGNING_KEY must be "<key id>:<private key>", the key id 1-8 letters, digits, _ or -'
  }
  const raw = fromBase64Url(seed)
  if (raw?.length !== 32) return 'PASS_SIGNING_KEY must hold a 32-byte Ed25519 private key in base64url'
  let key: KeyObject
  try {
    key = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, raw]), format: 'der', type: 'pkcs8' })
  } catch {
    return 'PASS_SIGNING_KEY is not an Ed25519 private key'
  }
  const publicKey = String(createPublicKey(key).export({ format: 'jwk' }).x)
  return {
    keyId,
    publicKey,
    issue(catalogue, claims) {
      const payload = passPayload(catalogue, claims, keyId)
      return { credential: passCredential(payload, sign(null, payload, key)), code: passCode(claims.orderId) }
    },
  }
}

/** A new key pair: the secret's value and the public key's entry for the app. */
export function newPassKey(keyId: string): { secret: string; publicEntry: string } {
  if (!PASS_KEY_ID.test(keyId)) throw new Error('A key id is 1-8 letters, digits, _ or -')
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  return {
    secret: `${keyId}:${privateKey.export({ format: 'jwk' }).d}`,
    publicEntry: `${keyId}:${publicKey.export({ format: 'jwk' }).x}`,
  }
}
