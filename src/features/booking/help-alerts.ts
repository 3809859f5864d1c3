/**
 * A guest's alerts, as the ticket's help sheet uses them: raised now, or kept on the phone and sent
 * when the connection works again (each with the id the phone gave it before its first try, so one
 * sent twice is one alert); the member's alerts read while the sheet is open, so the coordinator's
 * answer shows when it comes.
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
import { call, UNEXPECTED } from '../../lib/call'

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
const keep = (alert: QueuedAlert) => writeQueue([...readQueue(), alert])
const forget = (alertId: string) => writeQueue(readQueue().filter((queued) => queued.alertId !== alertId))

export const queuedAlerts = (orderId: string) => readQueue().filter((alert) => alert.orderId === orderId)

/**
 * The server's refusals of an alert: it was read and turned down (no paid seat, not the evening,
 * too many alerts, the form, the booking, the sign-in), with the reason written for the guest.
 * Sent again, it would be turned down again. Any other failure (the SDK says `internal` for a
 * connection that drops, `deadline-exceeded` for one that hangs, `unavailable`) may not have
 * reached the server at all, so the alert is kept and sent again.
 */
const REFUSALS = new Set([
  'functions/invalid-argument',
  'functions/failed-precondition',
  'functions/permission-denied',
  'functions/not-found',
  'functions/resource-exhausted',
  'functions/unauthenticated',
])

/** The server's reason, when it refused an alert; undefined when the alert may not have reached it. */
function refusalOf(error: unknown): string | undefined {
  const code = errorCode(error)
  if (typeof code !== 'string' || !REFUSALS.has(code)) return undefined
  // The server's own words, whatever the phone says of its connection now: it did answer.
  return error instanceof Error && error.message ? error.message : UNEXPECTED
}

async function send(alert: QueuedAlert) {
  return call(raiseAlertCall, {
    orderId: alert.orderId,
    alertId: alert.alertId,
    reason: alert.reason,
    ...(alert.note.trim() ? { note: alert.note.trim() } : {}),
  })
}

/** What became of a tap on "Alert the coordinator". */
type HelpOutcome =
  | { state: 'sent'; alert: MemberAlertView }
  /** On the phone, to go when the connection works. */
  | { state: 'queued' }
  /** The server turned it down, for this reason. */
  | { state: 'refused'; message: string }

/**
 * Raises an alert. Its id is made before the first try, so an alert whose send failed is kept on
 * the phone as the same alert: if that send did reach the server (only its answer was lost), the
 * next one is the same alert, not a second. Offline, it is kept without trying.
 */
export async function raiseHelp(input: { orderId: string; reason: HelpReason; note: string }): Promise<HelpOutcome> {
  const alert = { ...input, alertId: newAlertId() }
  if (!navigator.onLine) {
    keep(alert)
    return { state: 'queued' }
  }
  try {
    const { alert: raised } = await send(alert)
    return { state: 'sent', alert: raised }
  } catch (error) {
    const refusal = refusalOf(error)
    if (refusal !== undefined) return { state: 'refused', message: refusal }
    keep(alert)
    return { state: 'queued' }
  }
}

/** What sending a booking's kept alerts came to: how many the server took, and its reasons for those it refused. */
interface QueueOutcome {
  sent: number
  refused: string[]
}

async function sendQueue(orderId: string): Promise<QueueOutcome> {
  const outcome: QueueOutcome = { sent: 0, refused: [] }
  if (!navigator.onLine) return outcome
  for (const alert of queuedAlerts(orderId)) {
    try {
      await send(alert)
      outcome.sent += 1
    } catch (error) {
      const refusal = refusalOf(error)
      // Not read by the server, or its answer lost: this one and the rest wait for the next try.
      if (refusal === undefined) break
      outcome.refused.push(refusal)
    }
    forget(alert.alertId)
  }
  return outcome
}

const sending = new Map<string, Promise<QueueOutcome>>()

/**
 * Sends a booking's kept alerts, in the order they were tapped; each leaves the phone once the
 * server has it or refused it. Asked again while a send is under way (a tick and the connection's
 * return at once), it answers that send's outcome rather than sending the same alerts twice.
 */
export function sendQueuedAlerts(orderId: string): Promise<QueueOutcome> {
  const running = sending.get(orderId)
  if (running) return running
  const run = sendQueue(orderId).finally(() => sending.delete(orderId))
  sending.set(orderId, run)
  return run
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
