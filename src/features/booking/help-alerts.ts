/**
 * A guest's alerts, as the ticket's help sheet uses them: raised now, or kept on the phone when it
 * is offline and sent the moment it is back (each with the id the phone gave it, so one sent twice
 * is one alert); the member's alerts read while the sheet is open, so the coordinator's answer
 * shows when it comes.
 */

import { errorCode } from '@yaari/domain/error-code'
import {
  cancelAlertCall,
  HELP_REASONS,
  type HelpReason,
  listMyAlertsCall,
  type MemberAlertView,
  raiseAlertCall,
} from '@yaari/domain/help'
import { useCallback, useEffect, useState } from 'react'
import * as v from 'valibot'
import { call } from '../../lib/call'

const QUEUE_KEY = 'yaari-help-queue'
/** How often the open sheet asks for the answer. */
const POLL_MS = 4_000

interface QueuedAlert {
  orderId: string
  alertId: string
  reason: HelpReason
  note: string
}

const newAlertId = () => crypto.randomUUID().replaceAll('-', '')

const queueSchema = v.array(
  v.object({ orderId: v.string(), alertId: v.string(), reason: v.picklist(HELP_REASONS), note: v.string() }),
)

function readQueue(): QueuedAlert[] {
  try {
    const parsed = v.safeParse(queueSchema, JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '[]'))
    return parsed.success ? parsed.output : []
  } catch {
    return []
  }
}
const writeQueue = (queue: QueuedAlert[]) => localStorage.setItem(QUEUE_KEY, JSON.stringify(queue))

export const queuedAlerts = (orderId: string) => readQueue().filter((alert) => alert.orderId === orderId)

async function send(alert: QueuedAlert) {
  return call(raiseAlertCall, {
    orderId: alert.orderId,
    alertId: alert.alertId,
    reason: alert.reason,
    ...(alert.note.trim() ? { note: alert.note.trim() } : {}),
  })
}

/** Raises an alert now (online). */
export async function raiseHelp(input: { orderId: string; reason: HelpReason; note: string }) {
  return send({ ...input, alertId: newAlertId() })
}

/** Keeps an alert on the phone, to send when the connection returns. */
export function queueHelp(input: { orderId: string; reason: HelpReason; note: string }) {
  writeQueue([...readQueue(), { ...input, alertId: newAlertId() }])
}

/** Sends what was kept while offline; each leaves the queue once the server has it (or refused it). */
export async function sendQueuedAlerts(): Promise<number> {
  let sent = 0
  for (const alert of readQueue()) {
    try {
      await send(alert)
      sent += 1
    } catch (error) {
      // The line dropped again: the rest waits for the next time it is back.
      const code = errorCode(error)
      if (code === 'functions/unavailable' || code === 'functions/deadline-exceeded') break
    }
    writeQueue(readQueue().filter((queued) => queued.alertId !== alert.alertId))
  }
  return sent
}

export const cancelHelp = (alertId: string) => call(cancelAlertCall, { alertId })

/** The member's alerts about this booking, asked for every few seconds while `open`; `reread` asks now. */
export function useMyAlerts(orderId: string, open: boolean): { alerts: MemberAlertView[]; reread: () => void } {
  const [alerts, setAlerts] = useState<MemberAlertView[]>([])
  const [asked, setAsked] = useState(0)
  const reread = useCallback(() => setAsked((n) => n + 1), [])
  useEffect(() => {
    if (!open || asked < 0) return
    let stopped = false
    const read = async () => {
      if (!navigator.onLine) return
      try {
        const answer = await call(listMyAlertsCall, { orderId })
        if (!stopped) setAlerts(answer.alerts)
      } catch {
        // Asked again on the next tick.
      }
    }
    void read()
    const timer = setInterval(read, POLL_MS)
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [orderId, open, asked])
  return { alerts, reread }
}
