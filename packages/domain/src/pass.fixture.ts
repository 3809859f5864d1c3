/** Test keys: an Ed25519 pair as the functions hold one, to sign passes the door then verifies (unit tests). */
import type { Catalogue } from './catalogue'
import { SEED } from './catalogue-seed'
import { type PassClaims, passCredential, passPayload } from './pass'
import { toBase64Url } from './pass-encoding'

export interface TestKeyPair {
  /** The public half, as the app lists it (base64url). */
  publicKey: string
  sign(payload: Uint8Array): Promise<Uint8Array>
}

export async function testKeyPair(): Promise<TestKeyPair> {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as {
    publicKey: Parameters<typeof crypto.subtle.exportKey>[1]
    privateKey: Parameters<typeof crypto.subtle.sign>[1]
  }
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey))
  return {
    publicKey: toBase64Url(raw),
    sign: async (payload) =>
      new Uint8Array(
        await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, payload as Uint8Array<ArrayBuffer>),
      ),
  }
}

/** The pass of `claims` signed with `key` under `keyId`, its event numbered as `catalogue` (the seed) says. */
export async function issueTestPass(
  claims: PassClaims,
  keyId: string,
  key: TestKeyPair,
  catalogue: Catalogue = SEED,
): Promise<string> {
  const payload = passPayload(catalogue, claims, keyId)
  return passCredential(payload, await key.sign(payload))
}
