/**
 * A date's help at the venue as its hosts see it (its guests' alerts, its coordinators, the city's
 * hosts to choose them among): asked every 1.5 s while the page is shown and the device online, at
 * once when it comes back to either, and no more once the screen is left. One of these per screen:
 * the banner and the section read the same answer.
 */
import type { EventId } from '@yaari/domain/catalogue'
import { type DateHelp, getDateHelpCall, type HostAlertView } from '@yaari/domain/help'
import { useCallback, useEffect, useRef, useState } from 'react'
import { call } from '../../lib/call'
import { hostMessage } from './host-words'

/** How often an open screen asks for the date's alerts. */
export const HELP_EVERY_MS = 1_500
/** A read gives up sooner than a host's action: the next one is only 3 s away. */
const READ_TIMEOUT_MS = 10_000

export interface DateHelpState {
  /** The latest answer; undefined until the first one (and for good while the calls fail). */
  help: DateHelp | undefined
  /** Why the last read failed (cleared by the next that answers); the last answer stays meanwhile. */
  error: string | undefined
  /** Reads again now. */
  refresh: () => Promise<void>
  /** An alert as an answer to it returned it, shown at once (a read started before it is dropped). */
  settle: (alert: HostAlertView) => void
}

export function useDateHelp(eventId: EventId, date: string): DateHelpState {
  const [help, setHelp] = useState<DateHelp>()
  const [error, setError] = useState<string>()
  const read = useRef<() => Promise<void>>(async () => undefined)
  // Each read (and each settled answer) takes the next turn; an answer from an older turn is dropped.
  const turn = useRef(0)

  useEffect(() => {
    let alive = true
    let reading = false
    setHelp(undefined)
    setError(undefined)
    const ask = async () => {
      const mine = ++turn.current
      try {
        const answer = await call(getDateHelpCall, { eventId, eventDate: date }, { timeoutMs: READ_TIMEOUT_MS })
        if (alive && mine === turn.current) {
          setHelp(answer)
          setError(undefined)
        }
      } catch (caught) {
        // Offline, slow or refused: the last answer stays (an alert does not flicker away).
        if (alive && mine === turn.current) setError(hostMessage(caught))
      }
    }
    const poll = () => {
      if (reading || !navigator.onLine || document.visibilityState !== 'visible') return
      reading = true
      void ask().finally(() => {
        reading = false
      })
    }
    read.current = ask
    poll()
    const timer = setInterval(poll, HELP_EVERY_MS)
    document.addEventListener('visibilitychange', poll)
    window.addEventListener('online', poll)
    return () => {
      alive = false
      read.current = async () => undefined
      clearInterval(timer)
      document.removeEventListener('visibilitychange', poll)
      window.removeEventListener('online', poll)
    }
  }, [eventId, date])

  const refresh = useCallback(() => read.current(), [])
  const settle = useCallback((alert: HostAlertView) => {
    turn.current++
    setHelp(
      (current) =>
        current && {
          ...current,
          alerts: current.alerts.map((each) => (each.alertId === alert.alertId ? alert : each)),
        },
    )
  }, [])
  return { help, error, refresh, settle }
}
