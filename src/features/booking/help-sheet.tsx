/**
 * "Need help?" on a ticket during its evening: a sheet that opens with no signal at all, with the
 * emergency numbers (108, 112), Yaari's 24/7 line and the emergency WhatsApp as links the phone
 * dials (they come with the app, so they are on the device with the ticket); and, for the guest,
 * "Alert the coordinator" with a reason and a note. An alert tapped offline is kept on the phone and
 * sent the moment the connection returns, and the member is told so; the coordinator's answer
 * ("Priya is on her way", or seen by the team) shows here when it comes.
 */
import {
  HELP_MESSAGES,
  HELP_REASON_LABELS,
  HELP_REASONS,
  type HelpReason,
  type MemberAlertView,
} from '@yaari/domain/help'
import { formatIstClock } from '@yaari/domain/schedule'
import { SITE } from '@yaari/domain/site'
import { useEffect, useState } from 'react'
import { grid } from 'styled-system/patterns'
import { button, text } from 'styled-system/recipes'
import { spokenMessage } from '../../lib/call'
import { useOnline } from '../../lib/use-online'
import { Button } from '../../ui/button'
import { SingleChoiceCards } from '../../ui/choice-cards'
import { Dialog } from '../../ui/dialog'
import { TextAreaField } from '../../ui/field'
import { cancelHelp, queuedAlerts, queueHelp, raiseHelp, sendQueuedAlerts, useMyAlerts } from './help-alerts'

/** What the phone can dial or open with no signal to reach Yaari. */
const EMERGENCY = [
  { label: 'Ambulance: 108', href: 'tel:108' },
  { label: 'Emergency: 112', href: 'tel:112' },
  { label: `Yaari 24/7: ${SITE.phone}`, href: SITE.phoneHref },
  { label: 'Emergency WhatsApp', href: SITE.emergencyWhatsappHref },
] as const

const WORDS = { offline: HELP_MESSAGES.queued }

export function HelpSheet({ orderId }: { orderId: string }) {
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState<HelpReason>()
  const [note, setNote] = useState('')
  const [said, setSaid] = useState<{ tone: 'status' | 'alert'; text: string }>()
  const [busy, setBusy] = useState(false)
  const online = useOnline()
  const { alerts, reread } = useMyAlerts(orderId, open)
  const queued = queuedAlerts(orderId).length

  // Back online: what was tapped offline goes now, and the member is told.
  useEffect(() => {
    if (!online) return
    void sendQueuedAlerts().then((sent) => {
      if (sent > 0) {
        setSaid({ tone: 'status', text: HELP_MESSAGES.sent })
        reread()
      }
    })
  }, [online, reread])

  const alertCoordinator = async () => {
    if (!reason) {
      setSaid({ tone: 'alert', text: 'Choose what is happening' })
      return
    }
    if (!navigator.onLine) {
      queueHelp({ orderId, reason, note })
      setSaid({ tone: 'status', text: HELP_MESSAGES.queued })
      return
    }
    setBusy(true)
    try {
      await raiseHelp({ orderId, reason, note })
      setSaid({ tone: 'status', text: HELP_MESSAGES.sent })
      setNote('')
      reread()
    } catch (error) {
      setSaid({ tone: 'alert', text: spokenMessage(error, WORDS) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Button variant="outline" size="lg" onClick={() => setOpen(true)}>
        {HELP_MESSAGES.needHelp}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={HELP_MESSAGES.needHelp}>
        <div className={grid({ gap: '4' })}>
          <ul className={grid({ gap: '2' })} aria-label="Emergency numbers">
            {EMERGENCY.map((entry) => (
              <li key={entry.href}>
                <a href={entry.href} className={button({ variant: 'outline' })}>
                  {entry.label}
                </a>
              </li>
            ))}
          </ul>
          <form
            noValidate
            aria-label={HELP_MESSAGES.alert}
            className={grid({ gap: '3' })}
            onSubmit={(event) => {
              event.preventDefault()
              void alertCoordinator()
            }}
          >
            <SingleChoiceCards
              label="What is happening?"
              options={HELP_REASONS.map((value) => ({ value, label: HELP_REASON_LABELS[value] }))}
              value={reason}
              onChange={(value) => setReason(HELP_REASONS.find((known) => known === value))}
            />
            <TextAreaField
              label="A note for the coordinator (optional)"
              value={note}
              maxLength={300}
              onChange={(event) => setNote(event.target.value)}
            />
            {said ? (
              <p role={said.tone} className={text({ tone: said.tone === 'alert' ? 'error' : undefined })}>
                {said.text}
              </p>
            ) : null}
            <Button type="submit" loading={busy} loadingText="Alerting…">
              {HELP_MESSAGES.alert}
            </Button>
          </form>
          <AlertList alerts={alerts} queued={queued} onCancel={(alertId) => void cancelHelp(alertId).then(reread)} />
        </div>
      </Dialog>
    </>
  )
}

function AlertList({
  alerts,
  queued,
  onCancel,
}: {
  alerts: MemberAlertView[]
  queued: number
  onCancel: (alertId: string) => void
}) {
  if (alerts.length === 0 && queued === 0) return null
  return (
    <ul aria-label="Your alerts" className={grid({ gap: '2' })}>
      {queued > 0 ? <li>{HELP_MESSAGES.queued}</li> : null}
      {alerts.map((alert) => (
        <li key={alert.alertId}>
          <span className={text({ weight: 'semibold' })}>{HELP_REASON_LABELS[alert.reason]}</span> (
          {formatIstClock(new Date(alert.raisedAt))}):{' '}
          {alert.answer
            ? `${alert.answer.words}, ${formatIstClock(new Date(alert.answer.at))}`
            : alert.state === 'cancelled'
              ? HELP_MESSAGES.cancelled
              : 'Waiting for the coordinator…'}{' '}
          {alert.state === 'open' ? (
            <Button variant="ghost" size="sm" onClick={() => onCancel(alert.alertId)}>
              Cancel this alert
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
