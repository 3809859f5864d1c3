import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { AFTER_MESSAGES, contactProblem, feedbackSchema, sharingSchema } from './after-night'

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
