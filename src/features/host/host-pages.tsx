/**
 * What the console's pages share: a date's numbers, money and badges, and the console's first
 * screen, every upcoming date of the host's cities (/host).
 */
import { Link } from '@tanstack/react-router'
import type { EventId } from '@yaari/domain/catalogue'
import { type HostDateSummary, listHostDatesCall, VENUE_WARNING_HOURS } from '@yaari/domain/host'
import { formatInr } from '@yaari/domain/money'
import { formatLongDate } from '@yaari/domain/schedule'
import { type ReactNode, useEffect, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { flow, grid, wrap } from 'styled-system/patterns'
import { card, chip, disclosure, heading, link, notice, stat, text, toolbar } from 'styled-system/recipes'
import { call } from '../../lib/call'
import { useCatalogue } from '../../lib/catalogue'
import { type Held, heldFor } from '../../lib/held'
import { SelectField } from '../../ui/field'
import { StatusNote } from '../../ui/status-note'
import type { Answer } from './answer'
import { sectionHostDates } from './date-sections'
import { useHost } from './host-layout'

/**
 * A page about one date (its guest list, its door), given what the route's loader read from the
 * device when it is the signed-in host's.
 */
export interface DatePageProps<T> {
  eventId: EventId
  date: string
  /** What the route's loader read from the device, and for whom. */
  saved?: Held<T>
  /** The ask for this phone's pushes (the notifications feature's), shown to the date's coordinators. */
  pushAsk?: ReactNode
}

const NUMBERS: [key: keyof HostDateSummary, label: string][] = [
  ['capacity', 'Capacity'],
  ['paid', 'Paid'],
  ['checkedIn', 'Checked in'],
  ['held', 'Held'],
  ['free', 'Free'],
  ['waiting', 'Waiting'],
]

/** A date's numbers, as a description list. */
export function DateNumbers({ date }: { date: HostDateSummary }) {
  const stats = stat()
  return (
    <dl className={grid({ columns: { base: 3, sm: 6 }, gap: '2' })}>
      {NUMBERS.map(([key, label]) => (
        <div key={key} className={stats.root}>
          <dt className={stats.label}>{label}</dt>
          <dd className={stats.value}>{String(date[key])}</dd>
        </div>
      ))}
    </dl>
  )
}

export function DateMoney({ date }: { date: HostDateSummary }) {
  return (
    <p className={text({ size: 'sm', tone: 'muted' })}>
      Collected {formatInr(date.gross)} · Refunded {formatInr(date.refunded)} · Net {formatInr(date.net)}
    </p>
  )
}

export function DateBadges({ date }: { date: HostDateSummary }) {
  return (
    <span className={wrap({ gap: '2' })}>
      {date.cancelled ? <span className={chip({ variant: 'muted' }).root}>Cancelled</span> : null}
      {!date.cancelled && !date.salesOpen ? (
        <span className={chip({ variant: 'muted' }).root}>Sales closed</span>
      ) : null}
      {date.venueShared ? <span className={chip({ variant: 'subtle' }).root}>Venue shared</span> : null}
    </span>
  )
}

export function VenueWarning({ date }: { date: HostDateSummary }) {
  if (!date.venueMissing) return null
  return (
    <p role="alert" className={cx(notice({ size: 'md' }), text({ tone: 'error', weight: 'semibold' }))}>
      No venue shared, and this date starts within {VENUE_WARNING_HOURS} hours.
    </p>
  )
}

/** A group of dates as cards: each with its numbers, money and venue warning. */
function DateCards({ dates, label }: { dates: HostDateSummary[]; label: string }) {
  const styles = card({ variant: 'outline' })
  const bar = toolbar()
  return (
    <ul className={grid({ gap: '4' })} aria-label={`Dates: ${label}`}>
      {dates.map((date) => (
        <li key={`${date.eventId}_${date.eventDate}`} className={cx(styles.root, styles.body)}>
          <div className={bar.root}>
            <h3 className={cx(heading({ level: 'card' }), bar.title)}>
              <Link
                to="/host/$eventId/$date"
                params={{ eventId: date.eventId, date: date.eventDate }}
                className={link()}
              >
                {date.title}, {formatLongDate(date.eventDate)}
              </Link>
            </h3>
            <DateBadges date={date} />
          </div>
          <DateNumbers date={date} />
          <DateMoney date={date} />
          <VenueWarning date={date} />
        </li>
      ))}
    </ul>
  )
}

export function HostDatesPage({
  saved,
  dates,
}: {
  saved?: Held<HostDateSummary[]>
  dates: Promise<Answer<HostDateSummary[]> | undefined>
}) {
  const host = useHost()
  return <DatesList held={heldFor(saved, host.uid)} asked={dates} />
}

/** The dates as the console shows them: from the server, or what this device saved until it answers. */
interface DatesState {
  dates?: HostDateSummary[]
  /** The dates are the ones this device saved (the lists the host opened): the server has not answered yet. */
  fromDevice?: boolean
  error?: string
}

function DatesList({
  held,
  asked,
}: {
  held?: HostDateSummary[]
  asked: Promise<Answer<HostDateSummary[]> | undefined>
}) {
  const catalogue = useCatalogue()
  const [state, setState] = useState<DatesState>(() => (held?.length ? { dates: held, fromDevice: true } : {}))
  const [eventFilter, setEventFilter] = useState('')
  useEffect(() => {
    let live = true
    // Only the first answer (the loader's) says why it failed; a refresh that fails keeps the numbers shown.
    void asked.then((first) => {
      if (!live || !first) return
      setState((shown) => (first.value ? { dates: first.value } : { ...shown, error: first.error }))
    })
    // Live while open and online: checked in against expected, seats sold.
    const timer = setInterval(() => {
      if (navigator.onLine && document.visibilityState === 'visible')
        call(listHostDatesCall, {}).then(
          ({ dates }) => live && setState({ dates }),
          () => undefined,
        )
    }, 30_000)
    return () => {
      live = false
      clearInterval(timer)
    }
  }, [asked])
  const bar = toolbar()
  const folded = disclosure({ summary: 'heading' })
  return (
    <div className={flow({ gap: '4' })}>
      <div className={bar.root}>
        <h1 className={cx(heading({ level: 'page' }), bar.title)}>Host console</h1>
        <Link to="/host/catalogue" className={link()}>
          Catalogue
        </Link>
        <Link to="/host/reports" className={link()}>
          Reports
        </Link>
        <Link to="/host/insights" className={link()}>
          Insights
        </Link>
        <Link to="/host/audit" className={link()}>
          Audit log
        </Link>
      </div>
      {state.error ? <p role="alert">{state.error}</p> : null}
      {state.fromDevice ? (
        <p role="status" className={text({ size: 'sm', tone: 'muted' })}>
          Shown from this device: the dates whose guest lists you saved. The rest appear when Yaari answers.
        </p>
      ) : null}
      {state.error && !state.dates ? null : !state.dates ? (
        <StatusNote>Loading your dates…</StatusNote>
      ) : state.dates.length === 0 ? (
        <p>No upcoming dates in your cities.</p>
      ) : (
        <>
          <SelectField
            label="Event"
            value={eventFilter}
            onChange={(e) => setEventFilter(e.target.value)}
            placeholder="All events"
            options={catalogue.events
              .filter((event) => state.dates?.some((date) => date.eventId === event.id))
              .map((event) => ({
                value: event.id,
                label: event.title,
              }))}
            className={css({ maxW: 'sm' })}
          />
          {sectionHostDates(state.dates.filter((date) => !eventFilter || date.eventId === eventFilter)).map((group) =>
            group.folded ? (
              <details key={group.key} className={folded.root}>
                <summary className={folded.summary}>
                  {group.label} ({group.dates.length} {group.dates.length === 1 ? 'date' : 'dates'})
                </summary>
                <DateCards dates={group.dates} label={group.label} />
              </details>
            ) : (
              <section key={group.key} aria-labelledby={`dates-${group.key}`} className={flow({ gap: '3' })}>
                <h2 id={`dates-${group.key}`} className={heading({ level: 'section' })}>
                  {group.label}
                </h2>
                <DateCards dates={group.dates} label={group.label} />
              </section>
            ),
          )}
        </>
      )}
    </div>
  )
}
