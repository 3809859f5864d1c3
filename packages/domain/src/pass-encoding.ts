/**
 * How a pass's bytes are written as text: Base45 (RFC 9285), which keeps the QR code in its
 * alphanumeric mode (5.5 bits a character, so a pass fits a smaller code than as plain text), and
 * base64url, the spelling of the passes' public keys and of the signing secret.
 */

/** Base45's alphabet, a digit's value by its place. */
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
