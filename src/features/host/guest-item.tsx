import { enumLabel } from '@yaari/domain/booking'
import {
  ENTERED_UNPAID_LABELS,
  type GuestRow,
  MODERATION_ACTIONS,
  MODERATION_LABELS,
  type ModerationAction,
} from '@yaari/domain/host'
import { GENDER_LABELS } from '@yaari/domain/profile-choices'
import { formatIstClock, formatIstDateTime, formatLongDate } from '@yaari/domain/schedule'
import { type FormEvent, useState } from 'react'
import { cx } from 'styled-system/css'
import { grid, wrap } from 'styled-system/patterns'
import { button, card, chip, disclosure, link, text, toolbar } from 'styled-system/recipes'
import { SelectField, TextField } from '../../ui/field'

const STATE_LABELS: Record<GuestRow['state'], string> = {
  paid: 'Paid',
  held: 'Held',
  offered: 'Offered a seat',
  waiting: 'Waiting',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
}

type Moderate = (action: ModerationAction | 'lift', reason: string, until?: string) => Promise<boolean>

export interface GuestActions {
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

export function GuestItem({ guest, actions }: { guest: GuestRow; actions?: GuestActions }) {
  const styles = card({ variant: 'outline', size: 'compact' })
  const bar = toolbar()
  const facts = [
    guest.age !== undefined ? `${guest.age}` : undefined,
    guest.gender ? (GENDER_LABELS[guest.gender as keyof typeof GENDER_LABELS] ?? guest.gender) : undefined,
    guest.tier ? enumLabel(guest.tier) : undefined,
    guest.foodPreference ? enumLabel(guest.foodPreference) : undefined,
    guest.drinkingPreference ? enumLabel(guest.drinkingPreference) : undefined,
  ].filter(Boolean)
  return (
    <li className={styles.root}>
      <div className={bar.root}>
        <span className={cx(text({ weight: 'semibold' }), bar.title)}>{guest.name}</span>
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
        {guest.mobileVerified ? ' (verified)' : ''}
        {guest.mobile ? ' · ' : ''}
        {guest.state === 'waiting' || guest.state === 'offered' ? 'Joined' : 'Booked'}{' '}
        {formatIstDateTime(new Date(guest.bookedAt))}
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
  const opens = disclosure()
  return (
    <details className={opens.root}>
      <summary className={opens.summary}>{summary}</summary>
      <form onSubmit={onSubmit} className={grid({ gap: '3' })}>
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
  const opens = disclosure()
  return (
    <details className={opens.root}>
      <summary className={opens.summary}>Moderate {name}</summary>
      <form onSubmit={submit} className={grid({ gap: '3' })}>
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
