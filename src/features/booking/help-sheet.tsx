/**
 * "Need help?" on a ticket around its evening: a sheet that opens with no signal at all, with the
 * emergency numbers (108, 112), Yaari's 24/7 line and the emergency WhatsApp as links the phone
 * dials (they come with the app, so they are on the device with the ticket); and, for the guest,
 * "Alert the coordinator" with a reason and a note. An alert tapped offline, or whose send failed
 * on a line that is dead or hangs, is kept on the phone and sent when the connection works, and the
 * member is told so; one the server refuses (not the evening, no seat, too many) says why. The
 * coordinator's answer ("Priya is on her way", or seen by the team) shows here when it comes.
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
import { useCallback, useEffect, useState } from 'react'
import { grid } from 'styled-system/patterns'
import { button, text } from 'styled-system/recipes'
import { UNEXPECTED } from '../../lib/call'
import { useOnline } from '../../lib/use-online'
import { Button } from '../../ui/button'
import { SingleChoiceCards } from '../../ui/choice-cards'
import { Dialog } from '../../ui/dialog'
import { TextAreaField } from '../../ui/field'
import { cancelHelp, queuedAlerts, raiseHelp, sendQueuedAlerts, useMyAlerts } from './help-alerts'

/** What the phone can dial or open with no signal to reach Yaari. */
const EMERGENCY = [
  { label: 'Ambulance: 108', href: 'tel:108' },
  { label: 'Emergency: 112', href: 'tel:112' },
  { label: `Yaari 24/7: ${SITE.phone}`, href: SITE.phoneHref },
  { label: 'Emergency WhatsApp', href: SITE.emergencyWhatsappHref },
] as const

/** While alerts wait on the phone, how often they are tried again: a line that hangs never says it is back. */
const RETRY_MS = 15_000

export function HelpSheet({ orderId }: { orderId: string }) {
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState<HelpReason>()
  const [note, setNote] = useState('')
  const [said, setSaid] = useState<{ tone: 'status' | 'alert'; text: string }>()
  const [busy, setBusy] = useState(false)
  const online = useOnline()
  const { alerts, reread } = useMyAlerts(orderId, open)
  const [queued, setQueued] = useState(() => queuedAlerts(orderId).length)

  // What waits on the phone goes, and the member is told: that the coordinator has it, or why the
  // server refused one (it is not kept: sent again, it would be refused again).
  const sendQueued = useCallback(async () => {
    const { sent, refused } = await sendQueuedAlerts(orderId)
    setQueued(queuedAlerts(orderId).length)
    if (sent === 0 && refused.length === 0) return
    const words = [...(sent > 0 ? [HELP_MESSAGES.sent] : []), ...new Set(refused)]
    setSaid({ tone: refused.length > 0 ? 'alert' : 'status', text: words.join(' ') })
    reread()
  }, [orderId, reread])

  // Back online: what was tapped offline goes now.
  useEffect(() => {
    if (online) void sendQueued()
  }, [online, sendQueued])
  // Opened: tried at once, as the guest is looking for an answer.
  useEffect(() => {
    if (open) void sendQueued()
  }, [open, sendQueued])
  // A connection that hangs, or drops while the phone still says it is online, never fires
  // `online`: while alerts wait, they are tried again every few seconds.
  useEffect(() => {
    if (queued === 0) return
    const timer = setInterval(() => void sendQueued(), RETRY_MS)
    return () => clearInterval(timer)
  }, [queued, sendQueued])

  const alertCoordinator = async () => {
    if (!reason) {
      setSaid({ tone: 'alert', text: 'Choose what is happening' })
      return
    }
    setBusy(true)
    try {
      const outcome = await raiseHelp({ orderId, reason, note })
      if (outcome.state === 'refused') {
        setSaid({ tone: 'alert', text: outcome.message })
        return
      }
      setSaid({ tone: 'status', text: outcome.state === 'sent' ? HELP_MESSAGES.sent : HELP_MESSAGES.queued })
      setNote('')
      setQueued(queuedAlerts(orderId).length)
      if (outcome.state === 'sent') reread()
    } catch {
      // The phone could not keep it (its storage full or blocked): the numbers above still dial.
      setSaid({ tone: 'alert', text: UNEXPECTED })
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
