import type { VenueBrief } from '@yaari/domain/booking'
import type { EventId } from '@yaari/domain/catalogue'
import {
  exportGuestListCall,
  type HostActionResult,
  hostCancelDateCall,
  MESSAGE_SUBJECT_MAX,
  MESSAGE_TEXT_MAX,
  messageGuestsCall,
  setCapacityCall,
  setSalesCall,
  shareVenueCall,
  shareVenueProblem,
} from '@yaari/domain/host'
import { type FormEvent, useState } from 'react'
import { cx } from 'styled-system/css'
import { grid, wrap } from 'styled-system/patterns'
import { button, card, heading } from 'styled-system/recipes'
import { call, useAction } from '../../lib/call'
import { useCatalogue } from '../../lib/catalogue'
import { saveFile } from '../../lib/save-file'
import { TextAreaField, TextField } from '../../ui/field'
import { HOST_WORDS } from './host-words'

/** A date action's button: busy while it runs; what went wrong is said at the top of the page (`say`). */
function useDateAction(action: () => Promise<void>, say: (message: string) => void) {
  return useAction(action, HOST_WORDS, say)
}

export function MessageForm({
  eventId,
  date,
  onDone,
}: {
  eventId: EventId
  date: string
  onDone: (notice: string) => void
}) {
  const [subject, setSubject] = useState('')
  const [body, setBody] = useState('')
  // One id per message written: a double tap or a retry of it sends nothing more.
  const [messageId, setMessageId] = useState(() => crypto.randomUUID())
  const send = useDateAction(async () => {
    const request = { eventId, eventDate: date, messageId, subject, text: body }
    const result = await call(messageGuestsCall, request)
    onDone(`Message sent to ${result.sent} ${result.sent === 1 ? 'guest' : 'guests'}.`)
    setSubject('')
    setBody('')
    setMessageId(crypto.randomUUID())
  }, onDone)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void send.run()
  }
  return (
    <Section title="Message the guests" id="message">
      <form onSubmit={submit} className={grid({ gap: '3' })}>
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
        <button type="submit" className={button()} disabled={send.busy}>
          {send.busy ? 'Sending…' : 'Send to paid guests'}
        </button>
      </form>
    </Section>
  )
}

export function DownloadCsv({
  eventId,
  date,
  onError,
}: {
  eventId: EventId
  date: string
  onError: (message: string) => void
}) {
  const download = useDateAction(async () => {
    const { filename, csv } = await call(exportGuestListCall, { eventId, eventDate: date })
    saveFile(filename, csv, 'text/csv;charset=utf-8')
  }, onError)
  return (
    <button
      type="button"
      className={button({ variant: 'outline', size: 'sm' })}
      disabled={download.busy}
      onClick={() => void download.run()}
    >
      {download.busy ? 'Preparing…' : 'Download CSV'}
    </button>
  )
}

export type Act = (run: () => Promise<HostActionResult>, done: string, unchanged: string) => Promise<boolean>

function Section({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  const styles = card({ variant: 'outline' })
  return (
    <section aria-labelledby={id} className={cx(styles.root, styles.body)}>
      <h2 id={id} className={heading({ level: 'card' })}>
        {title}
      </h2>
      {children}
    </section>
  )
}

export function VenueForm({
  eventId,
  date,
  shared,
  act,
}: {
  eventId: EventId
  date: string
  shared?: VenueBrief
  act: Act
}) {
  const catalogue = useCatalogue()
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
    const problem = shareVenueProblem(catalogue, request)
    setError(problem)
    if (problem) return
    await act(
      () => call(shareVenueCall, request),
      'Venue saved: members see it on their ticket and are emailed.',
      'That venue is already shared.',
    )
  }
  return (
    <Section title="Venue" id="venue">
      <form onSubmit={submit} noValidate className={grid({ gap: '3' })}>
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

export function CapacityForm({
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
      () => call(setCapacityCall, { eventId, eventDate: date, capacity: Number(value) }),
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

export function SalesToggle({ eventId, date, open, act }: { eventId: EventId; date: string; open: boolean; act: Act }) {
  const toggle = async () => {
    await act(
      () => call(setSalesCall, { eventId, eventDate: date, open: !open }),
      open ? 'Sales closed: nobody can book or join the waitlist.' : 'Sales reopened.',
      'Nothing changed.',
    )
  }
  return (
    <Section title="Sales" id="sales">
      <p>{open ? 'Members can book this date.' : 'Sales are closed for this date.'}</p>
      <button type="button" className={button({ variant: 'outline' })} onClick={toggle}>
        {open ? 'Close sales' : 'Reopen sales'}
      </button>
    </Section>
  )
}

export function CancelForm({ eventId, date, act }: { eventId: EventId; date: string; act: Act }) {
  const [confirm, setConfirm] = useState('')
  const [reason, setReason] = useState('')
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    await act(
      () => call(hostCancelDateCall, { eventId, eventDate: date, confirm, reason }),
      'Date cancelled: every member is refunded in full and told.',
      'This date was already cancelled.',
    )
  }
  return (
    <Section title="Cancel this date" id="cancel">
      <p>Everyone who paid is refunded in full and told; the waitlist is released.</p>
      <form onSubmit={submit} className={grid({ gap: '3' })}>
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
