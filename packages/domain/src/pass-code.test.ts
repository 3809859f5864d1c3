import { describe, expect, it } from 'vitest'
import { normalizePassCode, passCode } from './pass-code'

/** An order id as the functions make them. */
const ORDER_ID = 'yaari_20261202_AbCdEfGhIjKl'

describe('the short code', () => {
  it('is six unambiguous characters, the same on every device', () => {
    const code = passCode(ORDER_ID)
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{3}-[0-9A-HJKMNP-TV-Z]{3}$/)
    expect(passCode(ORDER_ID)).toBe(code)
    expect(passCode('yaari_20261202_AbCdEfGhIjKm')).not.toBe(code)
  })

  it('is found however it is typed', () => {
    expect(normalizePassCode('7kx m2q')).toBe('7KX-M2Q')
    expect(normalizePassCode('7KXM2Q')).toBe('7KX-M2Q')
    expect(normalizePassCode('oil-o1o')).toBe('011-010')
  })

  it('rarely repeats among the guests of a date', () => {
    const codes = new Set(Array.from({ length: 5_000 }, (_, i) => passCode(`yaari_20261202_${i.toString(36)}`)))
    expect(codes.size).toBeGreaterThan(4_990)
  })
})
