import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { markNotificationsReadCall } from './notifications'

describe('marking notices read', () => {
  const message = (input: unknown) => v.safeParse(markNotificationsReadCall.request, input).issues?.[0]?.message

  it('takes a time on a day the calendar has, or one notice', () => {
    expect(message({ upTo: '2026-11-30T18:00:00.000Z' })).toBeUndefined()
    expect(message({ upTo: '2028-02-29T18:00:00Z' })).toBeUndefined()
    expect(message({ id: 'reminder-abc' })).toBeUndefined()
  })

  it('refuses an impossible day, which Date would read as another one', () => {
    // Date.parse reads 31 November as 1 December and 30 February as 2 March.
    expect(message({ upTo: '2026-11-31T18:00:00.000Z' })).toBe('Give the time as an ISO timestamp.')
    expect(message({ upTo: '2026-02-30T00:00:00Z' })).toBe('Give the time as an ISO timestamp.')
    expect(message({ upTo: '2027-02-29T00:00:00Z' })).toBe('Give the time as an ISO timestamp.')
  })
})
