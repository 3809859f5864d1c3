/**
 * Insights (/host/insights): how the business is doing across dates, events and cities, for an
 * admin (every city) or a host (their cities). One call reads the rollups of the period (a few
 * documents, never the bookings); every chart is drawn from the same series as the table under it
 * and its CSV. The charts' code (Chart.js) loads with the first chart, on this page alone.
 */
import { Link } from '@tanstack/react-router'
import {
  connectionSeries,
  emptiestUpcoming,
  fillSeries,
  formatPaise,
  formatValue,
  INSIGHT_DATE_BOUNDS,
  INSIGHT_MESSAGES,
  type InsightsView,
  insightTotals,
  longRows,
  moneySeries,
  noShowSeries,
  ROLL_BACK_DAYS,
  ratingSeries,
  returningSeries,
  type Series,
  seriesCsv,
  seriesFilename,
  waitlistSeries,
} from '@yaari/domain/insights'
import { formatIstDateTime, formatLongDate, formatShortDate } from '@yaari/domain/schedule'
import { type FormEvent, lazy, type ReactNode, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { flow, wrap } from 'styled-system/patterns'
import { button, card, heading, link, text } from 'styled-system/recipes'
import { saveFile } from '../../../lib/save-file'
import { SelectField, TextField } from '../../../ui/field'
import type { Answer } from '../answer'
import { type AskedInsights, type InsightsQuery, PERIODS, type Period, periodDates } from './insights-query'

const InsightChart = lazy(() => import('./insight-chart'))

const scroller = css({ overflowX: 'auto', maxWidth: '100%' })
const table = css({
  borderCollapse: 'collapse',
  fontSize: 'sm',
  minWidth: '100%',
  '& caption': { textAlign: 'start', fontWeight: 'semibold', paddingBlockEnd: '1' },
  '& th, & td': {
    borderBottomWidth: '1px',
    borderColor: 'border.default',
    paddingBlock: '1',
    paddingInline: '2',
    textAlign: 'end',
    whiteSpace: 'nowrap',
  },
  '& th[scope=row], & thead th:first-child': {
    textAlign: 'start',
    position: 'sticky',
    insetInlineStart: 0,
    bg: 'bg.surface',
  },
})
const eventCell = css({ textAlign: 'start!', whiteSpace: 'normal!' })
const figures = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))', gap: '3' })

function SeriesTable({ series }: { series: Series }) {
  const caption = useId()
  const gaps = !series.long && series.datasets.some((dataset) => dataset.values.includes(null))
  return (
    <div className={flow({ gap: '1' })}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must take the keyboard (WCAG 2.1.1). */}
      {/* biome-ignore lint/a11y/useSemanticElements: a group named by its table's caption, not a form's fieldset. */}
      <div className={scroller} role="group" aria-labelledby={caption} tabIndex={0}>
        <table className={table}>
          <caption id={caption}>{series.title}</caption>
          {series.long ? (
            <>
              <thead>
                <tr>
                  <th scope="col">{series.keyHeading}</th>
                  <th scope="col" className={eventCell}>
                    Event
                  </th>
                  <th scope="col">{series.long.valueHeading}</th>
                </tr>
              </thead>
              <tbody>
                {longRows(series).map((row) => (
                  <tr key={row.key}>
                    <th scope="row">{row.label}</th>
                    <td className={eventCell}>{row.dataset}</td>
                    <td>{formatValue(series.unit, row.value)}</td>
                  </tr>
                ))}
              </tbody>
            </>
          ) : (
            <>
              <thead>
                <tr>
                  <th scope="col">{series.keyHeading}</th>
                  {series.datasets.map((dataset) => (
                    <th key={dataset.label} scope="col">
                      {dataset.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {series.labels.map((label, i) => (
                  <tr key={series.keys[i]}>
                    <th scope="row">{label}</th>
                    {series.datasets.map((dataset) => (
                      <td key={dataset.label}>{formatValue(series.unit, dataset.values[i] ?? null)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </>
          )}
        </table>
      </div>
      {gaps ? (
        <p className={text({ size: 'sm', tone: 'muted' })}>— : nothing to count (no evening of that event then).</p>
      ) : null}
    </div>
  )
}

/** A chart, its table and its CSV: the same numbers three ways. */
function SeriesFigure({ series, query }: { series: Series; query: AskedInsights }) {
  const empty = series.keys.length === 0
  return (
    <div className={flow({ gap: '2' })}>
      <h3 className={heading({ level: 'sub' })}>{series.title}</h3>
      {empty ? (
        <p className={text({ tone: 'muted' })}>Nothing to show for this period.</p>
      ) : (
        <>
          <Suspense fallback={<p className={text({ size: 'sm', tone: 'muted' })}>Drawing the chart…</p>}>
            <InsightChart series={series} />
          </Suspense>
          <SeriesTable series={series} />
          <div>
            <button
              type="button"
              className={button({ variant: 'outline', size: 'sm' })}
              aria-label={`Download CSV: ${series.title}`}
              onClick={() =>
                saveFile(seriesFilename(series, query.from, query.to), seriesCsv(series), 'text/csv;charset=utf-8')
              }
            >
              Download CSV
            </button>
          </div>
        </>
      )}
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const styles = card({ variant: 'outline', size: 'compact' })
  return (
    <section className={cx(styles.root, flow({ gap: '4' }))} aria-label={title}>
      <h2 className={heading({ level: 'section' })}>{title}</h2>
      {children}
    </section>
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className={text({ size: 'sm', tone: 'muted' })}>{label}</dt>
      <dd className={text({ size: 'figure' })}>{value}</dd>
    </div>
  )
}

const MAX_DAYS = 400

export function Filters({
  view,
  query,
  onAsk,
  busy,
}: {
  view?: InsightsView
  query: InsightsQuery
  onAsk: (query: InsightsQuery) => void
  busy: boolean
}) {
  const [from, setFrom] = useState(query.from)
  const [to, setTo] = useState(query.to)
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({})
  const fromInput = useRef<HTMLInputElement>(null)
  const toInput = useRef<HTMLInputElement>(null)
  // A preset chosen (or a range applied) sets the two days the custom range starts from.
  useEffect(() => {
    setFrom(query.from)
    setTo(query.to)
  }, [query.from, query.to])
  const cities = view?.cities ?? []
  const events = (view?.events ?? []).filter((event) => !query.city || event.city === query.city)
  const today = view?.today ?? query.to
  const applyRange = (event: FormEvent) => {
    event.preventDefault()
    const inBounds = (day: string) => day >= INSIGHT_DATE_BOUNDS.min && day <= INSIGHT_DATE_BOUNDS.max
    const found = {
      from: !from ? 'Choose the first day.' : inBounds(from) ? undefined : INSIGHT_MESSAGES.outOfBounds,
      to: !to
        ? 'Choose the last day.'
        : !inBounds(to)
          ? INSIGHT_MESSAGES.outOfBounds
          : from && from > to
            ? 'The period ends before it starts.'
            : from && (Date.parse(to) - Date.parse(from)) / 86_400_000 >= MAX_DAYS
              ? `A period is at most ${MAX_DAYS} days.`
              : undefined,
    }
    setErrors(found)
    if (found.from) return fromInput.current?.focus()
    if (found.to) return toInput.current?.focus()
    onAsk({ ...query, period: 'custom', from, to })
  }
  return (
    <form onSubmit={applyRange} noValidate className={flow({ gap: '3' })} aria-label="What to show">
      <div className={wrap({ gap: '3', alignItems: 'end' })}>
        <SelectField
          label="Period"
          placeholder={null}
          value={query.period}
          onChange={(event) => {
            const period = event.target.value as Period
            if (period === 'custom') onAsk({ ...query, period })
            else onAsk({ ...query, period, ...periodDates(period, today) })
          }}
          options={PERIODS}
        />
        {cities.length > 1 ? (
          <SelectField
            label="City"
            placeholder="All your cities"
            value={query.city ?? ''}
            onChange={(event) => onAsk({ ...query, city: event.target.value || undefined, eventId: undefined })}
            options={cities.map((city) => ({ value: city.id, label: city.name }))}
          />
        ) : null}
        <SelectField
          label="Event"
          placeholder="All events"
          value={query.eventId ?? ''}
          onChange={(event) => onAsk({ ...query, eventId: event.target.value || undefined })}
          options={events.map((event) => ({ value: event.id, label: event.title }))}
        />
      </div>
      {query.period === 'custom' ? (
        <div className={wrap({ gap: '3', alignItems: 'end' })}>
          <TextField
            ref={fromInput}
            label="From"
            type="date"
            min={INSIGHT_DATE_BOUNDS.min}
            max={INSIGHT_DATE_BOUNDS.max}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            error={errors.from}
          />
          <TextField
            ref={toInput}
            label="To"
            type="date"
            min={INSIGHT_DATE_BOUNDS.min}
            max={INSIGHT_DATE_BOUNDS.max}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            error={errors.to}
          />
          <button type="submit" className={button({ size: 'sm' })} disabled={busy}>
            Show this range
          </button>
        </div>
      ) : null}
    </form>
  )
}

/** The dates to come with the most empty seats for their size. */
function Emptiest({ view, titles }: { view: InsightsView; titles: ReadonlyMap<string, string> }) {
  const emptiest = emptiestUpcoming(view.upcoming)
  return (
    <div className={flow({ gap: '2' })}>
      <h3 className={heading({ level: 'sub' })}>Emptiest dates to come</h3>
      {emptiest.length === 0 ? (
        <p className={text({ tone: 'muted' })}>
          {view.rolledAt
            ? 'No dates on sale in the next four weeks.'
            : 'Not counted yet: the numbers are brought up to date every hour.'}
        </p>
      ) : (
        <ul className={flow({ gap: '1' })}>
          {emptiest.map((row) => (
            <li key={`${row.eventId}_${row.eventDate}`}>
              <Link to="/host/$eventId/$date" params={{ eventId: row.eventId, date: row.eventDate }} className={link()}>
                {titles.get(row.eventId) ?? row.eventId}, {formatShortDate(row.eventDate)}
              </Link>
              : {row.kept} of {row.seats} seats ({formatValue('percent', (row.kept / row.seats) * 100)})
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function Report({ view, query }: { view: InsightsView; query: AskedInsights }) {
  const titles = useMemo(() => new Map(view.events.map((event) => [event.id, event.title])), [view])
  const series = useMemo(
    () => ({
      fill: fillSeries(view.rows, titles),
      money: moneySeries(view.rows),
      noShows: noShowSeries(view.rows, titles),
      returning: returningSeries(view.rows),
      rating: ratingSeries(view.rows, titles),
      connections: connectionSeries(view.rows, titles),
      waitlist: waitlistSeries(view.rows),
    }),
    [view, titles],
  )
  const totals = insightTotals(view.rows)
  if (view.rows.length === 0) {
    return (
      <div className={flow({ gap: '4' })}>
        <p>
          No evenings between {formatLongDate(query.from)} and {formatLongDate(query.to)}
          {query.eventId ? ' for this event' : ''}.
        </p>
        <Section title="Fill rate">
          <Emptiest view={view} titles={titles} />
        </Section>
      </div>
    )
  }
  return (
    <div className={flow({ gap: '4' })}>
      <p className={text({ size: 'sm', tone: 'muted' })}>
        {totals.dates === 1 ? '1 date' : `${totals.dates} dates`}
        {totals.cancelledDates ? `, ${totals.cancelledDates} cancelled` : ''}. Money is counted by the evening’s date.
        {view.rolledAt
          ? ` Numbers as of ${formatIstDateTime(new Date(view.rolledAt))}; the last ${ROLL_BACK_DAYS} days and every date on sale are brought up to date every hour, an older date when its money moves.`
          : ''}
      </p>
      <Section title="Money">
        <dl className={figures}>
          <Figure label="Gross" value={formatPaise(totals.grossPaise)} />
          <Figure label="Refunds" value={formatPaise(totals.refundsPaise)} />
          <Figure label="Net" value={formatPaise(totals.netPaise)} />
          <Figure label="Seats paid for (refunded ones too)" value={String(totals.sold)} />
          <Figure label="Seats refunded, in full or in part" value={String(totals.refunded)} />
        </dl>
        <SeriesFigure series={series.money} query={query} />
      </Section>
      <Section title="Fill rate">
        <dl className={figures}>
          <Figure label="Seats filled" value={formatValue('percent', totals.fill)} />
          <Figure label="Seats still booked" value={`${totals.kept} of ${totals.seats}`} />
        </dl>
        <SeriesFigure series={series.fill} query={query} />
        <Emptiest view={view} titles={titles} />
      </Section>
      <Section title="Attendance">
        <dl className={figures}>
          <Figure label="No-show rate" value={formatValue('percent', totals.noShowRate)} />
        </dl>
        <p className={text({ size: 'sm', tone: 'muted' })}>
          A no-show had a paid seat and neither checked in at the door nor was marked as come. A returning member had a
          seat at an earlier evening.
        </p>
        <SeriesFigure series={series.noShows} query={query} />
        <SeriesFigure series={series.returning} query={query} />
      </Section>
      <Section title="The evening">
        <SeriesFigure series={series.rating} query={query} />
        <SeriesFigure series={series.connections} query={query} />
      </Section>
      <Section title="The waitlist">
        <SeriesFigure series={series.waitlist} query={query} />
      </Section>
    </div>
  )
}

/** The numbers shown, and the request they answer (the filters may already say something else). */
interface Shown {
  asked: AskedInsights
  view?: InsightsView
  error?: string
}

/**
 * The page for the filters the address holds (`query`): `first` is the answer to `asked`, which the
 * route's loader asks again whenever the request changes (a newer one replaces an answer still on
 * its way). A choice of filter is `onAsk`, which writes it into the address.
 */
export function HostInsightsPage({
  first,
  asked,
  query,
  onAsk,
}: {
  first: Promise<Answer<InsightsView> | undefined>
  asked: AskedInsights
  query: InsightsQuery
  onAsk: (query: InsightsQuery) => void
}) {
  const [shown, setShown] = useState<Shown>({ asked })
  const [busy, setBusy] = useState(true)
  useEffect(() => {
    let live = true
    setBusy(true)
    void first.then((answer) => {
      if (!live || !answer) return
      setBusy(false)
      // A refusal keeps the numbers shown before it, and says why.
      setShown((was) => (answer.value ? { asked, view: answer.value } : { ...was, error: answer.error }))
    })
    return () => {
      live = false
    }
  }, [first, asked])
  const { view, error } = shown
  return (
    <div className={flow({ gap: '4' })}>
      <Link to="/host" className={link()}>
        ← Host console
      </Link>
      <h1 className={heading({ level: 'page' })}>Insights</h1>
      <Filters view={view} query={query} onAsk={onAsk} busy={busy} />
      {error ? <p role="alert">{error}</p> : null}
      <p role="status" className={text({ tone: 'muted' })}>
        {busy || (!view && !error)
          ? 'Loading the numbers…'
          : view
            ? `Showing ${formatLongDate(shown.asked.from)} to ${formatLongDate(shown.asked.to)}.`
            : ''}
      </p>
      {view ? <Report view={view} query={shown.asked} /> : null}
    </div>
  )
}
