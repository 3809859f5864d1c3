/**
 * The ticket's short code (`passCode`), which a host types or hears read out when a phone cannot
 * show its QR, and how what they type is read (`normalizePassCode`). Not part of the signed pass.
 */

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
