import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { insightsRequestSchema, tallyKey } from './insights'

describe('the request', () => {
  it('takes a period of at most 400 days, in order, and an optional city and event', () => {
    expect(v.is(insightsRequestSchema, { from: '2026-10-01', to: '2026-10-31', city: 'bangalore' })).toBe(true)
    const message = (input: unknown) => v.safeParse(insightsRequestSchema, input).issues?.[0]?.message
    expect(message({ from: '2026-10-31', to: '2026-10-01' })).toBe('The period ends before it starts.')
    expect(message({ from: '2025-01-01', to: '2026-10-01' })).toBe('A period is at most 400 days.')
    expect(message({ from: '2026-02-30', to: '2026-03-01' })).toBe('from must be a day of the calendar')
    expect(message({ from: '2026-10-01', to: '2026-10-02', city: '../x' })).toBe('Unknown city')
    // A year typed wrong is refused with what to choose, never run on (December 9999 once took 30 s).
    const where = (input: unknown) => v.getDotPath(v.safeParse(insightsRequestSchema, input).issues![0]!)
    expect([
      message({ from: '9999-12-01', to: '9999-12-31' }),
      where({ from: '9999-12-01', to: '9999-12-31' }),
    ]).toEqual(['Choose a date from 2024 to 2099.', 'from'])
    expect(where({ from: '2026-12-01', to: '9999-12-31' })).toBe('to')
    expect(message({ from: '1999-01-01', to: '1999-01-02' })).toBe('Choose a date from 2024 to 2099.')
    expect(v.is(insightsRequestSchema, { from: '2099-12-01', to: '2099-12-31' })).toBe(true)
    expect(message({ to: '2026-10-02' })).toBe(
      'A request for insights has from and to (YYYY-MM-DD), and may have city and eventId',
    )
  })
})

it('notes joins and offers under a digest that is the same each time and names no one', async () => {
  const key = await tallyKey('waitlist/supper_2026-10-04_uid123:1760000000000')
  expect(key).toMatch(/^[0-9a-f]{20}$/)
  expect(await tallyKey('waitlist/supper_2026-10-04_uid123:1760000000000')).toBe(key)
  expect(key).not.toContain('uid123')
})
