import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fromBase45, toBase45 } from './pass-encoding'

describe('Base45', () => {
  it('round-trips any bytes (RFC 9285)', () => {
    expect(toBase45(new TextEncoder().encode('AB'))).toBe('BB8')
    expect(toBase45(new TextEncoder().encode('Hello!!'))).toBe('%69 VD92EX0')
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(fromBase45(toBase45(bytes))).toEqual(bytes)
      }),
    )
  })

  it('rejects what is not Base45', () => {
    expect(fromBase45('GGW')).toBeUndefined() // 65535 < value: out of range
    expect(fromBase45('a')).toBeUndefined()
    expect(fromBase45('abc')).toBeUndefined()
  })
})
