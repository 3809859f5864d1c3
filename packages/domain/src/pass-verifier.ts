/**
 * Checking scanned passes on a device, offline: a pass's signature against the public keys the
 * device holds (each key imported once), then its event and date against the night's. What a
 * verdict can say is here; how a pass is laid out and read is pass.ts.
 */
import type { Catalogue } from './catalogue'
import { decodePass, type PassClaims, type PassPublicKeys } from './pass'
import { fromBase64Url } from './pass-encoding'

/** Why a scanned code is not admitted. */
type PassRefusal =
  /** Not a Yaari pass at all, or one this app cannot read. */
  | 'malformed'
  /** Signed with a key this device does not know (or no longer trusts). */
  | 'unknown-key'
  /** The signature does not match: forged or altered. */
  | 'bad-signature'
  /** A real pass, for another event. */
  | 'wrong-event'
  /** A real pass, for another date of this event. */
  | 'wrong-date'

type PassVerdict = { ok: true; pass: PassClaims; keyId: string } | { ok: false; reason: PassRefusal }

/**
 * Checks scanned passes against one set of public keys, importing each key once (a door checks
 * every guest of the night with the same keys): `verify` says whether `credential` (a scanned QR
 * code's text) is a Yaari pass signed with one of the keys, for an event `catalogue` knows, and,
 * when `expected` names them, for that event and date. Never throws: anything it cannot read is
 * `malformed`. The signature is checked before the event and date are compared, so an altered
 * pass reads as altered, not as a pass for another night.
 */
export interface PassVerifier {
  readonly keys: PassPublicKeys
  verify(catalogue: Catalogue, credential: string, expected?: { eventId?: string; date?: string }): Promise<PassVerdict>
}

type VerifyKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>

export function passVerifier(keys: PassPublicKeys): PassVerifier {
  const imported = new Map<string, Promise<VerifyKey | undefined>>()
  const publicKey = (keyId: string) => {
    let key = imported.get(keyId)
    if (!key) {
      const raw = Object.hasOwn(keys, keyId) ? fromBase64Url(keys[keyId] ?? '') : undefined
      key =
        raw?.length === 32
          ? crypto.subtle
              .importKey('raw', raw as Uint8Array<ArrayBuffer>, { name: 'Ed25519' }, false, ['verify'])
              .catch(() => undefined)
          : Promise.resolve(undefined)
      imported.set(keyId, key)
    }
    return key
  }
  return {
    keys,
    async verify(catalogue, credential, expected = {}) {
      const decoded = decodePass(catalogue, credential)
      if (!decoded) return { ok: false, reason: 'malformed' }
      const key = await publicKey(decoded.keyId)
      if (!key) return { ok: false, reason: 'unknown-key' }
      const valid = await crypto.subtle
        .verify(
          { name: 'Ed25519' },
          key,
          decoded.signature as Uint8Array<ArrayBuffer>,
          decoded.payload as Uint8Array<ArrayBuffer>,
        )
        .catch(() => false)
      if (!valid) return { ok: false, reason: 'bad-signature' }
      if (expected.eventId !== undefined && decoded.claims.eventId !== expected.eventId) {
        return { ok: false, reason: 'wrong-event' }
      }
      if (expected.date !== undefined && decoded.claims.date !== expected.date) {
        return { ok: false, reason: 'wrong-date' }
      }
      return { ok: true, pass: decoded.claims, keyId: decoded.keyId }
    },
  }
}
