/**
 * One group on a date's console page (its guests, each with a move to another group, and its
 * lock), and the line that says what a change did: the parts of groups-section.tsx.
 */
import { enumLabel } from '@yaari/domain/booking'
import type { GroupChange, GroupView } from '@yaari/domain/groups'
import { sharedReason } from '@yaari/domain/groups-planner'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { flex, flow, visuallyHidden } from 'styled-system/patterns'
import { card, field, heading, text, toolbar } from 'styled-system/recipes'
import { Button } from '../../ui/button'
import { CheckboxField } from '../../ui/checkbox'

/** "1 guest", "6 guests". */
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`

/** The answer to a change: what it did (a status), or why it was refused (an alert); `orderId` for a move. */
export interface Notice {
  text: string
  refused: boolean
  orderId?: string
}

/**
 * The live line for every answer, kept on the page (empty at first) so each answer is announced.
 * A move's answer is shown on its guest's row instead, where the host tapped: the line then carries
 * it for screen readers only.
 */
export function NoticeLine({ notice, onRow }: { notice: Notice | undefined; onRow: boolean }) {
  return (
    <p role={notice?.refused ? 'alert' : 'status'} className={onRow ? visuallyHidden() : text({ weight: 'semibold' })}>
      {notice?.text}
    </p>
  )
}

function GuestMove({
  guest,
  group,
  groups,
  disabled,
  answer,
  onMove,
}: {
  guest: GroupView['guests'][number]
  group: GroupView
  groups: GroupView[]
  disabled: boolean
  /** What the last move of this guest did, or why it was refused: said where it was asked. */
  answer?: Notice
  onMove: (orderId: string, to: number, name: string) => void
}) {
  const [to, setTo] = useState('')
  const others = groups.filter((other) => other.number !== group.number && !other.locked)
  const id = `move-${guest.orderId}`
  return (
    <li className={flex({ align: 'center', justify: 'space-between', gap: '2', wrap: 'wrap' })}>
      <span>
        <span className={text({ weight: 'semibold' })}>{guest.name}</span>
        {guest.food ? <span className={text({ size: 'sm', tone: 'muted' })}> · {enumLabel(guest.food)}</span> : null}
      </span>
      {group.locked || others.length === 0 ? null : (
        <span className={flex({ gap: '2', align: 'center' })}>
          <label htmlFor={id} className={text({ size: 'sm' })}>
            Move<span className={visuallyHidden()}> {guest.name}</span> to
          </label>
          <select
            id={id}
            className={cx(field().input, css({ w: 'auto', minW: '0' }))}
            value={to}
            disabled={disabled}
            onChange={(event) => setTo(event.target.value)}
          >
            <option value="">Group…</option>
            {others.map((other) => (
              <option key={other.number} value={String(other.number)}>
                Group {other.number}
              </option>
            ))}
          </select>
          <Button
            size="sm"
            variant="outline"
            disabled={disabled || !to}
            onClick={() => {
              onMove(guest.orderId, Number(to), guest.name)
              setTo('')
            }}
          >
            Move<span className={visuallyHidden()}> {guest.name}</span>
          </Button>
        </span>
      )}
      {answer ? (
        // Seen here; heard from the section's live line (a line added with its words is not always read out).
        <p aria-hidden="true" className={cx(text({ weight: 'semibold' }), css({ flexBasis: 'full' }))}>
          {answer.text}
        </p>
      ) : null}
    </li>
  )
}

export function GroupCard({
  group,
  groups,
  busy,
  answer,
  change,
}: {
  group: GroupView
  groups: GroupView[]
  busy: boolean
  answer?: Notice
  change: (change: GroupChange, name?: string) => void
}) {
  const styles = card({ variant: 'outline', size: 'compact' })
  const bar = toolbar()
  const reason = sharedReason(group.shared)
  return (
    <li className={cx(styles.root, styles.body)} aria-labelledby={`group-${group.number}`}>
      <div className={bar.root}>
        <h3 id={`group-${group.number}`} className={cx(heading({ level: 'card' }), bar.title)}>
          Group {group.number}
        </h3>
        <CheckboxField
          label={`Lock group ${group.number}`}
          checked={group.locked}
          disabled={busy}
          onChange={(locked) => change({ kind: 'lock', group: group.number, locked })}
        />
      </div>
      <p className={text({ size: 'sm', tone: 'muted' })}>
        {count(group.guests.length, 'guest')}: {count(group.girls, 'girl')}, {count(group.boys, 'boy')}
        {reason ? `. ${reason}` : ''}
      </p>
      {group.warning ? <p className={text({ weight: 'semibold', tone: 'error' })}>{group.warning}</p> : null}
      <ul className={flow({ gap: '2' })} aria-label={`Guests of group ${group.number}`}>
        {group.guests.map((guest) => (
          <GuestMove
            key={guest.orderId}
            guest={guest}
            group={group}
            groups={groups}
            disabled={busy}
            {...(answer?.orderId === guest.orderId ? { answer } : {})}
            onMove={(orderId, to, name) => change({ kind: 'move', orderId, group: to }, name)}
          />
        ))}
      </ul>
    </li>
  )
}
