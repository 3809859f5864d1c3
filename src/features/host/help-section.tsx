/**
 * Help at the venue, on a date's console page: whether you coordinate it, who does (chosen among
 * the city's hosts, ticked and saved), and every alert its guests raised, the newest first, with
 * the guest's name and number, when, and its answer (or the two answers, while it is open).
 */
import type { EventId } from '@yaari/domain/catalogue'
import {
  coordinatingWords,
  type DateHelp,
  HELP_REASON_LABELS,
  type HostAlertView,
  setCoordinatorsCall,
} from '@yaari/domain/help'
import { formatIstClock, istToday } from '@yaari/domain/schedule'
import { type ReactNode, useState } from 'react'
import { cx } from 'styled-system/css'
import { flow, wrap } from 'styled-system/patterns'
import { button, card, chip, heading, link, text, toolbar } from 'styled-system/recipes'
import { call, useAction } from '../../lib/call'
import { CheckboxField } from '../../ui/checkbox'
import { AnswerButtons, ESCALATED, newestFirst } from './alert-banner'
import { HOST_WORDS } from './host-words'
import type { DateHelpState } from './use-date-help'

interface Where {
  eventId: EventId
  date: string
}

/** "Asha and Bala", "Asha, Bala and Chitra". */
function names(list: readonly string[]): string {
  return list.length < 2 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`
}

/** Who coordinates the date: one box per host of the city, saved together. */
function CoordinatorsForm({ eventId, date, help, dateHelp }: Where & { help: DateHelp; dateHelp: DateHelpState }) {
  // The boxes follow the server's choice until the host ticks one; saving hands them back to it.
  const [ticked, setTicked] = useState<ReadonlySet<string>>()
  const [saved, setSaved] = useState<string>()
  const chosen = ticked ?? new Set(help.coordinators.map((coordinator) => coordinator.uid))
  const save = useAction(async (uids: string[]) => {
    const result = await call(setCoordinatorsCall, { eventId, eventDate: date, coordinators: uids })
    setTicked(undefined)
    setSaved(
      result.coordinators.length === 0
        ? 'Saved: no coordinator, so every host of the city is told of an alert.'
        : `Saved: ${names(result.coordinators.map((coordinator) => coordinator.name))} ${result.coordinators.length === 1 ? 'coordinates' : 'coordinate'} this date.`,
    )
    void dateHelp.refresh()
  }, HOST_WORDS)
  const toggle = (uid: string, on: boolean) => {
    const next = new Set(chosen)
    if (on) next.add(uid)
    else next.delete(uid)
    setTicked(next)
    setSaved(undefined)
  }
  if (help.hosts.length === 0) {
    return <p className={text({ tone: 'muted' })}>This city has no hosts to choose a coordinator among.</p>
  }
  return (
    <form
      className={flow({ gap: '2' })}
      onSubmit={(event) => {
        event.preventDefault()
        void save.run(help.hosts.filter((host) => chosen.has(host.uid)).map((host) => host.uid))
      }}
    >
      <fieldset className={flow({ gap: '2' })}>
        <legend className={heading({ level: 'label' })}>Coordinators</legend>
        <p className={text({ size: 'sm', tone: 'muted' })}>
          They are alerted first when a guest needs help; with none chosen, every host of the city is.
        </p>
        {help.hosts.map((host) => (
          <CheckboxField
            key={host.uid}
            label={host.name}
            checked={chosen.has(host.uid)}
            onChange={(on) => toggle(host.uid, on)}
          />
        ))}
      </fieldset>
      <div className={wrap({ gap: '2', alignItems: 'center' })}>
        <button type="submit" className={button({ size: 'sm' })} disabled={save.busy || ticked === undefined}>
          {save.busy ? 'Saving…' : 'Save coordinators'}
        </button>
        {save.error ? (
          <p role="alert" className={text({ tone: 'error', size: 'sm' })}>
            {save.error}
          </p>
        ) : saved ? (
          <p role="status" className={text({ size: 'sm', tone: 'success' })}>
            {saved}
          </p>
        ) : null}
      </div>
    </form>
  )
}

const STATE_CHIPS: Record<HostAlertView['state'], string> = {
  open: chip({ variant: 'accent' }).root,
  answered: chip({ variant: 'subtle' }).root,
  cancelled: chip({ variant: 'muted' }).root,
}
const STATE_LABELS: Record<HostAlertView['state'], string> = {
  open: 'Open',
  answered: 'Answered',
  cancelled: 'Cancelled by the guest',
}

function AlertItem({ alert, dateHelp, ...where }: Where & { alert: HostAlertView; dateHelp: DateHelpState }) {
  const styles = card({ variant: 'outline', size: 'compact' })
  const bar = toolbar()
  return (
    <li className={cx(styles.root, flow({ gap: '1' }))}>
      <div className={bar.root}>
        <span className={cx(text({ weight: 'semibold' }), bar.title)}>{HELP_REASON_LABELS[alert.reason]}</span>
        <span className={STATE_CHIPS[alert.state]}>{STATE_LABELS[alert.state]}</span>
      </div>
      <p>
        {alert.guestName}
        {alert.mobile ? (
          <>
            {' · '}
            <a href={`tel:${alert.mobile}`} className={link()}>
              {alert.mobile}
            </a>
          </>
        ) : null}
      </p>
      <p className={text({ size: 'sm', tone: 'muted' })}>Raised at {formatIstClock(new Date(alert.raisedAt))}</p>
      {alert.note ? <p>“{alert.note}”</p> : null}
      {alert.escalated ? <p className={text({ size: 'sm' })}>{ESCALATED}</p> : null}
      {alert.state === 'open' ? <AnswerButtons {...where} alert={alert} dateHelp={dateHelp} /> : null}
      {alert.state === 'answered' ? (
        <p className={text({ size: 'sm' })}>
          Answered by {alert.answeredBy ?? 'a host'}
          {alert.answer ? ` at ${formatIstClock(new Date(alert.answer.at))}: ${alert.answer.words}` : null}
        </p>
      ) : null}
    </li>
  )
}

export function HelpSection({
  dateHelp,
  editable,
  pushAsk,
  ...where
}: Where & {
  dateHelp: DateHelpState
  /** The host may choose coordinators (signed in and checked, the date not cancelled). */
  editable: boolean
  /** The ask for this phone's pushes (the notifications feature's), shown to a coordinator. */
  pushAsk?: ReactNode
}) {
  const { help, error } = dateHelp
  return (
    <section aria-labelledby="help" className={flow({ gap: '3' })}>
      <h2 id="help" className={heading({ level: 'section' })}>
        Help at the venue
      </h2>
      {help === undefined ? (
        <p role="status" className={text({ size: 'sm', tone: 'muted' })}>
          {error ?? 'Loading the alerts…'}
        </p>
      ) : (
        <>
          {help.youCoordinate ? (
            <>
              <p className={text({ weight: 'semibold' })}>{coordinatingWords(where.date, istToday())}</p>
              {pushAsk}
            </>
          ) : null}
          {editable ? (
            <CoordinatorsForm {...where} help={help} dateHelp={dateHelp} />
          ) : (
            <p>
              Coordinators:{' '}
              {names(help.coordinators.map((coordinator) => coordinator.name)) || 'none chosen (every host is told)'}
            </p>
          )}
          <h3 className={heading({ level: 'sub' })}>Alerts</h3>
          {help.alerts.length === 0 ? (
            <p className={text({ tone: 'muted' })}>No guest has asked for help on this date.</p>
          ) : (
            <ul aria-label="Alerts" className={flow({ gap: '2' })}>
              {newestFirst(help.alerts).map((alert) => (
                <AlertItem key={alert.alertId} {...where} alert={alert} dateHelp={dateHelp} />
              ))}
            </ul>
          )}
          {error ? <p className={text({ size: 'sm', tone: 'muted' })}>Could not refresh: {error}</p> : null}
        </>
      )}
    </section>
  )
}
