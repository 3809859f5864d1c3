/**
 * A date's groups on its console page: the planner's proposal, a move of any guest to another group
 * (a native select named for the guest, and a button: keyboard and screen reader alike), a lock per group, a re-plan of the
 * unlocked ones, and the publish that shows each guest their group at the reveal. What changed since
 * publishing (a cancellation, a late booking) is listed. Read from Yaari when the page opens: it is
 * not kept on the phone.
 */
import { enumLabel } from '@yaari/domain/booking'
import { errorCode } from '@yaari/domain/error-code'
import {
  changeSeatingCall,
  type GroupView,
  getSeatingCall,
  type SeatingChange,
  type SeatingView,
} from '@yaari/domain/groups'
import { formatIstClockOnDay, formatIstDateTime } from '@yaari/domain/schedule'
import { sharedReason } from '@yaari/domain/seating'
import { useCallback, useEffect, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { flex, flow, visuallyHidden, wrap } from 'styled-system/patterns'
import { bullets, card, field, heading, text, toolbar } from 'styled-system/recipes'
import { call, spokenMessage, useAction } from '../../lib/call'
import { Button } from '../../ui/button'
import { CheckboxField } from '../../ui/checkbox'
import { ConfirmDialog } from '../../ui/confirm-dialog'

const WORDS = { offline: 'You’re offline: the groups need a connection.' }

/** "1 guest", "6 guests". */
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`

const revealLine = (view: SeatingView) =>
  `Each guest sees their group on their ticket from ${formatIstClockOnDay(new Date(view.revealAt))}. Groups of about ${view.size}.`

function statusLine(view: SeatingView) {
  if (view.status === 'none') return 'No groups yet: plan them from the paid guests.'
  if (view.status === 'draft') return 'Not published: guests do not see these groups yet.'
  const when = view.publishedAt ? formatIstDateTime(new Date(view.publishedAt)) : ''
  return view.unpublishedChanges
    ? `Published ${when}. You have changes guests do not see yet: publish them.`
    : `Published ${when}.`
}

/** The answer to a change: what it did (a status), or why it was refused (an alert); `orderId` for a move. */
interface Notice {
  text: string
  refused: boolean
  orderId?: string
}

/**
 * The live line for every answer, kept on the page (empty at first) so each answer is announced.
 * A move's answer is shown on its guest's row instead, where the host tapped: the line then carries
 * it for screen readers only.
 */
function NoticeLine({ notice, onRow }: { notice: Notice | undefined; onRow: boolean }) {
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

function GroupCard({
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
  change: (change: SeatingChange, name?: string) => void
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

export function GroupsSection({ eventId, date, editable }: { eventId: string; date: string; editable: boolean }) {
  const [view, setView] = useState<SeatingView>()
  // What the last change did (a status), or why it was refused (an alert); a move's is said on its guest's row.
  const [notice, setNotice] = useState<Notice>()
  const moving = useRef<string | undefined>(undefined)
  const [loadError, setLoadError] = useState<string>()
  // Re-planning undoes every move in the unlocked groups: asked first.
  const [asking, setAsking] = useState(false)
  // The guest just moved: their row's select gets the focus back in its new group.
  const [moved, setMoved] = useState<string>()
  const load = useCallback(async () => {
    try {
      setView((await call(getSeatingCall, { eventId, eventDate: date })).seating)
      setLoadError(undefined)
    } catch (error) {
      setLoadError(spokenMessage(error, WORDS))
    }
  }, [eventId, date])
  useEffect(() => {
    void load()
  }, [load])
  useEffect(() => {
    if (moved && view) document.getElementById(`move-${moved}`)?.focus()
  }, [moved, view])
  const changing = useAction(
    async (change: SeatingChange, done: string) => {
      setNotice(undefined)
      try {
        const answer = await call(changeSeatingCall, { eventId, eventDate: date, version: view?.version ?? 0, change })
        setView(answer.seating)
        setNotice({ text: done, refused: false, ...(change.kind === 'move' ? { orderId: change.orderId } : {}) })
        if (change.kind === 'move') setMoved(change.orderId)
      } catch (error) {
        // Another host changed them since: shown again as they now stand, with the reason.
        if (errorCode(error) === 'functions/aborted') await load()
        throw error
      }
    },
    WORDS,
    (text) => setNotice({ text, refused: true, ...(moving.current ? { orderId: moving.current } : {}) }),
  )
  // A move's answer goes on its guest's row while that row is there (a guest who left has none).
  const onRow =
    notice?.orderId !== undefined &&
    (view?.groups.some((group) => group.guests.some((guest) => guest.orderId === notice.orderId)) ?? false)
  const change = (next: SeatingChange, name?: string) => {
    moving.current = next.kind === 'move' ? next.orderId : undefined
    const done =
      next.kind === 'plan'
        ? 'Groups planned: publish them when they look right.'
        : next.kind === 'publish'
          ? 'Groups published: each guest sees theirs at the reveal.'
          : next.kind === 'lock'
            ? `Group ${next.group} is ${next.locked ? 'locked' : 'unlocked'}.`
            : `${name ?? 'The guest'} moved to group ${next.group}.`
    void changing.run(next, done)
  }

  return (
    <section aria-labelledby="groups" className={flow({ gap: '3' })}>
      <h2 id="groups" className={heading({ level: 'section' })}>
        Groups
      </h2>
      {view ? (
        <>
          <p>{revealLine(view)}</p>
          <p className={text({ weight: 'semibold' })}>{statusLine(view)}</p>
          {view.changes.length > 0 ? (
            <div>
              <p>Since publishing:</p>
              <ul className={bullets()}>
                {view.changes.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {/* Planning, publishing and locks are answered here, beside their buttons. */}
          <NoticeLine notice={notice} onRow={onRow} />
          {editable && view.status !== 'none' ? (
            <p className={text({ size: 'sm', tone: 'muted' })}>Lock a group to keep it as it is when you re-plan.</p>
          ) : null}
          {editable ? (
            <div className={wrap({ gap: '2' })}>
              <Button
                size="sm"
                variant="outline"
                loading={changing.busy}
                onClick={() => (view.status === 'none' ? change({ kind: 'plan' }) : setAsking(true))}
              >
                {view.status === 'none' ? 'Plan groups' : 'Re-plan unlocked groups'}
              </Button>
              {view.status !== 'none' ? (
                // The next step only while guests would see something new; otherwise a quiet button.
                <Button
                  size="sm"
                  variant={view.status === 'draft' || view.unpublishedChanges ? 'solid' : 'outline'}
                  loading={changing.busy}
                  onClick={() => change({ kind: 'publish' })}
                >
                  Publish groups
                </Button>
              ) : null}
            </div>
          ) : null}
          <ConfirmDialog
            open={asking}
            onOpenChange={setAsking}
            title="Re-plan the unlocked groups?"
            description="Every guest of a group that is not locked is seated again, and the moves made in those groups are undone. Locked groups stay as they are."
            busy={changing.busy}
            onConfirm={() => {
              setAsking(false)
              change({ kind: 'plan' })
            }}
          >
            Re-plan
          </ConfirmDialog>
          {view.groups.length > 0 ? (
            <ul className={flow({ gap: '3' })} aria-label="Groups">
              {view.groups.map((group) => (
                <GroupCard
                  key={group.number}
                  group={group}
                  groups={view.groups}
                  busy={changing.busy || !editable}
                  {...(onRow && notice ? { answer: notice } : {})}
                  change={change}
                />
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <p role="status" className={text({ size: 'sm', tone: 'muted' })}>
          {loadError ?? 'Loading the groups…'}
        </p>
      )}
    </section>
  )
}
