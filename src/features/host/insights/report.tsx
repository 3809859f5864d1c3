/**
 * The numbers of a period on the Insights page, in sections (money, fill rate, attendance, the
 * evening, the waitlist): each its headline figures, then its series as chart, table and CSV.
 */
import { Link } from '@tanstack/react-router'
import {
  connectionSeries,
  emptiestUpcoming,
  fillSeries,
  formatPaise,
  formatValue,
  insightTotals,
  moneySeries,
  noShowSeries,
  ratingSeries,
  returningSeries,
  waitlistSeries,
} from '@yaari/domain/insight-series'
import { type InsightsView, ROLL_BACK_DAYS } from '@yaari/domain/insights'
import { formatIstDateTime, formatLongDate, formatShortDate } from '@yaari/domain/schedule'
import { type ReactNode, useMemo } from 'react'
import { css, cx } from 'styled-system/css'
import { flow } from 'styled-system/patterns'
import { card, heading, link, text } from 'styled-system/recipes'
import type { AskedInsights } from './insights-query'
import { SeriesFigure } from './series-figure'

const figures = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))', gap: '3' })

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

/** The period's numbers, or, for a period with no evening, what is still to come. */
export function Report({ view, query }: { view: InsightsView; query: AskedInsights }) {
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
