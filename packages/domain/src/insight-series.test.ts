import { describe, expect, it } from 'vitest'
import {
  connectionSeries,
  emptiestUpcoming,
  fillSeries,
  formatPaise,
  insightTotals,
  longRows,
  moneySeries,
  noShowSeries,
  ratingSeries,
  returningSeries,
  seriesCsv,
  waitlistSeries,
  weekOf,
} from './insight-series'
import type { InsightRow } from './insights'

const row = (change: Partial<InsightRow>): InsightRow => ({
  eventId: 'supper',
  eventDate: '2026-10-04',
  city: 'bangalore',
  cancelled: false,
  past: true,
  seats: 10,
  sold: 8,
  kept: 6,
  held: 0,
  refunded: 2,
  grossPaise: 8 * 129_900,
  refundsPaise: 129_900 + 64_950,
  netPaise: 8 * 129_900 - 129_900 - 64_950,
  came: 5,
  noShows: 1,
  waitlistJoins: 3,
  waitlistOffers: 2,
  offersTaken: 1,
  ratingCount: 4,
  ratingSum: 18,
  connections: 2,
  guestsConnected: 3,
  firstTime: 2,
  returning: 4,
  ...change,
})
const titles = new Map([
  ['supper', 'Sunday Supper'],
  ['walk', 'Palace Walk'],
])

describe('money', () => {
  it('shows rupees with Indian grouping, and paise only when there are some', () => {
    expect(formatPaise(1_234_567_800)).toBe('₹1,23,45,678')
    expect(formatPaise(64_950)).toBe('₹649.50')
    expect(formatPaise(5)).toBe('₹0.05')
    expect(formatPaise(-64_950)).toBe('-₹649.50')
    expect(formatPaise(0)).toBe('₹0')
  })

  it('sums gross, refunds and net per week of the evenings (Monday to Sunday)', () => {
    expect(weekOf('2026-10-04')).toBe('2026-09-28') // a Sunday: its week began on Monday
    expect(weekOf('2026-10-05')).toBe('2026-10-05')
    const series = moneySeries([row({}), row({ eventDate: '2026-09-30' }), row({ eventDate: '2026-10-07' })])
    expect(series.keys).toEqual(['2026-09-28', '2026-10-05'])
    expect(series.labels[0]).toBe('28 Sept')
    expect(series.datasets.map((d) => d.values[0])).toEqual([2 * 8 * 129_900, 2 * 194_850, 2 * (8 * 129_900 - 194_850)])
    expect(seriesCsv(series).split('\r\n')).toEqual([
      'Week of,Gross,Refunds,Net',
      '2026-09-28,20784.00,3897.00,16887.00',
      '2026-10-05,10392.00,1948.50,8443.50',
    ])
  })

  it("totals the period; a cancelled date's refunds count, its seats do not", () => {
    const totals = insightTotals([
      row({}),
      row({ eventDate: '2026-10-11', cancelled: true, kept: 0, came: 0, noShows: 0 }),
    ])
    expect(totals.grossPaise).toBe(2 * 8 * 129_900)
    expect(totals.fill).toBe(60)
    expect(totals.noShowRate).toBeCloseTo((1 / 6) * 100)
    expect(totals).toMatchObject({ dates: 1, cancelledDates: 1 })
    // The seats refunded are counted too, a cancelled date's included.
    expect(
      insightTotals([row({ refunded: 1 }), row({ eventDate: '2026-10-11', cancelled: true, refunded: 8 })]).refunded,
    ).toBe(9)
  })
})

describe('the charts', () => {
  it('fill rate: a line per event, a point per date it ran, cancelled dates left out', () => {
    const series = fillSeries(
      [
        row({}),
        row({ eventId: 'walk', eventDate: '2026-10-05', kept: 5, seats: 20 }),
        row({ eventDate: '2026-10-11', cancelled: true }),
      ],
      titles,
    )
    expect(series.keys).toEqual(['2026-10-04', '2026-10-05'])
    // Its table: one row per evening, not a grid of empty cells.
    expect(longRows(series).map(({ label, dataset, value }) => [label, dataset, value])).toEqual([
      ['Sun, 4 Oct', 'Sunday Supper', 60],
      ['Mon, 5 Oct', 'Palace Walk', 25],
    ])
    expect(series.datasets).toEqual([
      { label: 'Sunday Supper', values: [60, null] },
      { label: 'Palace Walk', values: [null, 25] },
    ])
  })

  it('attendance and the evening count only evenings that happened', () => {
    const rows = [row({}), row({ eventDate: '2026-12-06', past: false, noShows: 0, came: 0 })]
    expect(noShowSeries(rows, titles).datasets[0]!.values).toEqual([(1 / 6) * 100])
    expect(ratingSeries(rows, titles).datasets).toEqual([{ label: 'Sunday Supper', values: [4.5] }])
    expect(connectionSeries(rows, titles).datasets[0]!.values).toEqual([60])
    expect(returningSeries([row({})]).datasets[0]!.values).toEqual([(4 / 6) * 100])
  })

  it('the waitlist per week: joins, offers, seats taken', () => {
    expect(waitlistSeries([row({})]).datasets.map((d) => [d.label, d.values[0]])).toEqual([
      ['Joined', 3],
      ['Offers', 2],
      ['Seats taken from offers', 1],
    ])
  })

  it('lists the emptiest dates to come, lowest fill first, cancelled ones not', () => {
    const upcoming = [
      row({ eventDate: '2026-12-06', kept: 9 }),
      row({ eventDate: '2026-12-13', kept: 2 }),
      row({ eventDate: '2026-12-20', kept: 0, cancelled: true }),
      row({ eventDate: '2026-12-27', kept: 2 }),
    ]
    expect(emptiestUpcoming(upcoming, 2).map((r) => r.eventDate)).toEqual(['2026-12-13', '2026-12-27'])
  })

  it('never lets a CSV cell start a spreadsheet formula', () => {
    const csv = seriesCsv(fillSeries([row({ eventId: 'x' })], new Map([['x', '=HYPERLINK("evil")']])))
    expect(csv.split('\r\n')[0]).toBe(`Date,"'=HYPERLINK(""evil"")"`)
  })
})
