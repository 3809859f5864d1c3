import { SEED } from '@yaari/domain/catalogue-seed'
import { parsePassPublicKeys } from '@yaari/domain/pass'
import { passCode } from '@yaari/domain/pass-code'
import { passVerifier } from '@yaari/domain/pass-verifier'
import { describe, expect, it } from 'vitest'
import { newPassKey, type PassSigner, parsePassSigningKey } from './pass-signer'

const CLAIMS = {
  orderId: 'yaari_20261202_AbCdEfGhIjKl',
  eventId: 'midweek-wednesday-dinner',
  date: '2026-12-02',
  tier: 'boys',
  firstName: 'Rohan Mehta',
} as const

const signer = (value: string) => parsePassSigningKey(value) as PassSigner

describe('the functions sign passes the app can check', () => {
  it('with node:crypto, verified by the domain function with WebCrypto and the public key alone', async () => {
    const { secret, publicEntry } = newPassKey('k7')
    const passes = signer(secret)
    expect(`${passes.keyId}:${passes.publicKey}`).toBe(publicEntry)
    const issued = passes.issue(SEED, CLAIMS)
    expect(issued.code).toBe(passCode(CLAIMS.orderId))
    const keys = parsePassPublicKeys(publicEntry)
    expect(typeof keys).toBe('object')
    expect(await passVerifier(keys as Record<string, string>).verify(SEED, issued.credential)).toEqual({
      ok: true,
      keyId: 'k7',
      pass: { ...CLAIMS, firstName: 'Rohan' },
    })
    // Deterministic: the same booking and key give the same pass on every answer.
    expect(passes.issue(SEED, CLAIMS).credential).toBe(issued.credential)
  })

  it.each([
    ['nothing', ''],
    ['no key id', ':abc'],
    ['a key that is not 32 bytes', 'k1:abcd'],
    ['a key id with spaces', `k 1:${'A'.repeat(43)}`],
    ['extra parts', `k1:${'A'.repeat(43)}:x`],
  ])('refuses %s as PASS_SIGNING_KEY, saying why', (_, value) => {
    expect(parsePassSigningKey(value)).toMatch(/^PASS_SIGNING_KEY/)
  })
})
