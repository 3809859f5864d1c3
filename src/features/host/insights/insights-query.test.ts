import { describe, expect, it, vi } from 'vitest'
import { PERIODS, parseInsightsSearch, periodDates, queryOf, request, searchOf } from './insights-query'

vi.mock('../../../lib/call', () => ({ call: vi.fn() }))

it('offers periods that look back and periods that plan forward, each of whole days from today', () => {
  expect(PERIODS.map((period) => period.label)).toEqual([
    'Last 4 weeks',
    'Last 3 months',
    'Next 4 weeks',
    'Next 3 months',
    'A custom range',
  ])
  const today = '2026-11-29'
  expect(periodDates('4w', today)).toEqual({ from: '2026-11-02', to: today })
  expect(periodDates('3m', today)).toEqual({ from: '2026-08-31', to: today })
  expect(periodDates('next4w', today)).toEqual({ from: today, to: '2026-12-26' })
  expect(periodDates('next3m', today)).toEqual({ from: today, to: '2027-02-27' })
})

describe('the filters in the address', () => {
  const today = '2026-11-29'

  it('keeps what the page offers and drops the rest: an unknown period, a bad day, a range backwards', () => {
    expect(parseInsightsSearch({ period: 'next3m', city: 'bangalore', event: 'first-hello-stranger-meetup' })).toEqual({
      period: 'next3m',
      city: 'bangalore',
      event: 'first-hello-stranger-meetup',
    })
    expect(parseInsightsSearch({ period: 'custom', from: '2026-10-01', to: '2026-10-31' })).toEqual({
      period: 'custom',
      from: '2026-10-01',
      to: '2026-10-31',
    })
    expect(parseInsightsSearch({ period: 'forever', city: '<script>', event: 42 })).toEqual({})
    for (const [from, to] of [
      ['2026-10-31', '2026-10-01'],
      ['2026-02-30', '2026-03-01'],
      ['2026-10-01', '9999-12-31'],
      ['2023-12-31', '2024-01-31'],
      ['2026-10-01', undefined],
    ])
      expect(parseInsightsSearch({ period: 'custom', from, to })).toEqual({})
  })

  it('stands for a query on the day it is read: a preset follows today, a custom range keeps its days', () => {
    expect(queryOf({}, today)).toEqual({ period: '4w', from: '2026-11-02', to: today })
    expect(queryOf({ period: 'next4w', city: 'pune' }, today)).toEqual({
      period: 'next4w',
      from: today,
      to: '2026-12-26',
      city: 'pune',
    })
    const custom = {
      period: 'custom',
      from: '2026-10-01',
      to: '2026-10-31',
      event: 'midweek-wednesday-dinner',
    } as const
    expect(queryOf(custom, today)).toEqual({
      period: 'custom',
      from: '2026-10-01',
      to: '2026-10-31',
      eventId: 'midweek-wednesday-dinner',
    })
    // Written back, the same address; a preset's days are not written (tomorrow they move on).
    expect(searchOf(queryOf(custom, today))).toEqual(custom)
    expect(searchOf(queryOf({ period: '3m' }, today))).toEqual({ period: '3m' })
  })

  it('asks the server the same while only the period changes name (a custom range chosen, not yet applied)', () => {
    const lastFourWeeks = queryOf({ period: '4w', city: 'pune' }, today)
    const customNotApplied = queryOf(
      { period: 'custom', from: lastFourWeeks.from, to: lastFourWeeks.to, city: 'pune' },
      today,
    )
    expect(request(customNotApplied)).toEqual(request(lastFourWeeks))
    expect(request(lastFourWeeks)).toEqual({ from: '2026-11-02', to: today, city: 'pune' })
  })
})
