/**
 * The evening's alerts, in "After the evening": each guest's call for help with its reason, note,
 * when it was raised and how it ended (answered by whom and when, cancelled, or never answered). A
 * host turns one into a report about another paid guest of the date: the guest who raised it is the
 * reporter, and the report joins the others on the reports page, for the moderation ladder.
 */

import { Link } from '@tanstack/react-router'
import { AFTER_MESSAGES, REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason } from '@yaari/domain/after-night'
import type { EventId } from '@yaari/domain/catalogue'
import { HELP_MESSAGES, HELP_REASON_LABELS, type HostAlertView, reportAlertCall } from '@yaari/domain/help'
import type { GuestRow } from '@yaari/domain/host'
import { formatIstClock } from '@yaari/domain/schedule'
import { useState } from 'react'
import { cx } from 'styled-system/css'
import { flow, wrap } from 'styled-system/patterns'
import { card, chip, heading, link, text } from 'styled-system/recipes'
import * as v from 'valibot'
import { call, useAction } from '../../lib/call'
import { Button } from '../../ui/button'
import { SelectField, TextAreaField } from '../../ui/field'
import { HOST_WORDS } from './host-words'
import type { DateHelpState } from './use-date-help'

interface Where {
  eventId: EventId
  date: string
}

const REASON = v.picklist(REPORT_REASONS)
/** The messages shown beside their fields; any other is shown under the form. */
const FIELD_MESSAGES: readonly string[] = [
  HELP_MESSAGES.reportAbout,
  AFTER_MESSAGES.reportReason,
  AFTER_MESSAGES.reportText,
]
const REASONS = REPORT_REASONS.map((value) => ({ value, label: REPORT_REASON_LABELS[value] }))
const at = (iso: string) => formatIstClock(new Date(iso))

/** How the alert ended, in one line. */
function outcome(alert: HostAlertView): string {
  if (alert.state === 'cancelled') return 'Cancelled by the guest'
  if (alert.state === 'answered' && alert.answer) {
    return `Answered at ${at(alert.answer.at)} by ${alert.answeredBy ?? 'a host'}: ${alert.answer.words}`
  }
  return 'Never answered'
}

/** The report form of one alert: whom it is about (another paid guest), why, and what happened. */
function ReportForm({
  alert,
  guests,
  dateHelp,
  onDone,
  ...where
}: Where & { alert: HostAlertView; guests: readonly GuestRow[]; dateHelp: DateHelpState; onDone: () => void }) {
  const others = guests
    .filter((guest) => guest.state === 'paid' && guest.orderId && guest.orderId !== alert.orderId)
    .map((guest) => ({ value: guest.orderId!, label: guest.name }))
  const [about, setAbout] = useState('')
  const [reason, setReason] = useState('')
  const [words, setWords] = useState(alert.note ?? '')
  const filing = useAction(async (reason: ReportReason) => {
    const result = await call(reportAlertCall, {
      eventId: where.eventId,
      eventDate: where.date,
      alertId: alert.alertId,
      orderId: about,
      reason,
      text: words,
    })
    dateHelp.settle(result.alert)
    onDone()
  }, HOST_WORDS)
  const check = () => {
    if (!about) return filing.setError(HELP_MESSAGES.reportAbout)
    if (!v.is(REASON, reason)) return filing.setError(AFTER_MESSAGES.reportReason)
    if (!words.trim()) return filing.setError(AFTER_MESSAGES.reportText)
    void filing.run(reason)
  }
  const fieldError = (message: string) => (filing.error === message ? message : undefined)
  return (
    <form
      className={flow({ gap: '2' })}
      aria-label={`Report from ${alert.guestName}’s alert`}
      onSubmit={(event) => {
        event.preventDefault()
        check()
      }}
    >
      <SelectField
        label="About"
        options={others}
        value={about}
        onChange={(event) => setAbout(event.target.value)}
        error={fieldError(HELP_MESSAGES.reportAbout)}
      />
      <SelectField
        label="What happened?"
        options={REASONS}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={fieldError(AFTER_MESSAGES.reportReason)}
      />
      <TextAreaField
        label="What the report says"
        value={words}
        rows={3}
        onChange={(event) => setWords(event.target.value)}
        error={fieldError(AFTER_MESSAGES.reportText)}
      />
      {filing.error && !FIELD_MESSAGES.includes(filing.error) ? (
        <p role="alert" className={text({ tone: 'error', size: 'sm' })}>
          {filing.error}
        </p>
      ) : null}
      <div className={wrap({ gap: '2' })}>
        <Button type="submit" size="sm" loading={filing.busy} loadingText="Filing…">
          File the report
        </Button>
        <Button type="button" size="sm" variant="ghost" disabled={filing.busy} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

function NightAlert({
  alert,
  guests,
  dateHelp,
  editable,
  ...where
}: Where & { alert: HostAlertView; guests: readonly GuestRow[]; dateHelp: DateHelpState; editable: boolean }) {
  const [reporting, setReporting] = useState(false)
  const [filed, setFiled] = useState(false)
  const styles = card({ variant: 'outline', size: 'compact' })
  return (
    <li className={cx(styles.root, flow({ gap: '1' }))}>
      <p className={text({ weight: 'semibold' })}>
        {alert.guestName}: {HELP_REASON_LABELS[alert.reason]}
      </p>
      {alert.note ? <p>“{alert.note}”</p> : null}
      <p className={text({ size: 'sm', tone: 'muted' })}>
        Raised at {at(alert.raisedAt)} · {outcome(alert)}
        {alert.escalated ? ' · the admins were told' : ''}
      </p>
      {alert.reported ? (
        <p role={filed ? 'status' : undefined} className={wrap({ gap: '2', alignItems: 'center' })}>
          <span className={chip({ variant: 'subtle' }).root}>Turned into a report</span>
          <Link to="/host/reports" className={link()}>
            See the reports
          </Link>
        </p>
      ) : editable && reporting ? (
        <ReportForm
          {...where}
          alert={alert}
          guests={guests}
          dateHelp={dateHelp}
          onDone={() => {
            setReporting(false)
            setFiled(true)
          }}
        />
      ) : editable ? (
        <div>
          <Button size="sm" variant="outline" onClick={() => setReporting(true)}>
            Turn into a report
          </Button>
        </div>
      ) : null}
    </li>
  )
}

/** The date's alerts in the order they came; nothing when no guest asked for help. */
export function NightAlerts({
  dateHelp,
  guests,
  editable,
  ...where
}: Where & { dateHelp: DateHelpState; guests: readonly GuestRow[]; editable: boolean }) {
  const alerts = [...(dateHelp.help?.alerts ?? [])].sort((a, b) => Date.parse(a.raisedAt) - Date.parse(b.raisedAt))
  if (alerts.length === 0) return null
  return (
    <>
      <h3 className={heading({ level: 'sub' })}>Alerts during the evening</h3>
      <ul aria-label="Alerts during the evening" className={flow({ gap: '2' })}>
        {alerts.map((alert) => (
          <NightAlert
            key={alert.alertId}
            {...where}
            alert={alert}
            guests={guests}
            dateHelp={dateHelp}
            editable={editable}
          />
        ))}
      </ul>
    </>
  )
}
