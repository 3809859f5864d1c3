/**
 * What every console page shares: the gate a page sits behind (members and visitors get a "Hosts
 * only" page; the functions refuse them whatever they send), a date's gate and its numbers, money
 * and badges, and the console's first screen, every upcoming date of the host's cities (/host).
 */
import { Link } from '@tanstack/react-router'
import type { EventId } from '@yaari/domain/catalogue'
import { HOST_MESSAGES, type HostDateSummary, listHostDatesCall, VENUE_WARNING_HOURS } from '@yaari/domain/host'
import { formatInr } from '@yaari/domain/money'
import { formatLongDate } from '@yaari/domain/schedule'
import { type ReactNode, useEffect, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { container, flow, grid, wrap } from 'styled-system/patterns'
import { button, card, chip, disclosure, heading, link, notice, stat, text, toolbar } from 'styled-system/recipes'
import { useCatalogue } from '../../lib/catalogue'
import { usePageMeta } from '../../lib/page-meta'
import { LOGIN_LINK } from '../../lib/paths'
import { SelectField } from '../../ui/field'
import { PageMessage } from '../../ui/page-message'
import { groupHostDates } from './date-groups'
import { type Held, heldFor } from './host-loaders'
import { callHost, type HostSession, hostErrorMessage, useHostSession } from './host-session'

/** A signed-in host, as the console's pages get them. */
type Host = Extract<HostSession, { status: 'host' }>

/**
 * A page about one date (its guest list, its door): titled with the event and the date, shown to
 * hosts only, each given what the route's loader read from the device when it is theirs.
 */
export interface DatePageProps<T> {
  eventId: EventId
  date: string
  /** What the route's loader read from the device, and for whom. */
  saved?: Held<T>
}

export function DateGate<T>({
  eventId,
  date,
  saved,
  title,
  description,
  children,
}: DatePageProps<T> & {
  title: string
  description: string
  children: (session: Host, held: T | undefined) => ReactNode
}) {
  const catalogue = useCatalogue()
  usePageMeta({ title: `${title}: ${catalogue.eventById(eventId)?.title ?? 'date'}, ${date}`, description })
  return <HostGate>{(session) => children(session, heldFor(saved, session.uid))}</HostGate>
}

/** The page around every host screen: who may see it decides what it shows. */
export function HostGate({ children }: { children: (session: Host) => ReactNode }) {
  const session = useHostSession()
  return (
    <div className={container({ maxW: '5xl', py: { base: '6', md: '10' }, px: '4' })}>
      {session.status === 'checking' ? (
        <p role="status" className={text({ tone: 'muted' })}>
          Checking your access…
        </p>
      ) : session.status === 'signed-out' ? (
        <PageMessage
          title="Hosts only"
          actions={
            <Link to={LOGIN_LINK.to} className={button({ size: 'lg' })}>
              Sign in
            </Link>
          }
        >
          <p>Sign in with a host account to open the console.</p>
        </PageMessage>
      ) : session.status === 'not-host' ? (
        <PageMessage
          title="Hosts only"
          actions={
            <Link to="/events" className={button({ size: 'lg' })}>
              Browse events
            </Link>
          }
        >
          <p>{HOST_MESSAGES.hostsOnly}</p>
          <p>If you host with Yaari and were just given access, sign out and back in.</p>
        </PageMessage>
      ) : (
        children(session)
      )}
    </div>
  )
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

export function HostDatesPage({ saved }: { saved?: Held<HostDateSummary[]> }) {
  usePageMeta({ title: 'Host console', description: 'Your upcoming Yaari dates: seats, guests, venue and money.' })
  return <HostGate>{(session) => <DatesList held={heldFor(saved, session.uid)} />}</HostGate>
}

/** The dates as the console shows them: from the server, or what this device saved until it answers. */
interface DatesState {
  dates?: HostDateSummary[]
  /** The dates are the ones this device saved (the lists the host opened): the server has not answered yet. */
  fromDevice?: boolean
  error?: string
}

function DatesList({ held }: { held?: HostDateSummary[] }) {
  const catalogue = useCatalogue()
  const [state, setState] = useState<DatesState>(() => (held?.length ? { dates: held, fromDevice: true } : {}))
  const [eventFilter, setEventFilter] = useState('')
  useEffect(() => {
    let live = true
    const load = (first: boolean) =>
      callHost(listHostDatesCall, {}).then(
        ({ dates }) => live && setState({ dates }),
        // A refresh that fails keeps the numbers shown; only the first load says why it failed.
        (error: unknown) => live && first && setState((shown) => ({ ...shown, error: hostErrorMessage(error) })),
      )
    void load(true)
    // Live while open and online: checked in against expected, seats sold.
    const timer = setInterval(() => {
      if (navigator.onLine && document.visibilityState === 'visible') void load(false)
    }, 30_000)
    return () => {
      live = false
      clearInterval(timer)
    }
  }, [])
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
        <p role="status" className={text({ tone: 'muted' })}>
          Loading your dates…
        </p>
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
          {groupHostDates(state.dates.filter((date) => !eventFilter || date.eventId === eventFilter)).map((group) =>
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
