/**
 * The Insights page's charts, from the rollup's rows (insights.ts): every chart is a `Series`, which
 * the chart draws, its table lists and its CSV holds, so the three always show the same numbers.
 * Also the period's totals, the emptiest dates to come, and how a value reads (money in rupees
 * with Indian grouping, shares in percent).
 */
import { csvField } from './host/csv'
import type { INSIGHT_NUMBERS, InsightRow } from './insights'
import { formatInr } from './money'
import { addDays, formatShortDate, weekdayOf } from './schedule'

export type SeriesUnit = 'percent' | 'paise' | 'count' | 'rating'

/** One chart's numbers: a value per key (a date, a week or an event) for each dataset. */
export interface Series {
  id: string
  title: string
  kind: 'line' | 'bar'
  unit: SeriesUnit
  /** The first column's heading: "Date", "Week of", "Event". */
  keyHeading: string
  /** What tells the values apart (ISO dates, Mondays, event ids). */
  keys: string[]
  /** The first column of the CSV: ISO dates, or the events' titles. */
  csvKeys: string[]
  /** The keys as the chart and table show them. */
  labels: string[]
  datasets: { label: string; values: (number | null)[] }[]
  /**
   * When its datasets are events that each run on their own days: the table lists one row per value
   * (date, event, value, headed `valueHeading`) rather than a grid of mostly empty cells.
   */
  long?: { valueHeading: string }
}

/** Rupees and paise, with Indian grouping: ₹1,50,000, ₹649.50. */
export function formatPaise(paise: number): string {
  const whole = Math.trunc(paise / 100)
  const rest = Math.abs(paise % 100)
  const rupees = formatInr(Math.abs(whole))
  return `${paise < 0 ? '-' : ''}${rupees}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`
}

export function formatValue(unit: SeriesUnit, value: number | null): string {
  if (value === null) return '—'
  if (unit === 'paise') return formatPaise(value)
  if (unit === 'percent') return `${Math.round(value)}%`
  if (unit === 'rating') return value.toFixed(1)
  return String(value)
}

/** The Monday (IST calendar) of a date's week. */
export function weekOf(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7))
}

const ratio = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : null)
const sum = (rows: readonly InsightRow[], field: (typeof INSIGHT_NUMBERS)[number]) =>
  rows.reduce((total, row) => total + row[field], 0)
const counted = (rows: readonly InsightRow[]) => rows.filter((row) => !row.cancelled)
/** A week by its Monday, short: "28 Sept" (the table's column and the chart's axis say "Week of"). */
const weekLabel = (week: string) => formatShortDate(week).replace(/^\w+, /, '')

function byKey<K>(rows: readonly InsightRow[], key: (row: InsightRow) => K): Map<K, InsightRow[]> {
  const groups = new Map<K, InsightRow[]>()
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row])
  return groups
}

/** The period's totals: money, seats, fill, attendance. */
export function insightTotals(rows: readonly InsightRow[]) {
  const live = counted(rows)
  const past = live.filter((row) => row.past)
  return {
    grossPaise: sum(rows, 'grossPaise'),
    refundsPaise: sum(rows, 'refundsPaise'),
    netPaise: sum(rows, 'netPaise'),
    sold: sum(rows, 'sold'),
    refunded: sum(rows, 'refunded'),
    kept: sum(live, 'kept'),
    seats: sum(live, 'seats'),
    fill: ratio(sum(live, 'kept'), sum(live, 'seats')),
    noShowRate: ratio(sum(past, 'noShows'), sum(past, 'came') + sum(past, 'noShows')),
    dates: live.length,
    cancelledDates: rows.length - live.length,
  }
}

/** Fill rate (kept seats of the capacity) per date, a line per event; cancelled dates left out. */
export function fillSeries(rows: readonly InsightRow[], titles: ReadonlyMap<string, string>): Series {
  const live = counted(rows).filter((row) => row.seats > 0)
  const keys = [...new Set(live.map((row) => row.eventDate))].sort()
  const events = [...byKey(live, (row) => row.eventId)]
  return {
    id: 'fill',
    title: 'Fill rate per date',
    kind: 'line',
    unit: 'percent',
    long: { valueHeading: 'Seats filled' },
    keyHeading: 'Date',
    keys,
    csvKeys: keys,
    labels: keys.map(formatShortDate),
    datasets: events.map(([eventId, eventRows]) => ({
      label: titles.get(eventId) ?? eventId,
      values: keys.map((date) => {
        const row = eventRows.find((r) => r.eventDate === date)
        return row ? ratio(row.kept, row.seats) : null
      }),
    })),
  }
}

/** A series of weekly values, one dataset per (label, value of a week's rows). */
function weekly(
  rows: readonly InsightRow[],
  head: Pick<Series, 'id' | 'title' | 'kind' | 'unit'>,
  datasets: [label: string, value: (week: InsightRow[]) => number | null][],
): Series {
  const weeks = [...byKey(rows, (row) => weekOf(row.eventDate))].sort(([a], [b]) => a.localeCompare(b))
  return {
    ...head,
    keyHeading: 'Week of',
    keys: weeks.map(([week]) => week),
    csvKeys: weeks.map(([week]) => week),
    labels: weeks.map(([week]) => weekLabel(week)),
    datasets: datasets.map(([label, value]) => ({ label, values: weeks.map(([, weekRows]) => value(weekRows)) })),
  }
}

/** Gross, refunds and net per week of the evenings' dates. */
export const moneySeries = (rows: readonly InsightRow[]): Series =>
  weekly(rows, { id: 'money', title: 'Money per week', kind: 'bar', unit: 'paise' }, [
    ['Gross', (week) => sum(week, 'grossPaise')],
    ['Refunds', (week) => sum(week, 'refundsPaise')],
    ['Net', (week) => sum(week, 'netPaise')],
  ])

const pastDates = (rows: readonly InsightRow[]) => counted(rows).filter((row) => row.past)

/** A chart with a value per event of the evenings that happened, in the titles' order. */
const perPastEvent =
  (head: Pick<Series, 'id' | 'title' | 'unit'>, label: string, value: (eventRows: InsightRow[]) => number | null) =>
  (rows: readonly InsightRow[], titles: ReadonlyMap<string, string>): Series => {
    const events = [...byKey(pastDates(rows), (row) => row.eventId)].sort(([a], [b]) =>
      (titles.get(a) ?? a).localeCompare(titles.get(b) ?? b),
    )
    return {
      ...head,
      kind: 'bar',
      keyHeading: 'Event',
      keys: events.map(([id]) => id),
      csvKeys: events.map(([id]) => titles.get(id) ?? id),
      labels: events.map(([id]) => titles.get(id) ?? id),
      datasets: [{ label, values: events.map(([, eventRows]) => value(eventRows)) }],
    }
  }

/** Of the paid guests of past evenings, the share who did not come, per event. */
export const noShowSeries = perPastEvent(
  { id: 'no-shows', title: 'No-show rate per event', unit: 'percent' },
  'No-shows',
  (eventRows) => ratio(sum(eventRows, 'noShows'), sum(eventRows, 'came') + sum(eventRows, 'noShows')),
)

/** Of each week's kept seats, the share whose member had a seat at an earlier evening (a returning member). */
export const returningSeries = (rows: readonly InsightRow[]): Series =>
  weekly(counted(rows), { id: 'returning', title: 'Returning members per week', kind: 'line', unit: 'percent' }, [
    ['Returning members', (week) => ratio(sum(week, 'returning'), sum(week, 'returning') + sum(week, 'firstTime'))],
  ])

/** Each event's average rating per week. */
export function ratingSeries(rows: readonly InsightRow[], titles: ReadonlyMap<string, string>): Series {
  const rated = pastDates(rows)
  const events = [...byKey(rated, (row) => row.eventId)]
  const series = weekly(
    rated,
    { id: 'rating', title: 'Average rating per event', kind: 'line', unit: 'rating' },
    events.map(([eventId]) => [
      titles.get(eventId) ?? eventId,
      (week) => {
        const own = week.filter((row) => row.eventId === eventId)
        const count = sum(own, 'ratingCount')
        return count > 0 ? sum(own, 'ratingSum') / count : null
      },
    ]),
  )
  return { ...series, long: { valueHeading: 'Average rating (of 5)' } }
}

/** A long series' table rows: one per value (its key's label, the dataset, the value). */
export function longRows(series: Series): { key: string; label: string; dataset: string; value: number }[] {
  return series.labels.flatMap((label, i) =>
    series.datasets.flatMap((dataset) => {
      const value = dataset.values[i]
      return value === null || value === undefined
        ? []
        : [{ key: `${series.keys[i]}:${dataset.label}`, label, dataset: dataset.label, value }]
    }),
  )
}

/** Of the guests who came, the share who made at least one connection, per event. */
export const connectionSeries = perPastEvent(
  { id: 'connections', title: 'Guests who made a connection', unit: 'percent' },
  'Made a connection',
  (eventRows) => ratio(sum(eventRows, 'guestsConnected'), sum(eventRows, 'came')),
)

/** The waitlist per week: members who joined, offers made, seats taken from offers. */
export const waitlistSeries = (rows: readonly InsightRow[]): Series =>
  weekly(rows, { id: 'waitlist', title: 'The waitlist per week', kind: 'bar', unit: 'count' }, [
    ['Joined', (week) => sum(week, 'waitlistJoins')],
    ['Offers', (week) => sum(week, 'waitlistOffers')],
    ['Seats taken from offers', (week) => sum(week, 'offersTaken')],
  ])

/** The upcoming dates with the most empty seats for their size: lowest fill first. */
export function emptiestUpcoming(upcoming: readonly InsightRow[], count = 5): InsightRow[] {
  return counted(upcoming)
    .filter((row) => row.seats > 0)
    .sort((a, b) => a.kept / a.seats - b.kept / b.seats || a.eventDate.localeCompare(b.eventDate))
    .slice(0, count)
}

/** A series' CSV: its keys, then each dataset; money in rupees with paise, shares in percent. */
export function seriesCsv(series: Series): string {
  const cell = (value: number | null) => {
    if (value === null) return ''
    if (series.unit === 'paise') return (value / 100).toFixed(2)
    if (series.unit === 'count') return String(value)
    return value.toFixed(series.unit === 'rating' ? 2 : 1)
  }
  const head = [series.keyHeading, ...series.datasets.map((d) => d.label)]
  const lines = series.csvKeys.map((key, i) => [key, ...series.datasets.map((d) => cell(d.values[i] ?? null))])
  return [head, ...lines].map((line) => line.map(csvField).join(',')).join('\r\n')
}

/** A file name for a series' CSV. */
export const seriesFilename = (series: Series, from: string, to: string) => `yaari-${series.id}-${from}-${to}.csv`
