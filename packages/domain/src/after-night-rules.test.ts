import { describe, expect, it } from 'vitest'
import {
  blockedBetween,
  dayAfter,
  guestsSeenBy,
  isOpen,
  makesConnection,
  morningAfter,
  pairId,
  windowCloses,
} from './after-night-rules'

describe('the window', () => {
  it('opens at 10:00 IST the day after the date and closes seven days later', () => {
    expect(dayAfter('2026-12-31')).toBe('2027-01-01')
    expect(new Date(morningAfter('2026-12-02')).toISOString()).toBe('2026-12-03T04:30:00.000Z')
    expect(new Date(windowCloses('2026-12-02')).toISOString()).toBe('2026-12-10T04:30:00.000Z')
  })

  it('is open once asked, until the close or the job closing it', () => {
    const night = { eventDate: '2026-12-02', opened: true, closed: false }
    const closes = windowCloses('2026-12-02')
    expect(isOpen(night, closes - 1)).toBe(true)
    expect(isOpen(night, closes)).toBe(false)
    expect(isOpen({ ...night, opened: false }, closes - 1)).toBe(false)
    expect(isOpen({ ...night, closed: true }, closes - 1)).toBe(false)
  })
})

describe('the mutual match', () => {
  const picks = [
    { from: 'a', to: 'b' },
    { from: 'b', to: 'a' },
    { from: 'a', to: 'c' },
  ]

  it('connects two members who picked each other, and no one picked one way only', () => {
    expect(makesConnection('a', 'b', picks, [])).toBe(true)
    expect(makesConnection('b', 'a', picks, [])).toBe(true)
    expect(makesConnection('a', 'c', picks, [])).toBe(false)
    expect(makesConnection('c', 'a', picks, [])).toBe(false)
  })

  it('never connects a member with themselves', () => {
    expect(makesConnection('a', 'a', [{ from: 'a', to: 'a' }], [])).toBe(false)
  })

  it('never connects across a block, whoever blocked', () => {
    expect(makesConnection('a', 'b', picks, [{ from: 'b', to: 'a' }])).toBe(false)
    expect(makesConnection('a', 'b', picks, [{ from: 'a', to: 'b' }])).toBe(false)
    expect(makesConnection('a', 'b', picks, [{ from: 'a', to: 'c' }])).toBe(true)
  })

  it('names a pair the same whoever is first', () => {
    expect(pairId('b', 'a')).toBe(pairId('a', 'b'))
  })
})

describe('blocking', () => {
  const guests = [{ uid: 'a' }, { uid: 'b' }, { uid: 'c' }, { uid: 'd' }]

  it('hides a blocked member from the blocker and the blocker from them; never oneself', () => {
    const blocks = [{ from: 'a', to: 'b' }]
    expect(blockedBetween(blocks, 'b', 'a')).toBe(true)
    expect(guestsSeenBy('a', guests, blocks).map((g) => g.uid)).toEqual(['c', 'd'])
    expect(guestsSeenBy('b', guests, blocks).map((g) => g.uid)).toEqual(['c', 'd'])
    expect(guestsSeenBy('c', guests, blocks).map((g) => g.uid)).toEqual(['a', 'b', 'd'])
  })
})
