import { beforeEach, describe, expect, it } from 'vitest'
import { type Catalogue, catalogueOf } from './catalogue'
import { SEED, SEED_CATALOGUE } from './catalogue-seed'
import {
  decodePass as decodeIn,
  MAX_PASS_CODE,
  PASS_PREFIX,
  PASS_PREFIX_V2,
  type PassClaims,
  type PassPublicKeys,
  parsePassPublicKeys,
  passCredential,
  passFirstName,
  passPayload as payloadIn,
} from './pass'
import { issueTestPass, type TestKeyPair, testKeyPair } from './pass.fixture'
import { toBase45, toBase64Url } from './pass-encoding'
import { passVerifier } from './pass-verifier'

const daysSinceEpoch = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000

const CLAIMS: PassClaims = {
  orderId: 'yaari_20261202_AbCdEfGhIjKl',
  eventId: 'midweek-wednesday-dinner',
  date: '2026-12-02',
  tier: 'girls',
  firstName: 'Asha',
}

/** The catalogue the passes of a test are numbered by (the seed unless the test publishes more). */
let catalogue: Catalogue = SEED
beforeEach(() => {
  catalogue = SEED
})

const keyPair = testKeyPair
const issue = (claims: PassClaims, keyId: string, key: TestKeyPair) => issueTestPass(claims, keyId, key, catalogue)
const decodePass = (credential: string) => decodeIn(catalogue, credential)
const passPayload = (claims: PassClaims, keyId: string) => payloadIn(catalogue, claims, keyId)
const verifyPass = (credential: string, keys: PassPublicKeys, expected?: { eventId?: string; date?: string }) =>
  passVerifier(keys).verify(catalogue, credential, expected)

/** The credential with byte `at` of its payload (from the end when negative) set to `value`, the signature kept. */
function altered(credential: string, at: number, value: number) {
  const decoded = decodePass(credential)!
  const payload = decoded.payload.slice()
  payload[at < 0 ? payload.length + at : at] = value
  return passCredential(payload, decoded.signature)
}

describe('a pass', () => {
  it('round-trips: what the server signs is what the door reads', async () => {
    const k1 = await keyPair()
    const credential = await issue(CLAIMS, 'k1', k1)
    expect(credential.startsWith(PASS_PREFIX)).toBe(true)
    const keys = { k1: k1.publicKey }
    expect(await verifyPass(credential, keys)).toEqual({ ok: true, pass: CLAIMS, keyId: 'k1' })
    expect(await verifyPass(credential, keys, { eventId: CLAIMS.eventId, date: CLAIMS.date })).toMatchObject({
      ok: true,
    })
  })

  it('stays inside the QR code alphanumeric character set, and small', async () => {
    // The largest: the longest key id and a first name cut at 16 bytes.
    const key = await keyPair()
    const credential = await issue({ ...CLAIMS, firstName: 'Venkatalakshmi-Narasimhan' }, 'k1234567', key)
    expect(credential).toMatch(/^[0-9A-Z $%*+\-./:]+$/)
    // 44 payload bytes (the order id without its "yaari_<date>_") and a 64-byte signature, at 1.5
    // characters a byte, after "YP1:".
    expect(credential.length).toBe(166)
    const verdict = await verifyPass(credential, { k1234567: key.publicKey })
    expect(verdict).toMatchObject({ ok: true, pass: { orderId: CLAIMS.orderId, firstName: 'Venkatalakshmi-N' } })
  })

  it('carries an order id of any other form whole', async () => {
    const k1 = await keyPair()
    const claims = { ...CLAIMS, orderId: 'legacy-order_42' }
    expect(await verifyPass(await issue(claims, 'k1', k1), { k1: k1.publicKey })).toMatchObject({
      ok: true,
      pass: claims,
    })
  })

  it('names nothing personal beyond a first name', async () => {
    const k1 = await keyPair()
    const credential = await issue({ ...CLAIMS, firstName: 'Asha Rani Rao' }, 'k1', k1)
    const verdict = await verifyPass(credential, { k1: k1.publicKey })
    expect(verdict.ok && verdict.pass.firstName).toBe('Asha')
    expect(passFirstName('  Ānanya   Iyer ')).toBe('Ānanya')
    expect(new TextEncoder().encode(passFirstName('Ā'.repeat(40))).length).toBe(16)
  })

  it('refuses a forged pass: the right layout signed with another key', async () => {
    const [k1, forger] = [await keyPair(), await keyPair()]
    const forged = await issue(CLAIMS, 'k1', forger)
    expect(await verifyPass(forged, { k1: k1.publicKey })).toEqual({ ok: false, reason: 'bad-signature' })
  })

  // Payload bytes: 0 version, 1-3 key id "k1", 4 event, 5-6 date, 7 tier, 8 order id length, 9- order id.
  it.each([
    ['the date (a week later)', 6, (daysSinceEpoch('2026-12-02') + 7) & 0xff],
    ['the tier', 7, 2],
    ['the event', 4, 1],
    ['a letter of the order id', 10, 'Z'.charCodeAt(0)],
    ['the first name', -1, 'x'.charCodeAt(0)],
  ])('refuses a pass with %s altered', async (_, at, value) => {
    const k1 = await keyPair()
    const changed = altered(await issue(CLAIMS, 'k1', k1), at, value)
    expect(decodePass(changed)).toBeDefined() // still readable: only the signature gives it away
    expect(await verifyPass(changed, { k1: k1.publicKey })).toEqual({ ok: false, reason: 'bad-signature' })
  })

  it('refuses a real pass for another date or another event', async () => {
    const k1 = await keyPair()
    const credential = await issue(CLAIMS, 'k1', k1)
    const keys = { k1: k1.publicKey }
    expect(await verifyPass(credential, keys, { eventId: CLAIMS.eventId, date: '2026-12-09' })).toEqual({
      ok: false,
      reason: 'wrong-date',
    })
    expect(await verifyPass(credential, keys, { eventId: 'first-hello-stranger-meetup', date: CLAIMS.date })).toEqual({
      ok: false,
      reason: 'wrong-event',
    })
  })

  it('refuses a pass signed with a key the device does not know, or under another key id', async () => {
    const [k1, k2] = [await keyPair(), await keyPair()]
    const credential = await issue(CLAIMS, 'k2', k2)
    expect(await verifyPass(credential, { k1: k1.publicKey })).toEqual({ ok: false, reason: 'unknown-key' })
    // The key id says k2, but the device's k2 is another key.
    expect(await verifyPass(credential, { k2: k1.publicKey })).toEqual({ ok: false, reason: 'bad-signature' })
    // Not a key at all, or a key id that is a property of every object.
    expect(await verifyPass(credential, { k2: 'not-a-key' })).toEqual({ ok: false, reason: 'unknown-key' })
    const sneaky = await issue(CLAIMS, 'valueOf', k2)
    expect(await verifyPass(sneaky, {})).toEqual({ ok: false, reason: 'unknown-key' })
  })

  it('survives a key rotation: old passes verify while their key is listed, new ones with the new key', async () => {
    const [k1, k2] = [await keyPair(), await keyPair()]
    const before = await issue(CLAIMS, 'k1', k1)
    const after = await issue(CLAIMS, 'k2', k2)
    const during: PassPublicKeys = { k1: k1.publicKey, k2: k2.publicKey }
    expect(await verifyPass(before, during)).toMatchObject({ ok: true, keyId: 'k1' })
    expect(await verifyPass(after, during)).toMatchObject({ ok: true, keyId: 'k2' })
    const retired: PassPublicKeys = { k2: k2.publicKey }
    expect(await verifyPass(before, retired)).toEqual({ ok: false, reason: 'unknown-key' })
    expect(await verifyPass(after, retired)).toMatchObject({ ok: true })
    // A pass cannot move to the other key by changing its key id.
    const moved = altered(before, 3, '2'.charCodeAt(0))
    expect(await verifyPass(moved, during)).toEqual({ ok: false, reason: 'bad-signature' })
  })

  it.each([
    ['empty text', ''],
    ['a web address', 'https://yaari.example/my-bookings'],
    ['the prefix alone', PASS_PREFIX],
    ['not Base45', `${PASS_PREFIX}abc`],
    ['too short to hold a signature', `${PASS_PREFIX}${toBase45(new Uint8Array(40))}`],
    ['an unknown version', `${PASS_PREFIX}${toBase45(new Uint8Array(120).fill(9))}`],
    ['something huge', `${PASS_PREFIX}${'A'.repeat(5_000)}`],
  ])('says %s is not a pass', async (_, text) => {
    const k1 = await keyPair()
    expect(await verifyPass(text, { k1: k1.publicKey })).toEqual({ ok: false, reason: 'malformed' })
  })

  it('says a cut-off or padded pass is not a pass', async () => {
    const k1 = await keyPair()
    const credential = await issue(CLAIMS, 'k1', k1)
    const { payload, signature } = decodePass(credential)!
    const longer = passCredential(Uint8Array.from([...payload, 0]), signature)
    expect(await verifyPass(longer, { k1: k1.publicKey })).toEqual({ ok: false, reason: 'malformed' })
    const shorter = passCredential(payload.slice(0, -2), signature)
    expect(await verifyPass(shorter, { k1: k1.publicKey })).toEqual({ ok: false, reason: 'malformed' })
  })

  it('cannot be made for claims it could not carry', () => {
    expect(() => passPayload({ ...CLAIMS, date: '2026-02-30' }, 'k1')).toThrow()
    expect(() => passPayload(CLAIMS, 'key id with spaces')).toThrow()
    expect(() => passPayload({ ...CLAIMS, orderId: 'ünïcode' }, 'k1')).toThrow()
  })
})

describe('passes past 255 events', () => {
  /** The seed and events numbered up to `last`, the last of them the brunch. */
  const catalogueTo = (last: number) => {
    const first = SEED_CATALOGUE.events[0]!
    catalogue = catalogueOf({
      ...SEED_CATALOGUE,
      events: [
        ...SEED_CATALOGUE.events,
        { ...first, id: 'byte-event', shortId: undefined, passCode: 255 },
        { ...first, id: 'brunch', shortId: undefined, passCode: last },
      ],
    })
  }

  it('issues version 1, byte for byte as before, while the event fits a byte (every door reads it)', async () => {
    catalogueTo(256)
    const k1 = await keyPair()
    const credential = await issue({ ...CLAIMS, eventId: 'byte-event' }, 'k1', k1)
    expect(credential.startsWith(PASS_PREFIX)).toBe(true)
    const payload = decodePass(credential)!.payload
    expect([payload[0], payload[1 + 1 + 2]]).toEqual([1, 255])
  })

  it('issues version 2 past 255, which the door reads as the same event, for thousands of events', async () => {
    const k1 = await keyPair()
    for (const code of [256, 1_000, 16_383, 16_384, 250_000, MAX_PASS_CODE]) {
      catalogueTo(code)
      const claims = { ...CLAIMS, eventId: 'brunch' }
      const credential = await issue(claims, 'k1', k1)
      expect(credential.startsWith(PASS_PREFIX_V2), String(code)).toBe(true)
      expect(await verifyPass(credential, { k1: k1.publicKey }, { eventId: 'brunch', date: claims.date })).toEqual({
        ok: true,
        pass: claims,
        keyId: 'k1',
      })
      expect(credential.length).toBeLessThanOrEqual(166 + 3)
    }
  })

  it('refuses a version-2 pass relabelled as version 1, and a second spelling of a number', async () => {
    catalogueTo(300)
    const k1 = await keyPair()
    const credential = await issue({ ...CLAIMS, eventId: 'brunch' }, 'k1', k1)
    expect(await verifyPass(PASS_PREFIX + credential.slice(PASS_PREFIX.length), { k1: k1.publicKey })).toEqual({
      ok: false,
      reason: 'malformed',
    })
    // 300 is 0xAC 0x02; a padded 0xAC 0x82 0x00 says the same number twice over: refused, signed or not.
    const { payload, signature } = decodePass(credential)!
    const at = 1 + 1 + 2
    const padded = Uint8Array.from([...payload.slice(0, at), 0xac, 0x82, 0x00, ...payload.slice(at + 2)])
    expect(decodePass(passCredential(padded, signature))).toBeUndefined()
    // And a number under 256 in version 2: one spelling per pass.
    const small = Uint8Array.from([2, ...payload.slice(1, at), 0x05, ...payload.slice(at + 2)])
    expect(decodePass(passCredential(small, signature))).toBeUndefined()
  })

  it('cannot number an event past what three bytes carry', () => {
    catalogueTo(MAX_PASS_CODE + 1)
    expect(() => passPayload({ ...CLAIMS, eventId: 'brunch' }, 'k1')).toThrow()
  })
})

describe('the public keys the app ships', () => {
  it('are read from "<key id>:<key>" pairs, each checked', () => {
    const key = toBase64Url(new Uint8Array(32).fill(7))
    expect(parsePassPublicKeys(`k1:${key}, k2:${key}`)).toEqual({ k1: key, k2: key })
    expect(parsePassPublicKeys('')).toBe('no key is listed')
    expect(parsePassPublicKeys(`k1:${key},k1:${key}`)).toBe('k1 is listed twice')
    expect(parsePassPublicKeys('k1:short')).toMatch(/not a 32-byte Ed25519 public key/)
    expect(parsePassPublicKeys(`k 1:${key}`)).toMatch(/is not "<key id>:<public key>"/)
  })
})
