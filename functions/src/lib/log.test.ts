import { describe, expect, it } from 'vitest'
import { burstDetector } from './log'

describe('burstDetector', () => {
  it('says once per window when events reach the threshold, and forgets old ones', () => {
    const seen = burstDetector(3, 10_000)
    expect([seen(0), seen(1_000)].map((r) => r.alert)).toEqual([false, false])
    expect(seen(2_000)).toEqual({ count: 3, alert: true })
    expect(seen(3_000)).toEqual({ count: 4, alert: false }) // a flood makes one alert
    // 25 s later the earlier ones have left the window: a new burst alerts again.
    expect([seen(25_000), seen(25_500)].map((r) => r.alert)).toEqual([false, false])
    expect(seen(26_000)).toEqual({ count: 3, alert: true })
  })

  it('never alerts on events spread thinner than the window', () => {
    const seen = burstDetector(3, 10_000)
    expect([0, 6_000, 12_000, 18_000, 24_000].map((at) => seen(at).alert)).toEqual([false, false, false, false, false])
  })
})
