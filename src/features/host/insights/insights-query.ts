/**
 * What the Insights page asks for: a period (a preset ending today, or a custom range), a city, an
 * event, held in the page's address (`?period=custom&from=…&to=…&city=…&event=…`), so a view can be
 * shared, reloaded and gone back to. The console's loaders import this: the contract (its schema)
 * loads with the first ask, so the shell every page shares does not carry it.
 */
import { INSIGHT_DATE_BOUNDS } from '@yaari/domain/insight-bounds'
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

/** A request for the numbers: the days, and a city or an event when one is chosen. */
export interface AskedInsights {
  from: string
  to: string
  city?: string
  eventId?: string
}

/** The filters as the address holds them; anything else in it is dropped. */
export interface InsightsSearch {
  period?: Period
  from?: string
  to?: string
  city?: string
  event?: string
}

const ID = /^[a-z0-9][a-z0-9-]{0,79}$/
const isDay = (value: unknown): value is string =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  value >= INSIGHT_DATE_BOUNDS.min &&
  value <= INSIGHT_DATE_BOUNDS.max &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
const isPeriod = (value: unknown): value is Period => PERIODS.some((period) => period.value === value)

/**
 * The route's validateSearch: what the address says, each part kept only when it is one the page
 * offers. Every key is answered, undefined when dropped: the router lays a route's search over the
 * address's own, so a key left out would keep its raw value (a day that does not exist, a year 9999).
 */
export function parseInsightsSearch(search: Record<string, unknown>): InsightsSearch {
  const custom = search.period === 'custom' && isDay(search.from) && isDay(search.to) && search.from <= search.to
  const id = (value: unknown) => (typeof value === 'string' && ID.test(value) ? value : undefined)
  return {
    period: isPeriod(search.period) && (search.period !== 'custom' || custom) ? search.period : undefined,
    from: custom ? (search.from as string) : undefined,
    to: custom ? (search.to as string) : undefined,
    city: id(search.city),
    event: id(search.event),
  }
}

/** The query an address stands for on `today` (IST): the last 4 weeks when it names no period. */
export function queryOf(search: InsightsSearch, today: string): InsightsQuery {
  const { period = '4w', from, to, city, event } = search
  const days =
    period === 'custom' && from && to ? { from, to } : periodDates(period === 'custom' ? '4w' : period, today)
  return { period, ...days, ...(city ? { city } : {}), ...(event ? { eventId: event } : {}) }
}

/** The address for a query: a preset's days are not written (they follow today). */
export const searchOf = (query: InsightsQuery): InsightsSearch => ({
  period: query.period,
  ...(query.period === 'custom' ? { from: query.from, to: query.to } : {}),
  ...(query.city ? { city: query.city } : {}),
  ...(query.eventId ? { event: query.eventId } : {}),
})

/** What the server is asked for a query (the period's name aside): the loader runs again when it changes. */
export const request = (query: InsightsQuery): AskedInsights => ({
  from: query.from,
  to: query.to,
  ...(query.city ? { city: query.city } : {}),
  ...(query.eventId ? { eventId: query.eventId } : {}),
})

/** The page's one call: the period's rollups. */
export const askInsights = async (asked: AskedInsights) =>
  call((await import('@yaari/domain/insights')).loadInsightsCall, asked)
