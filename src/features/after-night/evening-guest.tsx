/**
 * One of the evening's other guests: pick them to meet again, report them, or block them. Their
 * buttons share one busy and error state, so a pick and a block never run at once.
 */
import { type AfterNightView, blockGuestCall, type GuestView, pickGuestCall } from '@yaari/domain/after-night'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { circle, flex, flow, wrap } from 'styled-system/patterns'
import { card, chip, heading } from 'styled-system/recipes'
import { call, useAction } from '../../lib/call'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { showToast } from '../../ui/toast'
import { AFTER_WORDS } from './after-night-calls'
import { ErrorLine } from './error-line'
import { ReportDialog } from './report-dialog'

export function EveningGuest({
  guest,
  view,
  onChanged,
}: {
  guest: GuestView
  view: AfterNightView
  onChanged: (next?: Partial<GuestView>) => void
}) {
  const [blocking, setBlocking] = useState(false)
  const [reporting, setReporting] = useState(false)
  const { busy, error, run } = useAction((change: () => Promise<void>) => change(), AFTER_WORDS)
  const styles = card({ variant: 'outline' })

  const pick = async () => {
    const answer = await call(pickGuestCall, { orderId: view.orderId, guestId: guest.guestId, picked: !guest.picked })
    onChanged({ picked: answer.picked, connected: answer.connected })
    if (answer.connected && !guest.connected) {
      void showToast({ title: `You and ${guest.firstName} picked each other!`, type: 'success' })
    }
  }

  const block = async () => {
    await call(blockGuestCall, { orderId: view.orderId, guestId: guest.guestId })
    setBlocking(false)
    void showToast({ title: `${guest.firstName} is blocked.`, type: 'success' })
    onChanged()
  }

  return (
    <li className={cx(styles.root, styles.body, flow({ gap: '3' }))}>
      <div className={wrap({ gap: '3', alignItems: 'center' })}>
        {guest.photoUrl ? (
          <img
            src={guest.photoUrl}
            alt=""
            width={48}
            height={48}
            className={circle({ size: '12', objectFit: 'cover' })}
          />
        ) : (
          <span aria-hidden="true" className={circle({ size: '12', bg: 'accent.subtle', fontWeight: 'bold' })}>
            {guest.firstName.slice(0, 1)}
          </span>
        )}
        <h3 className={heading({ level: 'card' })}>{guest.firstName}</h3>
        {guest.myGroup ? <span className={chip({ variant: 'muted' }).root}>Your group</span> : null}
        {guest.connected ? <span className={chip({ variant: 'subtle' }).root}>Connected</span> : null}
      </div>
      <div className={wrap({ gap: '2' })}>
        {view.open ? (
          <Button
            variant={guest.picked ? 'solid' : 'outline'}
            aria-pressed={guest.picked}
            loading={busy}
            onClick={() => void run(pick)}
          >
            {guest.picked ? 'Would meet again' : 'Meet again?'}
            <span className={css({ srOnly: true })}> {guest.firstName}</span>
          </Button>
        ) : null}
        {/* Report and Block stay together on a narrow phone: neither wraps to a line of its own. */}
        <div className={flex({ gap: '2' })}>
          {view.open && !guest.reported ? (
            <Button variant="ghost" onClick={() => setReporting(true)}>
              Report<span className={css({ srOnly: true })}> {guest.firstName}</span>
            </Button>
          ) : null}
          <Button variant="ghost" onClick={() => setBlocking(true)}>
            Block<span className={css({ srOnly: true })}> {guest.firstName}</span>
          </Button>
        </div>
      </div>
      <ErrorLine error={error} />
      <ConfirmDialog
        open={blocking}
        onOpenChange={setBlocking}
        title={`Block ${guest.firstName}?`}
        description="You will never see each other in these lists again, and you can never connect. They are not told."
        busy={busy}
        onConfirm={() => void run(block)}
      >
        Block {guest.firstName}
      </ConfirmDialog>
      {reporting ? (
        <ReportDialog
          orderId={view.orderId}
          guest={guest}
          onClose={(sent) => {
            setReporting(false)
            if (sent) onChanged({ reported: true })
          }}
        />
      ) : null}
    </li>
  )
}
