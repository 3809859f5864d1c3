/**
 * A guest's alert, at the top of a date's console page and of its door: "Meera needs help: I feel
 * unsafe", with the two answers ("On my way", "Seen"), for as long as no host has answered it. It
 * reads the screen's one poll (use-date-help.ts) and shows nothing until that answers, so the door,
 * which works offline, is left as it was while the calls fail.
 */
import type { EventId } from '@yaari/domain/catalogue'
import { ANSWER_WITHIN_MS, answerAlertCall, HELP_REASON_LABELS, type HostAlertView } from '@yaari/domain/help'
import { firstNameOf } from '@yaari/domain/names'
import { formatIstClock } from '@yaari/domain/schedule'
import { css } from 'styled-system/css'
import { wrap } from 'styled-system/patterns'
import { button, text } from 'styled-system/recipes'
import { call, useAction } from '../../lib/call'
import { HOST_WORDS } from './host-words'
import type { DateHelpState } from './use-date-help'

/** Red, at arm's length: the door's refuse colour, white on it. */
const BANNER = css({ bg: 'red.700', color: 'white', borderRadius: 'l2', p: '4', display: 'grid', gap: '4' })
const ALERT = css({ display: 'grid', gap: '2' })
const HEADLINE = css({ fontSize: 'xl', fontWeight: 'bold', lineHeight: 'tight' })
const ON_RED = css({ color: 'white', textDecoration: 'underline', textUnderlineOffset: '2px' })
const ON_RED_ERROR = css({ fontWeight: 'semibold' })

export const ESCALATED = `Nobody answered within ${ANSWER_WITHIN_MS / 60_000} minutes: the admins have been told too.`

/** A date's alerts, the newest first. */
export const newestFirst = (alerts: readonly HostAlertView[]) =>
  [...alerts].sort((a, b) => Date.parse(b.raisedAt) - Date.parse(a.raisedAt))

/** "Meera needs help: I feel unsafe". */
const needsHelp = (alert: HostAlertView) =>
  `${firstNameOf(alert.guestName) ?? 'A guest'} needs help: ${HELP_REASON_LABELS[alert.reason]}`

/**
 * An open alert's two answers: "On my way" or "Seen". The first answer stands (the server keeps it);
 * the alert is shown answered at once, and the screen reads again.
 */
export function AnswerButtons({
  eventId,
  date,
  alert,
  dateHelp,
  onRed = false,
}: {
  eventId: EventId
  date: string
  alert: HostAlertView
  dateHelp: DateHelpState
  /** On the red banner: white buttons, white words. */
  onRed?: boolean
}) {
  const answering = useAction(async (answer: 'coming' | 'seen') => {
    const result = await call(answerAlertCall, { eventId, eventDate: date, alertId: alert.alertId, answer })
    dateHelp.settle(result.alert)
    void dateHelp.refresh()
  }, HOST_WORDS)
  const look = onRed ? button({ variant: 'inverse', size: 'sm' }) : button({ size: 'sm' })
  return (
    <div className={wrap({ gap: '2', alignItems: 'center' })}>
      <button type="button" className={look} disabled={answering.busy} onClick={() => void answering.run('coming')}>
        On my way
      </button>
      <button type="button" className={look} disabled={answering.busy} onClick={() => void answering.run('seen')}>
        Seen
      </button>
      {answering.error ? (
        // On the banner, itself an alert, the words are read out as they appear.
        <p role={onRed ? undefined : 'alert'} className={onRed ? ON_RED_ERROR : text({ tone: 'error', size: 'sm' })}>
          {answering.error}
        </p>
      ) : null}
    </div>
  )
}

/** Every open alert of the date, the newest first; nothing while there is none (or no answer yet). */
export function AlertBanner({ eventId, date, dateHelp }: { eventId: EventId; date: string; dateHelp: DateHelpState }) {
  const open = newestFirst(dateHelp.help?.alerts.filter((alert) => alert.state === 'open') ?? [])
  if (open.length === 0) return null
  return (
    <div role="alert" className={BANNER}>
      {open.map((alert) => (
        <section key={alert.alertId} aria-label={needsHelp(alert)} className={ALERT}>
          <p className={HEADLINE}>{needsHelp(alert)}</p>
          <p>
            {alert.guestName} · raised {formatIstClock(new Date(alert.raisedAt))}
            {alert.mobile ? (
              <>
                {' · '}
                <a href={`tel:${alert.mobile}`} className={ON_RED}>
                  Call {alert.mobile}
                </a>
              </>
            ) : null}
          </p>
          {alert.note ? <p>“{alert.note}”</p> : null}
          {alert.escalated ? <p>{ESCALATED}</p> : null}
          <AnswerButtons eventId={eventId} date={date} alert={alert} dateHelp={dateHelp} onRed />
        </section>
      ))}
    </div>
  )
}
