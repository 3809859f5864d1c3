/**
 * One date in the host console: its numbers, the actions a host takes on it (venue, capacity,
 * sales, cancel), and its guest list with search, counts by food preference and gender, and a CSV
 * download. The list is read from the device first (the last one loaded), then refreshed, so it
 * opens at the door with no signal.
 */
import { Link } from '@tanstack/react-router'
import { enumLabel, type VenueBrief } from '@yaari/domain/booking'
import type { RequestOf } from '@yaari/domain/callable'
import { type EventId, eventById } from '@yaari/domain/catalogue'
import {
  ENTERED_UNPAID_LABELS,
  exportGuestListCall,
  type GuestList,
  type GuestRow,
  type HostActionResult,
  hostCancelDateCall,
  hostCancelSeatCall,
  liftModerationCall,
  MESSAGE_SUBJECT_MAX,
  MESSAGE_TEXT_MAX,
  MODERATION_ACTIONS,
  MODERATION_LABELS,
  type ModerationAction,
  messageGuestsCall,
  moderateMemberCall,
  setCapacityCall,
  setSalesCall,
  shareVenueCall,
  shareVenueProblem,
} from '@yaari/domain/host'
import { GENDER_LABELS } from '@yaari/domain/profile'
import { formatIstClock, formatLongDate } from '@yaari/domain/schedule'
import { type FormEvent, useEffect, useMemo, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { grid, wrap } from 'styled-system/patterns'
import { button, card, chip, heading, link, text } from 'styled-system/recipes'
import { usePageMeta } from '../../lib/page-meta'
import { SelectField, TextAreaField, TextField } from '../../ui/field'
import { loadGuestList, saveSummary, useSavedGuestList } from './guest-lists'
import { DateBadges, DateMoney, DateNumbers, HostGate, VenueWarning } from './host-pages'
import { callHost, hostErrorMessage } from './host-session'

export function HostDatePage({ eventId, date }: { eventId: EventId; date: string }) {
  const event = eventById(eventId)
  usePageMeta({
    title: `Host: ${event?.title ?? 'date'}, ${date}`,
    description: 'Guests, venue, capacity and sales of one date.',
  })
  return (
    <HostGate>
      {(session) => (
        <DateConsole
          uid={session.uid}
          verified={session.verified}
          admin={session.roles?.admin === true}
          eventId={eventId}
          date={date}
        />
      )}
    </HostGate>
  )
}

const COMING: GuestRow['state'][] = ['paid', 'held', 'offered']
/** How often an open date refreshes its numbers while online. */
const LIVE_EVERY_MS = 30_000
const STATE_LABELS: Record<GuestRow['state'], string> = {
  paid: 'Paid',
  held: 'Held',
  offered: 'Offered a seat',
  waiting: 'Waiting',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
}

function countBy(guests: GuestRow[], pick: (guest: GuestRow) => string | undefined) {
  const counts = new Map<string, number>()
  for (const guest of guests) {
    const key = pick(guest) ?? 'Not given'
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])
}

function DateConsole({
  uid,
  verified,
  admin,
  eventId,
  date,
}: {
  uid: string
  verified: boolean
  admin: boolean
  eventId: EventId
  date: string
}) {
  const saved = useSavedGuestList(uid, eventId, date)
  const [refresh, setRefresh] = useState<{ status: 'loading' | 'done' | 'failed'; error?: string }>({
    status: 'loading',
  })
  const [notice, setNotice] = useState<string>()
  const [search, setSearch] = useState('')
  const list: GuestList | undefined = saved ?? undefined

  const reload = () => {
    setRefresh({ status: 'loading' })
    loadGuestList(uid, eventId, date).then(
      () => setRefresh({ status: 'done' }),
      (error: unknown) => setRefresh({ status: 'failed', error: hostErrorMessage(error) }),
    )
  }
  useEffect(reload, [uid, eventId, date])
  // Live while it is open and online: who is in, what sold, as the doors and members change it.
  useEffect(() => {
    const timer = setInterval(() => {
      if (navigator.onLine && document.visibilityState === 'visible') {
        loadGuestList(uid, eventId, date).catch(() => undefined)
      }
    }, LIVE_EVERY_MS)
    return () => clearInterval(timer)
  }, [uid, eventId, date])

  /** Runs a host action; the date's new numbers replace the saved ones, then the list reloads. */
  const act = async (run: () => Promise<HostActionResult>, done: string, unchanged: string) => {
    setNotice(undefined)
    try {
      const result = await run()
      if (list) await saveSummary(uid, { ...list, date: result.date })
      setNotice(result.changed ? done : unchanged)
      reload()
      return true
    } catch (error) {
      setNotice(hostErrorMessage(error))
      return false
    }
  }

  /** Moderates a guest (or, for an admin, lifts it); what it did, or why not, is said at the top of the page. */
  const moderate = async (
    request: RequestOf<typeof moderateMemberCall> | { action: 'lift'; uid: string; reason: string },
  ) => {
    setNotice(undefined)
    try {
      const result =
        request.action === 'lift'
          ? await callHost(liftModerationCall, { uid: request.uid, reason: request.reason })
          : await callHost(moderateMemberCall, request)
      setNotice(
        result.changed
          ? `${MODERATION_DONE[result.level]} The member is told by email.`
          : 'Nothing changed: that is already their standing.',
      )
      reload()
      return true
    } catch (error) {
      setNotice(hostErrorMessage(error))
      return false
    }
  }

  const shown = useMemo(() => {
    const query = search.trim().toLowerCase()
    const digits = query.replace(/\D/g, '')
    return (list?.guests ?? []).filter(
      (guest) =>
        !query || guest.name.toLowerCase().includes(query) || (digits.length > 2 && guest.mobile?.includes(digits)),
    )
  }, [list, search])
  const coming = (list?.guests ?? []).filter((guest) => COMING.includes(guest.state))

  return (
    <>
      <Link to="/host/$" params={{ _splat: '' }} className={link()}>
        ← Host console
      </Link>
      <h1 className={cx(heading({ level: 'page' }), css({ mt: '2' }))}>
        {eventById(eventId)?.title ?? eventId}, {formatLongDate(date)}
      </h1>
      <p role="status" className={text({ size: 'sm', tone: 'muted' })}>
        {refresh.status === 'loading'
          ? 'Loading the latest guest list…'
          : refresh.status === 'failed'
            ? list
              ? `Saved on this device ${formatIstClock(new Date(list.readAt))}, ${formatLongDate(list.readAt.slice(0, 10))}: it could not be refreshed. ${refresh.error}`
              : refresh.error
            : `Up to date as of ${list ? formatIstClock(new Date(list.readAt)) : ''}`}
      </p>
      {notice ? (
        <p role="alert" className={css({ mt: '3', fontWeight: 'semibold' })}>
          {notice}
        </p>
      ) : null}
      {list ? (
        <>
          <section aria-labelledby="numbers" className={css({ mt: '4' })}>
            <div className={wrap({ justifyContent: 'space-between', gap: '2' })}>
              <h2 id="numbers" className={heading({ level: 'section' })}>
                Numbers
              </h2>
              <DateBadges date={list.date} />
            </div>
            <DateNumbers date={list.date} />
            <Link
              to="/host/$"
              params={{ _splat: `${eventId}/${date}/door` }}
              className={cx(button({ size: 'sm' }), css({ mt: '3' }))}
            >
              Door mode: check guests in
            </Link>
            <DateMoney date={list.date} />
            <VenueWarning date={list.date} />
          </section>

          <section aria-labelledby="guests" className={css({ mt: '8' })}>
            <div className={wrap({ justifyContent: 'space-between', gap: '2' })}>
              <h2 id="guests" className={heading({ level: 'section' })}>
                Guests
              </h2>
              <DownloadCsv eventId={eventId} date={date} onError={setNotice} />
            </div>
            <p className={text({ size: 'sm', tone: 'muted' })}>
              Coming ({coming.length}) by food:{' '}
              {countBy(coming, (g) => g.foodPreference && enumLabel(g.foodPreference))
                .map(([k, n]) => `${k} ${n}`)
                .join(', ') || 'none yet'}
            </p>
            <p className={text({ size: 'sm', tone: 'muted' })}>
              By gender:{' '}
              {countBy(coming, (g) =>
                g.gender ? (GENDER_LABELS[g.gender as keyof typeof GENDER_LABELS] ?? g.gender) : undefined,
              )
                .map(([k, n]) => `${k} ${n}`)
                .join(', ') || 'none yet'}
            </p>
            <TextField
              label="Search guests"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              hint="By name or mobile number"
              className={css({ mt: '3' })}
            />
            <ul aria-label="Guest list" className={grid({ gap: '2', mt: '3' })}>
              {shown.map((guest) => (
                <GuestItem
                  key={`${guest.uid}-${guest.orderId ?? 'line'}`}
                  guest={guest}
                  actions={
                    verified && !list.date.cancelled
                      ? {
                          admin,
                          moderate: (action, reason, until) =>
                            moderate({
                              eventId,
                              eventDate: date,
                              uid: guest.uid,
                              action,
                              reason,
                              ...(until ? { until } : {}),
                            }),
                          cancelSeat: async (orderId, reason) => {
                            return act(
                              () => callHost(hostCancelSeatCall, { eventId, eventDate: date, orderId, reason }),
                              `${guest.name}’s seat is cancelled: refunded in full and told why.`,
                              'That seat was already cancelled.',
                            )
                          },
                        }
                      : undefined
                  }
                />
              ))}
            </ul>
            {shown.length === 0 ? <p>{search ? 'No guest matches that search.' : 'No guests yet.'}</p> : null}
          </section>

          {!verified ? (
            <p role="status" className={css({ mt: '6' })}>
              Checking your sign-in with Yaari: the actions open once it answers.
            </p>
          ) : list.date.cancelled ? null : (
            <>
              <MessageForm eventId={eventId} date={date} onDone={setNotice} />
              <VenueForm
                key={JSON.stringify(list.venue ?? {})}
                eventId={eventId}
                date={date}
                shared={list.venue}
                act={act}
              />
              <CapacityForm eventId={eventId} date={date} capacity={list.date.capacity} act={act} />
              <SalesToggle eventId={eventId} date={date} open={list.date.salesOpen} act={act} />
              <CancelForm eventId={eventId} date={date} act={act} />
            </>
          )}
        </>
      ) : null}
    </>
  )
}

const MODERATION_DONE: Record<string, string> = {
  warning: 'First warning given.',
  suspended: 'Member suspended.',
  banned: 'Member banned.',
  none: 'Lifted.',
}

type Moderate = (action: ModerationAction | 'lift', reason: string, until?: string) => Promise<boolean>

interface GuestActions {
  admin: boolean
  moderate: Moderate
  cancelSeat: (orderId: string, reason: string) => Promise<boolean>
}

/** A member's standing in words: what a host reads before acting on them again. */
function standingLabel(standing: NonNullable<GuestRow['standing']>) {
  if (standing.level === 'banned') return 'Banned'
  if (standing.level === 'suspended' && standing.until) return `Suspended until ${formatLongDate(standing.until)}`
  return 'Warned'
}

function GuestItem({ guest, actions }: { guest: GuestRow; actions?: GuestActions }) {
  const styles = card({ variant: 'outline' })
  const facts = [
    guest.age !== undefined ? `${guest.age}` : undefined,
    guest.gender ? (GENDER_LABELS[guest.gender as keyof typeof GENDER_LABELS] ?? guest.gender) : undefined,
    guest.tier ? enumLabel(guest.tier) : undefined,
    guest.foodPreference ? enumLabel(guest.foodPreference) : undefined,
    guest.drinkingPreference ? enumLabel(guest.drinkingPreference) : undefined,
  ].filter(Boolean)
  return (
    <li className={cx(styles.root, css({ p: '3' }))}>
      <div className={wrap({ justifyContent: 'space-between', gap: '2' })}>
        <span className={css({ fontWeight: 'semibold', overflowWrap: 'anywhere' })}>{guest.name}</span>
        <span className={wrap({ gap: '1' })}>
          {guest.standing ? (
            <span className={chip({ variant: 'accent' }).root} title={guest.standing.reason}>
              {standingLabel(guest.standing)}
            </span>
          ) : null}
          {guest.paymentDisputed ? <span className={chip({ variant: 'accent' }).root}>Payment disputed</span> : null}
          {guest.enteredUnpaid ? (
            <span className={chip({ variant: 'accent' }).root}>
              {ENTERED_UNPAID_LABELS[guest.enteredUnpaid.state]} ({formatIstClock(new Date(guest.enteredUnpaid.at))},{' '}
              {guest.enteredUnpaid.door})
            </span>
          ) : null}
          <span className={chip({ variant: guest.state === 'paid' ? 'subtle' : 'muted' }).root}>
            {STATE_LABELS[guest.state]}
          </span>
        </span>
      </div>
      <p className={text({ size: 'sm' })}>{facts.join(' · ')}</p>
      <p className={text({ size: 'sm', tone: 'muted' })}>
        {guest.mobile ? (
          <a href={`tel:+91${guest.mobile}`} className={link()}>
            {guest.mobile}
          </a>
        ) : null}
        {guest.mobile ? ' · ' : ''}
        {guest.state === 'waiting' || guest.state === 'offered' ? 'Joined' : 'Booked'}{' '}
        {formatLongDate(guest.bookedAt.slice(0, 10))} {formatIstClock(new Date(guest.bookedAt))}
      </p>
      {guest.standing ? (
        <p className={text({ size: 'sm', tone: 'muted' })}>Reason given: {guest.standing.reason}</p>
      ) : null}
      {actions ? (
        <>
          <ModerationForm name={guest.name} moderate={actions.moderate} />
          {actions.admin && guest.standing ? (
            <ReasonForm
              summary={`Lift ${guest.name}’s restriction`}
              label="Reason (the member is told)"
              submit="Lift the restriction"
              run={(reason) => actions.moderate('lift', reason)}
            />
          ) : null}
          {guest.state === 'paid' && guest.orderId ? (
            <ReasonForm
              summary={`Cancel ${guest.name}’s seat`}
              hint="They are refunded in full and told the reason; the seat goes to the waitlist first."
              label="Reason (the member is told)"
              submit="Cancel the seat and refund in full"
              run={(reason) => actions.cancelSeat(guest.orderId as string, reason)}
            />
          ) : null}
        </>
      ) : null}
    </li>
  )
}

/** A row action that needs only a reason: folded away until opened, so a slip of a finger does nothing. */
function ReasonForm({
  summary,
  hint,
  label,
  submit,
  run,
}: {
  summary: string
  hint?: string
  label: string
  submit: string
  run: (reason: string) => Promise<boolean>
}) {
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    if (await run(reason)) setReason('')
    setBusy(false)
  }
  return (
    <details className={css({ mt: '2' })}>
      <summary className={cx(link(), css({ cursor: 'pointer' }))}>{summary}</summary>
      <form onSubmit={onSubmit} className={grid({ gap: '3', mt: '2' })}>
        {hint ? <p className={text({ size: 'sm' })}>{hint}</p> : null}
        <TextField label={label} required maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />
        <button type="submit" className={button({ variant: 'outline' })} disabled={busy}>
          {submit}
        </button>
      </form>
    </details>
  )
}

function ModerationForm({ name, moderate }: { name: string; moderate: Moderate }) {
  const [action, setAction] = useState<ModerationAction>('warn')
  const [reason, setReason] = useState('')
  const [until, setUntil] = useState('')
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (await moderate(action, reason, action === 'suspend' ? until : undefined)) setReason('')
  }
  return (
    <details className={css({ mt: '2' })}>
      <summary className={cx(link(), css({ cursor: 'pointer' }))}>Moderate {name}</summary>
      <form onSubmit={submit} className={grid({ gap: '3', mt: '2' })}>
        <SelectField
          label="Step"
          value={action}
          onChange={(e) => setAction(e.target.value as ModerationAction)}
          options={MODERATION_ACTIONS.map((value) => ({ value, label: MODERATION_LABELS[value] }))}
        />
        {action === 'suspend' ? (
          <TextField
            label="Suspended until (inclusive)"
            type="date"
            required
            value={until}
            onChange={(e) => setUntil(e.target.value)}
          />
        ) : null}
        <TextField
          label="Reason (the member is told)"
          required
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <button type="submit" className={button({ variant: 'outline' })}>
          Apply {MODERATION_LABELS[action].toLowerCase()}
        </button>
      </form>
    </details>
  )
}

function MessageForm({ eventId, date, onDone }: { eventId: EventId; date: string; onDone: (notice: string) => void }) {
  const [subject, setSubject] = useState('')
  const [body, setBody] = useState('')
  // One id per message written: a double tap or a retry of it sends nothing more.
  const [messageId, setMessageId] = useState(() => crypto.randomUUID())
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    try {
      const request = { eventId, eventDate: date, messageId, subject, text: body }
      const result = await callHost(messageGuestsCall, request)
      onDone(`Message sent to ${result.sent} ${result.sent === 1 ? 'guest' : 'guests'}.`)
      setSubject('')
      setBody('')
      setMessageId(crypto.randomUUID())
    } catch (error) {
      onDone(hostErrorMessage(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Section title="Message the guests" id="message">
      <form onSubmit={submit} className={grid({ gap: '3', mt: '3' })}>
        <TextField
          label="Subject"
          required
          maxLength={MESSAGE_SUBJECT_MAX}
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
        />
        <TextAreaField
          label="Message"
          required
          maxLength={MESSAGE_TEXT_MAX}
          rows={4}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
        <button type="submit" className={button()} disabled={busy}>
          {busy ? 'Sending…' : 'Send to paid guests'}
        </button>
      </form>
    </Section>
  )
}

function DownloadCsv({
  eventId,
  date,
  onError,
}: {
  eventId: EventId
  date: string
  onError: (message: string) => void
}) {
  const [busy, setBusy] = useState(false)
  const download = async () => {
    setBusy(true)
    try {
      const { filename, csv } = await callHost(exportGuestListCall, { eventId, eventDate: date })
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }))
      const anchor = document.createElement('a')
      anchor.href = url
      anchor.download = filename
      anchor.click()
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
    } catch (error) {
      onError(hostErrorMessage(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <button type="button" className={button({ variant: 'outline', size: 'sm' })} disabled={busy} onClick={download}>
      {busy ? 'Preparing…' : 'Download CSV'}
    </button>
  )
}

type Act = (run: () => Promise<HostActionResult>, done: string, unchanged: string) => Promise<boolean>

function Section({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  const styles = card({ variant: 'outline' })
  return (
    <section aria-labelledby={id} className={cx(styles.root, styles.body, css({ mt: '6' }))}>
      <h2 id={id} className={heading({ level: 'card' })}>
        {title}
      </h2>
      {children}
    </section>
  )
}

function VenueForm({ eventId, date, shared, act }: { eventId: EventId; date: string; shared?: VenueBrief; act: Act }) {
  const [venue, setVenue] = useState({
    venueName: shared?.venueName ?? '',
    address: shared?.address ?? '',
    mapsUrl: shared?.mapsUrl ?? '',
    notes: shared?.notes ?? '',
  })
  const [error, setError] = useState<string>()
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    // (Never `import('valibot')` here: a dynamic import of the namespace keeps all of it in the bundle.)
    const brief = {
      venueName: venue.venueName,
      address: venue.address,
      ...(venue.mapsUrl.trim() ? { mapsUrl: venue.mapsUrl.trim() } : {}),
      ...(venue.notes.trim() ? { notes: venue.notes.trim() } : {}),
    }
    const request = { eventId, eventDate: date, brief }
    const problem = shareVenueProblem(request)
    setError(problem)
    if (problem) return
    await act(
      () => callHost(shareVenueCall, request),
      'Venue saved: members see it on their ticket and are emailed.',
      'That venue is already shared.',
    )
  }
  return (
    <Section title="Venue" id="venue">
      <form onSubmit={submit} noValidate className={grid({ gap: '3', mt: '3' })}>
        <TextField
          label="Venue name"
          required
          value={venue.venueName}
          onChange={(e) => setVenue({ ...venue, venueName: e.target.value })}
        />
        <TextField
          label="Address"
          required
          value={venue.address}
          onChange={(e) => setVenue({ ...venue, address: e.target.value })}
        />
        <TextField
          label="Map link"
          type="url"
          hint="https://…"
          value={venue.mapsUrl}
          onChange={(e) => setVenue({ ...venue, mapsUrl: e.target.value })}
        />
        <TextField
          label="Arrival notes"
          value={venue.notes}
          onChange={(e) => setVenue({ ...venue, notes: e.target.value })}
        />
        {error ? <p role="alert">{error}</p> : null}
        <button type="submit" className={button()}>
          {shared ? 'Change venue' : 'Share venue'}
        </button>
      </form>
    </Section>
  )
}

function CapacityForm({
  eventId,
  date,
  capacity,
  act,
}: {
  eventId: EventId
  date: string
  capacity: number
  act: Act
}) {
  const [value, setValue] = useState(String(capacity))
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    await act(
      () => callHost(setCapacityCall, { eventId, eventDate: date, capacity: Number(value) }),
      'Capacity changed. New seats go to the waitlist first.',
      'The capacity is already that.',
    )
  }
  return (
    <Section title="Capacity" id="capacity">
      <form onSubmit={submit} className={wrap({ gap: '3', alignItems: 'end', mt: '3' })}>
        <TextField
          label="Seats"
          type="number"
          inputMode="numeric"
          min={1}
          max={60}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <button type="submit" className={button()}>
          Change capacity
        </button>
      </form>
    </Section>
  )
}

function SalesToggle({ eventId, date, open, act }: { eventId: EventId; date: string; open: boolean; act: Act }) {
  const toggle = async () => {
    await act(
      () => callHost(setSalesCall, { eventId, eventDate: date, open: !open }),
      open ? 'Sales closed: nobody can book or join the waitlist.' : 'Sales reopened.',
      'Nothing changed.',
    )
  }
  return (
    <Section title="Sales" id="sales">
      <p className={css({ mt: '2' })}>{open ? 'Members can book this date.' : 'Sales are closed for this date.'}</p>
      <button type="button" className={cx(button({ variant: 'outline' }), css({ mt: '3' }))} onClick={toggle}>
        {open ? 'Close sales' : 'Reopen sales'}
      </button>
    </Section>
  )
}

function CancelForm({ eventId, date, act }: { eventId: EventId; date: string; act: Act }) {
  const [confirm, setConfirm] = useState('')
  const [reason, setReason] = useState('')
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    await act(
      () => callHost(hostCancelDateCall, { eventId, eventDate: date, confirm, reason }),
      'Date cancelled: every member is refunded in full and told.',
      'This date was already cancelled.',
    )
  }
  return (
    <Section title="Cancel this date" id="cancel">
      <p className={css({ mt: '2' })}>Everyone who paid is refunded in full and told; the waitlist is released.</p>
      <form onSubmit={submit} className={grid({ gap: '3', mt: '3' })}>
        <TextField
          label="Reason (members are told)"
          required
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <TextField
          label={`Type ${date} to confirm`}
          required
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <button type="submit" className={button()} disabled={confirm.trim() !== date}>
          Cancel this date
        </button>
      </form>
    </Section>
  )
}
