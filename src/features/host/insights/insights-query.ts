/**
 * What the Insights page asks for: a period (a preset ending today, or a custom range), a city, an
 * event. The console's loaders import this: the contract (its schema) loads with the first ask, so
 * the shell every page shares does not carry it.
 */
import { call } from '../../../lib/call'

export type Period = '4w' | '3m' | 'next4w' | 'next3m' | 'custom'
export interface InsightsQuery {
  period: Period
  from: string
  to: string
  city?: string
  eventId?: string
}

export const PERIODS: { value: Period; label: string }[] = [
  { value: '4w', label: 'Last 4 weeks' },
  { value: '3m', label: 'Last 3 months' },
  // Hosts plan forward: the seats sold so far for the dates to come.
  { value: 'next4w', label: 'Next 4 weeks' },
  { value: 'next3m', label: 'Next 3 months' },
  { value: 'custom', label: 'A custom range' },
]

const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** The days a preset covers: ending today (IST), or starting today for the dates to come. */
export function periodDates(period: Exclude<Period, 'custom'>, today: string) {
  switch (period) {
    case '4w':
      return { from: shift(today, -27), to: today }
    case '3m':
      return { from: shift(today, -90), to: today }
    case 'next4w':
      return { from: today, to: shift(today, 27) }
    case 'next3m':
      return { from: today, to: shift(today, 90) }
  }
}

const request = (query: InsightsQuery) => ({
  from: query.from,
  to: query.to,
  ...(query.city ? { city: query.city } : {}),
  ...(query.eventId ? { eventId: query.eventId } : {}),
})

/** The page's one call: the period's rollups. */
export const askInsights = async (query: InsightsQuery) =>
  call((await import('@yaari/domain/insights')).loadInsightsCall, request(query))
