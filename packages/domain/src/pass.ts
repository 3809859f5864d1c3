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
 * Here: the claims, the public keys' list, and the pass written and read. Its text is pass-encoding.ts,
 * its check at the door pass-verifier.ts (with the platform's WebCrypto, browsers and Node alike), the
 * ticket's short code pass-code.ts. Pure: no framework.
 */
import { type Catalogue, type EventId, PRICE_TIERS, type PriceTier } from './catalogue'
import { firstNameOf } from './names'
import { fromBase45, fromBase64Url, toBase45 } from './pass-encoding'

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
