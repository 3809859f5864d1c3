import { describe, expect, it } from 'vitest'
import { seededRandom, seedOf } from './random'

describe('seeded randomness', () => {
  it('gives the same numbers in [0, 1) for the same seed, and others for another', () => {
    const first = Array.from({ length: 1_000 }, seededRandom(42))
    expect(Array.from({ length: 1_000 }, seededRandom(42))).toEqual(first)
    expect(Array.from({ length: 1_000 }, seededRandom(43))).not.toEqual(first)
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true)
    // Spread across the range, not bunched: each tenth holds about a tenth.
    for (let tenth = 0; tenth < 10; tenth++) {
      const share = first.filter((x) => Math.floor(x * 10) === tenth).length / first.length
      expect(share).toBeGreaterThan(0.06)
      expect(share).toBeLessThan(0.14)
    }
  })

  it('seeds from text: the same text the same seed, a changed one another', () => {
    expect(seedOf('g1\ng2\ng3')).toBe(seedOf('g1\ng2\ng3'))
    expect(seedOf('g1\ng2\ng3')).not.toBe(seedOf('g1\ng2\ng4'))
    expect(seedOf('')).toBe(0x811c9dc5)
  })
})
