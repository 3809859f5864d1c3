/**
 * Reports (/host/reports): what guests reported about other guests of the host's cities, open
 * ones first, each with the member's standing and earlier reports (never who reported). A host
 * resolves one with a step of the moderation ladder (the member is told by email, as from a guest
 * list) or dismisses it with a reason; the reporter is told their report was looked at.
 */
import { REPORT_REASON_LABELS, type ReportReason } from '@yaari/domain/after-night'
import {
  listReportsCall,
  MODERATION_LABELS,
  type ReportEntry,
  type ReportResolution,
  resolveReportCall,
} from '@yaari/domain/host'
import { formatIstClock, formatLongDate, istToday } from '@yaari/domain/schedule'
import { type FormEvent, useState } from 'react'
import { cx } from 'styled-system/css'
import { flow, wrap } from 'styled-system/patterns'
import { button, card, chip, heading, text, toolbar } from 'styled-system/recipes'
import { call, useAction } from '../../lib/call'
import { useCatalogue } from '../../lib/catalogue'
import { SelectField, TextField } from '../../ui/field'
import { type Answer, useAnswer } from './answer'
import { BackToConsole } from './console-link'
import { HOST_WORDS } from './host-words'

const RESOLUTION_LABELS: Record<ReportResolution, string> = { ...MODERATION_LABELS, dismiss: 'Dismiss' }
const STATUS_LABELS: Record<ReportEntry['status'], string> = {
  open: 'Open',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
}
const STANDING_LABELS = { warning: 'Warned', suspended: 'Suspended', banned: 'Banned' } as const

/** A moment as Bangalore reads it: the IST date and time (the UTC date would be a day early after 18:30 UTC). */
const when = (iso: string) => `${formatLongDate(istToday(new Date(iso)))}, ${formatIstClock(new Date(iso))}`

function ResolveForm({ report, onDone }: { report: ReportEntry; onDone: (message: string) => void }) {
  const [action, setAction] = useState<ReportResolution>('warn')
  const [reason, setReason] = useState('')
  const [until, setUntil] = useState('')
  const resolve = useAction(async () => {
    await call(resolveReportCall, {
      reportId: report.reportId,
      action,
      reason,
      ...(action === 'suspend' ? { until } : {}),
    })
    onDone(
      action === 'dismiss'
        ? `The report about ${report.member.firstName} is dismissed. The reporter is told it was looked at.`
        : `${RESOLUTION_LABELS[action]} for ${report.member.firstName}: they are told by email. The reporter is told it was looked at.`,
    )
  }, HOST_WORDS)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void resolve.run()
  }
  return (
    <form onSubmit={submit} className={flow({ gap: '3' })}>
      <SelectField
        label="Resolve with"
        value={action}
        onChange={(event) => setAction(event.target.value as ReportResolution)}
        options={(Object.keys(RESOLUTION_LABELS) as ReportResolution[]).map((value) => ({
          value,
          label: RESOLUTION_LABELS[value],
        }))}
      />
      {action === 'suspend' ? (
        <TextField label="Suspended until" type="date" value={until} onChange={(e) => setUntil(e.target.value)} />
      ) : null}
      <TextField
        label={action === 'dismiss' ? 'Why it is dismissed' : 'Reason (the member is told)'}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={resolve.error}
      />
      <button type="submit" className={cx(button({ size: 'sm' }))} disabled={resolve.busy}>
        {resolve.busy ? 'Saving…' : 'Resolve report'}
      </button>
    </form>
  )
}

function ReportItem({ report, onDone }: { report: ReportEntry; onDone: (message: string) => void }) {
  const catalogue = useCatalogue()
  const styles = card({ variant: 'outline' })
  const bar = toolbar()
  const event = catalogue.eventById(report.eventId)
  return (
    <li className={cx(styles.root, styles.body, flow({ gap: '3' }))}>
      <div className={bar.root}>
        <h2 className={cx(heading({ level: 'card' }), bar.title)}>
          {report.member.firstName}: {REPORT_REASON_LABELS[report.reason as ReportReason]}
        </h2>
        <span className={chip({ variant: report.status === 'open' ? 'accent' : 'muted' }).root}>
          {STATUS_LABELS[report.status]}
        </span>
      </div>
      <p className={text({ size: 'sm', tone: 'muted' })}>
        {event?.title ?? report.eventId}, {formatLongDate(report.eventDate)}. Reported {when(report.at)}.
      </p>
      <blockquote className={text({ size: 'lg' })}>{report.text}</blockquote>
      <p>
        Standing:{' '}
        {report.standing
          ? `${STANDING_LABELS[report.standing.level]}${report.standing.until ? ` until ${formatLongDate(report.standing.until)}` : ''} (${report.standing.reason})`
          : 'In good standing'}
      </p>
      <p>
        Earlier reports about {report.member.firstName}:{' '}
        {report.earlier.length === 0
          ? 'none'
          : report.earlier
              .map(
                (other) =>
                  `${formatLongDate(other.eventDate)} ${REPORT_REASON_LABELS[other.reason as ReportReason] ?? other.reason} (${other.status})`,
              )
              .join('; ')}
      </p>
      {report.resolution ? (
        <p className={text({ weight: 'semibold' })}>
          {RESOLUTION_LABELS[report.resolution.action as ReportResolution] ?? report.resolution.action} by{' '}
          {report.resolution.by}, {when(report.resolution.at)}: {report.resolution.reason}
        </p>
      ) : (
        <ResolveForm report={report} onDone={onDone} />
      )}
    </li>
  )
}

export function HostReportsPage({ reports: asked }: { reports: Promise<Answer<ReportEntry[]> | undefined> }) {
  const { answer, reload } = useAnswer(asked)
  const [notice, setNotice] = useState<string>()
  const reports = answer?.value
  const error = answer?.error
  const open = reports?.filter((report) => report.status === 'open').length ?? 0
  return (
    <div className={flow({ gap: '4' })}>
      <BackToConsole />
      <h1 className={heading({ level: 'page' })}>Reports</h1>
      <p className={text({ tone: 'muted' })}>
        Reports by guests about other guests of your cities. The reporter is never shown, and the reported member is
        never told who reported.
      </p>
      {notice ? (
        <p role="status" className={text({ weight: 'semibold' })}>
          {notice}
        </p>
      ) : null}
      {error ? <p role="alert">{error}</p> : null}
      {!reports ? (
        error ? null : (
          <p role="status">Loading reports…</p>
        )
      ) : reports.length === 0 ? (
        <p>No reports.</p>
      ) : (
        <>
          <p className={wrap({ gap: '2' })}>
            {open} open of {reports.length}
          </p>
          <ul className={flow({ gap: '3' })}>
            {reports.map((report) => (
              <ReportItem
                key={report.reportId}
                report={report}
                onDone={(message) => {
                  setNotice(message)
                  void reload(call(listReportsCall, {}).then((answer) => answer.reports))
                }}
              />
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
