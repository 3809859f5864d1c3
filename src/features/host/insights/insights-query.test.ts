import { expect, it, vi } from 'vitest'
import { PERIODS, periodDates } from './insights-query'

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
