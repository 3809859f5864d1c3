import { describe, expect, it } from 'vitest'
import { calibratedCpuSlowdown, MID_TIER_MAX_SLOWDOWN } from './lighthouse-calibration.mjs'

describe('calibratedCpuSlowdown (Lighthouse CPU throttling calculator)', () => {
  it("gives Lighthouse's default 4x on the desktop its default assumes, and the calculator's anchors", () => {
    expect(calibratedCpuSlowdown(1533)).toBe(4)
    expect(calibratedCpuSlowdown(1300)).toBe(3)
    expect(calibratedCpuSlowdown(2000)).toBe(6)
    expect(calibratedCpuSlowdown(800)).toBe(2)
    expect(calibratedCpuSlowdown(150)).toBe(1)
  })

  it('slows a slower host down less, continuously', () => {
    expect(calibratedCpuSlowdown(1050)).toBe(2.5)
    expect(calibratedCpuSlowdown(475)).toBe(1.5)
    expect(calibratedCpuSlowdown(700)).toBeLessThan(calibratedCpuSlowdown(900))
    // No jump where the calculator's segments meet.
    expect(calibratedCpuSlowdown(799.9)).toBe(calibratedCpuSlowdown(800.1))
    expect(calibratedCpuSlowdown(1299.9)).toBe(calibratedCpuSlowdown(1300.1))
  })

  it('past its last anchor (2000 -> 6x), keeps emulating the same phone, up to the guide’s 10x', () => {
    // The calculator's line would give 10.7x and 12.3x to the hosts issue 66 measured on.
    expect(calibratedCpuSlowdown(3093)).toBe(9.28)
    expect(calibratedCpuSlowdown(2500)).toBe(7.5)
    expect(calibratedCpuSlowdown(3458)).toBe(MID_TIER_MAX_SLOWDOWN)
    expect(calibratedCpuSlowdown(9000)).toBe(10)
    expect(calibratedCpuSlowdown(1999.9)).toBeCloseTo(calibratedCpuSlowdown(2000.1), 1)
  })

  it('never speeds a host up, and refuses a missing measure', () => {
    expect(calibratedCpuSlowdown(60)).toBe(1)
    expect(() => calibratedCpuSlowdown(Number.NaN)).toThrow(RangeError)
    expect(() => calibratedCpuSlowdown(0)).toThrow(RangeError)
  })
})
