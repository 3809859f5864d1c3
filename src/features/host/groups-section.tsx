/**
 * A date's groups on its console page: the planner's proposal, a move of any guest to another group
 * (a native select named for the guest, and a button: keyboard and screen reader alike), a lock per group, a re-plan of the
 * unlocked ones, and the publish that shows each guest their group at the reveal. What changed since
 * publishing (a cancellation, a late booking) is listed. Asked from Yaari by the route's loader as
 * the page loads (and again after another host's change): it is not kept on the phone. Each group
 * is drawn by group-card.tsx.
 */

import { errorCode } from '@yaari/domain/error-code'
import { changeGroupsCall, type GroupChange, type GroupsView, getGroupsCall } from '@yaari/domain/groups'
import { formatIstClockOnDay, formatIstDateTime } from '@yaari/domain/schedule'
import { useEffect, useRef, useState } from 'react'
import { flow, wrap } from 'styled-system/patterns'
import { bullets, heading, text } from 'styled-system/recipes'
import { call, useAction } from '../../lib/call'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { type Answer, useAnswer } from './answer'
import { GroupCard, type Notice, NoticeLine } from './group-card'

const WORDS = { offline: 'You’re offline: the groups need a connection.' }

const revealLine = (view: GroupsView) =>
  `Each guest sees their group on their ticket from ${formatIstClockOnDay(new Date(view.revealAt))}. Groups of about ${view.size}.`

function statusLine(view: GroupsView) {
  if (view.status === 'none') return 'No groups yet: plan them from the paid guests.'
  if (view.status === 'draft') return 'Not published: guests do not see these groups yet.'
  const when = view.publishedAt ? formatIstDateTime(new Date(view.publishedAt)) : ''
  return view.unpublishedChanges
    ? `Published ${when}. You have changes guests do not see yet: publish them.`
    : `Published ${when}.`
}

export function GroupsSection({
  eventId,
  date,
  dateGroups,
  editable,
}: {
  eventId: string
  date: string
  /** The groups as the route's loader asked for them. */
  dateGroups: Promise<Answer<GroupsView> | undefined>
  editable: boolean
}) {
  const { answer: loaded, setAnswer, reload } = useAnswer(dateGroups)
  const view = loaded?.value
  const loadError = loaded?.error
  // What the last change did (a status), or why it was refused (an alert); a move's is said on its guest's row.
  const [notice, setNotice] = useState<Notice>()
  const moving = useRef<string | undefined>(undefined)
  // Re-planning undoes every move in the unlocked groups: asked first.
  const [asking, setAsking] = useState(false)
  // The guest just moved: their row's select gets the focus back in its new group.
  const [moved, setMoved] = useState<string>()
  // Shown again as they now stand (another host changed them since).
  const load = () => reload(call(getGroupsCall, { eventId, eventDate: date }).then((answer) => answer.dateGroups))
  useEffect(() => {
    if (moved && view) document.getElementById(`move-${moved}`)?.focus()
  }, [moved, view])
  const changing = useAction(
    async (change: GroupChange, done: string) => {
      setNotice(undefined)
      try {
        const answer = await call(changeGroupsCall, { eventId, eventDate: date, version: view?.version ?? 0, change })
        setAnswer({ value: answer.dateGroups })
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
  const change = (next: GroupChange, name?: string) => {
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
