/**
 * The member's pass: what the QR code on a paid booking's ticket carries, and the one function
 * that decides whether a scanned code is a real Yaari pass for a given date (the door uses it,
 * offline, with the public keys the app ships). The functions sign a pass only for a paid
 * booking, with an Ed25519 key whose id travels in the pass, so keys can rotate: a new key is
 * added to the app's public keys first, then used to sign; an old one stays listed until the
 * last date it signed for has passed. See docs/decisions/0011-signed-passes.md.
 *
 * Layout (version 1), all of it signed:
 *   version (1 byte) | key id (1 byte length + ASCII) | event (1 byte, the event's passCode) |
 *   date (2 bytes, days since 1970-01-01) | tier (1 byte) | order id (1 byte length + ASCII; with
 *   the length's top bit set, only what follows "yaari_<date>_", the rest being the date's) |
 *   first name (1 byte length + UTF-8)
 * followed by the 64-byte Ed25519 signature, the whole written in Base45 (RFC 9285) after
 * "YP1:". Base45 stays inside the QR code's alphanumeric mode (5.5 bits a character), so the
 * pass fits a smaller code than the same bytes as text would.
 *
 * Version 2 ("YP2:") is the same but for the event, a variable-length number (LEB128: 7 bits a
 * byte, 1 to 3 bytes), so pass numbers go past 255 to MAX_PASS_CODE. An event numbered 1-255 is
 * still issued version 1, byte for byte what it always was, so a door phone that has not updated
 * yet reads every pass of those; every door reads both versions (decision 0020).
 *
 * Pure: no framework. Verification uses the platform's WebCrypto (browsers and Node alike).
 */
import { type Catalogue, type EventId, PRICE_TIERS, type PriceTier } from './catalogue'
import { firstNameOf } from './names'

/** What a pass says: the booking, its date and tier, and the attendee's first name, nothing more. */
export interface PassClaims {
  orderId: string
  eventId: EventId
  /** YYYY-MM-DD, the event's date in IST. */
  date: string
  tier: PriceTier
  firstName: string
}

/** A pass the server issued: the text the QR code carries and the short code people can read out. */
export interface IssuedPass {
  credential: string
  code: string
}

/** Public keys by key id, raw 32-byte Ed25519 keys in base64url. */
export type PassPublicKeys = Readonly<Record<string, string>>

export const PASS_PREFIX = 'YP1:'
/** Passes of events numbered over 255 (version 2). */
export const PASS_PREFIX_V2 = 'YP2:'
const PREFIXES: Readonly<Record<string, 1 | 2>> = { [PASS_PREFIX]: 1, [PASS_PREFIX_V2]: 2 }
/** The highest pass number a pass can carry: three bytes of LEB128 (2,097,151 events). */
export const MAX_PASS_CODE = 0x1f_ffff
const SIGNATURE_BYTES = 64
/** A first name is cut to this many bytes of UTF-8 (at a character's end). */
const PASS_FIRST_NAME_MAX_BYTES = 16
/** Key ids are short and plain: they travel in every pass. */
export const PASS_KEY_ID = /^[A-Za-z0-9_-]{1,8}$/
/** The largest pass (the longest key id and first name) fits a QR code of this version at level M. */
export const PASS_QR = { version: 7, correction: 'M' } as const

/**
 * Key ids starting with "dev" belong to the local stack, whose key pair is committed: a real
 * project refuses them, in the functions and in the app's build alike.
 */
export const isLocalPassKeyId = (keyId: string) => /^dev/i.test(keyId)

/** "k1:<key>,k2:<key>" (VITE_PASS_PUBLIC_KEYS) as keys by id; a list with a bad entry is a reason instead. */
export function parsePassPublicKeys(value: string): PassPublicKeys | string {
  const keys: Record<string, string> = {}
  for (const entry of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [keyId = '', key = '', ...rest] = entry.split(':')
    if (rest.length || !PASS_KEY_ID.test(keyId)) return `"${entry}" is not "<key id>:<public key>"`
    if (fromBase64Url(key)?.length !== 32) return `the key of ${keyId} is not a 32-byte Ed25519 public key in base64url`
    if (Object.hasOwn(keys, keyId)) return `${keyId} is listed twice`
    keys[keyId] = key
  }
  return Object.keys(keys).length ? keys : 'no key is listed'
}

const PASS_TIER_CODES: Readonly<Record<PriceTier, number>> = { girls: 1, boys: 2 }

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

// --- Base45 (RFC 9285) ---

const BASE45 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:'

export function toBase45(bytes: Uint8Array): string {
  let out = ''
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    const n = (bytes[i] as number) * 256 + (bytes[i + 1] as number)
    out += BASE45[n % 45]! + BASE45[Math.floor(n / 45) % 45]! + BASE45[Math.floor(n / 2025)]!
  }
  if (bytes.length % 2 === 1) {
    const n = bytes[bytes.length - 1] as number
    out += BASE45[n % 45]! + BASE45[Math.floor(n / 45)]!
  }
  return out
}

/** The bytes, or undefined when `text` is not Base45. */
export function fromBase45(text: string): Uint8Array | undefined {
  if (text.length % 3 === 1) return undefined
  const out: number[] = []
  for (let i = 0; i < text.length; i += 3) {
    const digits = [...text.slice(i, i + 3)].map((char) => BASE45.indexOf(char))
    if (digits.some((d) => d < 0)) return undefined
    const [c = 0, d = 0, e] = digits
    const n = c + d * 45 + (e ?? 0) * 2025
    if (e === undefined) {
      if (n > 0xff) return undefined
      out.push(n)
    } else {
      if (n > 0xffff) return undefined
      out.push(n >> 8, n & 0xff)
    }
  }
  return Uint8Array.from(out)
}

// --- base64url (the public keys' and the signing secret's spelling) ---

export function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined
  const padded = text.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (text.length % 4)) % 4)
  try {
    return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0))
  } catch {
    return undefined
  }
}

export function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
}

// --- the payload ---

const DAY_MS = 86_400_000
const daysOf = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS)
const dateOf = (days: number) => new Date(days * DAY_MS).toISOString().slice(0, 10)
/** How the functions begin a date's order ids ("yaari_20261202_"): a pass leaves it out. */
const orderIdPrefix = (date: string) => `yaari_${date.replaceAll('-', '')}_`

/** The first word of a name, cut to PASS_FIRST_NAME_MAX_BYTES of UTF-8 without splitting a character. */
export function passFirstName(name: string): string {
  const first = firstNameOf(name) ?? ''
  const encoder = new TextEncoder()
  let out = ''
  for (const char of first) {
    if (encoder.encode(out + char).length > PASS_FIRST_NAME_MAX_BYTES) break
    out += char
  }
  return out
}

/** An event's number as LEB128: seven bits a byte, the top bit set on every byte but the last. */
function varint(value: number): number[] {
  const bytes: number[] = []
  let rest = value
  do {
    const low = rest & 0x7f
    rest >>>= 7
    bytes.push(rest ? low | 0x80 : low)
  } while (rest)
  return bytes
}

/** The pass version an event's number needs: 1 while it fits a byte, else 2. */
const passVersionFor = (eventCode: number): 1 | 2 => (eventCode <= 0xff ? 1 : 2)

/** The signed part of a pass. Throws on claims no pass can carry (a bug in the caller). */
export function passPayload(catalogue: Catalogue, claims: PassClaims, keyId: string): Uint8Array {
  if (!PASS_KEY_ID.test(keyId)) throw new Error(`Pass key id ${keyId} is not 1-8 letters, digits, _ or -`)
  // Each event's number is the catalogue's: given at its first publish, never reused.
  const event = catalogue.eventById(claims.eventId)?.passCode
  const tier = PASS_TIER_CODES[claims.tier]
  const days = daysOf(claims.date)
  if (
    !event ||
    event > MAX_PASS_CODE ||
    !tier ||
    !Number.isInteger(days) ||
    days < 0 ||
    days > 0xffff ||
    dateOf(days) !== claims.date
  ) {
    throw new Error(`A pass cannot carry ${JSON.stringify(claims)}`)
  }
  const version = passVersionFor(event)
  const encoder = new TextEncoder()
  const ownPrefix = orderIdPrefix(claims.date)
  const short = claims.orderId.startsWith(ownPrefix) && claims.orderId.length > ownPrefix.length
  const order = encoder.encode(short ? claims.orderId.slice(ownPrefix.length) : claims.orderId)
  const name = encoder.encode(passFirstName(claims.firstName))
  if (order.length > 0x7f || /[^\x21-\x7e]/.test(claims.orderId)) throw new Error('A pass order id is plain ASCII')
  return Uint8Array.from([
    version,
    keyId.length,
    ...encoder.encode(keyId),
    ...(version === 1 ? [event] : varint(event)),
    days >> 8,
    days & 0xff,
    tier,
    short ? 0x80 | order.length : order.length,
    ...order,
    name.length,
    ...name,
  ])
}

/** The QR code's text: the payload and its signature, after the prefix of the payload's version. */
export function passCredential(payload: Uint8Array, signature: Uint8Array): string {
  if (signature.length !== SIGNATURE_BYTES) throw new Error('An Ed25519 signature is 64 bytes')
  const bytes = new Uint8Array(payload.length + signature.length)
  bytes.set(payload)
  bytes.set(signature, payload.length)
  return (payload[0] === 2 ? PASS_PREFIX_V2 : PASS_PREFIX) + toBase45(bytes)
}

interface DecodedPass {
  keyId: string
  claims: PassClaims
  payload: Uint8Array
  signature: Uint8Array
}

/**
 * Reads a credential without checking it (its event by the number `catalogue` gave it); undefined
 * when it is not a Yaari pass of version 1 or 2 for an event the catalogue knows.
 */
export function decodePass(catalogue: Catalogue, credential: string): DecodedPass | undefined {
  if (typeof credential !== 'string' || credential.length > 1_000) return undefined
  const version = PREFIXES[credential.slice(0, PASS_PREFIX.length)]
  if (!version) return undefined
  const bytes = fromBase45(credential.slice(PASS_PREFIX.length))
  if (!bytes || bytes.length <= SIGNATURE_BYTES) return undefined
  const payload = bytes.subarray(0, bytes.length - SIGNATURE_BYTES)
  const signature = bytes.subarray(bytes.length - SIGNATURE_BYTES)
  let at = 0
  const byte = () => (at < payload.length ? (payload[at++] as number) : -1)
  const text = (length: number) => {
    if (length < 0 || at + length > payload.length) return undefined
    const slice = payload.subarray(at, at + length)
    at += length
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(slice)
    } catch {
      return undefined
    }
  }
  /** LEB128, at most three bytes and in its shortest form (one number, one spelling). */
  const number = () => {
    let value = 0
    for (let i = 0; i < 3; i++) {
      const next = byte()
      if (next < 0 || (i > 0 && next === 0)) return -1
      value |= (next & 0x7f) << (7 * i)
      if (!(next & 0x80)) return value
    }
    return -1
  }
  if (byte() !== version) return undefined
  const keyId = text(byte())
  const eventCode = version === 1 ? byte() : number()
  // A version-2 pass names an event a version-1 pass cannot: one spelling per pass.
  if (version === 2 && eventCode <= 0xff) return undefined
  const days = (byte() << 8) | byte()
  const tierCode = byte()
  const orderLength = byte()
  const order = text(orderLength & 0x7f)
  const firstName = text(byte())
  if (at !== payload.length || keyId === undefined || !order || firstName === undefined || orderLength < 0) {
    return undefined
  }
  const eventId = catalogue.eventByPassCode(eventCode)?.id
  const tier = PRICE_TIERS.find((t) => PASS_TIER_CODES[t] === tierCode)
  if (!eventId || !tier || days < 0 || !PASS_KEY_ID.test(keyId)) return undefined
  const date = dateOf(days)
  const orderId = orderLength & 0x80 ? orderIdPrefix(date) + order : order
  return { keyId, claims: { orderId, eventId, date, tier, firstName }, payload, signature }
}

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

// --- the short code ---

/** Crockford's Base32: no I, L, O or U, so a code read aloud is not misheard. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/**
 * The ticket's short code, for the door when a phone cannot show its QR: six characters from the
 * order id ("7KX-M2Q"). Not a secret and not proof of anything: the host finds the guest by it
 * in the saved guest list and sees their name. 30 bits, so two guests of one date share one with
 * odds of about one in ten million.
 */
export function passCode(orderId: string): string {
  // FNV-1a, 32 bits: the same on every device, no crypto needed for a lookup key.
  let hash = 0x811c9dc5
  for (const byte of new TextEncoder().encode(orderId)) {
    hash ^= byte
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  let code = ''
  for (let i = 0; i < 6; i++) code += CROCKFORD[(hash >>> (i * 5)) & 31]
  return `${code.slice(0, 3)}-${code.slice(3)}`
}

/** Reads "7kx m2q", "7KXM2Q" or "7KX-M2Q" as the same code (Crockford: O is 0, I and L are 1). */
export function normalizePassCode(input: string): string {
  const plain = input.toUpperCase().replace(/[\s-]/g, '').replaceAll('O', '0').replace(/[IL]/g, '1')
  return plain.length === 6 ? `${plain.slice(0, 3)}-${plain.slice(3)}` : plain
}
