import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  AFTER_MESSAGES,
  blockedBetween,
  contactProblem,
  dayAfter,
  feedbackSchema,
  guestsSeenBy,
  isOpen,
  makesConnection,
  morningAfter,
  pairId,
  sharingSchema,
  windowCloses,
} from './after-night'

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

describe('the forms', () => {
  it('takes a rating of 1 to 5 and a comment of at most 1,000 characters', () => {
    const ok = v.safeParse(feedbackSchema, { orderId: 'order_1', rating: 4, improve: ['venue'] })
    expect(ok.success && ok.output).toEqual({ orderId: 'order_1', rating: 4, comment: '', improve: ['venue'] })
    for (const rating of [0, 6, 3.5, '4']) {
      const bad = v.safeParse(feedbackSchema, { orderId: 'order_1', rating })
      expect(bad.success || bad.issues[0].message).toBe(AFTER_MESSAGES.ratingRequired)
    }
    const long = v.safeParse(feedbackSchema, { orderId: 'order_1', rating: 5, comment: 'x'.repeat(1001) })
    expect(long.success || long.issues[0].message).toBe(AFTER_MESSAGES.commentTooLong)
    const twice = v.safeParse(feedbackSchema, { orderId: 'order_1', rating: 5, improve: ['host', 'host'] })
    expect(twice.success).toBe(false)
  })

  it('checks the contact shared by its kind; nothing is the default', () => {
    expect(contactProblem('none', '')).toBeUndefined()
    expect(contactProblem('instagram', '@asha.rao')).toBeUndefined()
    expect(contactProblem('instagram', 'asha rao')).toBe(AFTER_MESSAGES.instagram)
    expect(contactProblem('whatsapp', '9876543210')).toBeUndefined()
    expect(contactProblem('whatsapp', '12345')).toBe(AFTER_MESSAGES.whatsapp)
    expect(contactProblem('email', 'a@b.in')).toBeUndefined()
    expect(contactProblem('email', '')).toBe(AFTER_MESSAGES.contactRequired)
    const bad = v.safeParse(sharingSchema, { contactKind: 'instagram', contact: 'no spaces', showPhoto: false })
    expect(bad.success || bad.issues[0].message).toBe(AFTER_MESSAGES.instagram)
  })
})
