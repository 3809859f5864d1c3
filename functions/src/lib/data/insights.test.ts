import { describe, expect, it } from 'vitest'
import { monthsBetween } from './insights'

describe('the months a period reads', () => {
  it('counts months as numbers, across years and up to the last year there is', () => {
    expect(monthsBetween('2026-11-15', '2027-02-01')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02'])
    expect(monthsBetween('2026-03-31', '2026-03-01')).toEqual(['2026-03'])
    expect(monthsBetween('2026-04-01', '2026-03-31')).toEqual([])
    // As text, "10000-01" sorted before "9999-12" and the loop ran on to "99989-12".
    expect(monthsBetween('9999-11-01', '9999-12-31')).toEqual(['9999-11', '9999-12'])
  })
})
