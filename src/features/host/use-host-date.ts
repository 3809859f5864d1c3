/**
 * One date as the console holds it: the guest list (from the device first, then refreshed, and
 * live every 30 s while open and online), and the host's actions on it, each answered with a line
 * for the top of the page.
 */
import type { RequestOf } from '@yaari/domain/callable'
import type { EventId } from '@yaari/domain/catalogue'
import {
  type GuestList,
  type HostActionResult,
  liftModerationCall,
  markAttendanceCall,
  moderateMemberCall,
} from '@yaari/domain/host'
import { useEffect, useState } from 'react'
import { call } from '../../lib/call'
import { loadGuestList, saveSummary, useSavedGuestList } from './guest-lists'
import { hostMessage } from './host-words'

/** How often an open date refreshes its numbers while online. */
const LIVE_EVERY_MS = 30_000

const MODERATION_DONE: Record<string, string> = {
  warning: 'First warning given.',
  suspended: 'Member suspended.',
  banned: 'Member banned.',
  none: 'Lifted.',
}

export function useHostDate({
  uid,
  eventId,
  date,
  held,
}: {
  uid: string
  eventId: EventId
  date: string
  /** What the route's loader read from the device. */
  held?: GuestList | null
}) {
  const saved = useSavedGuestList(uid, eventId, date, held)
  const [refresh, setRefresh] = useState<{ status: 'loading' | 'done' | 'failed'; error?: string }>({
    status: 'loading',
  })
  const [notice, setNotice] = useState<string>()
  const list: GuestList | undefined = saved ?? undefined

  const reload = () => {
    setRefresh({ status: 'loading' })
    loadGuestList(uid, eventId, date).then(
      () => setRefresh({ status: 'done' }),
      (error: unknown) => setRefresh({ status: 'failed', error: hostMessage(error) }),
    )
  }
  useEffect(reload, [uid, eventId, date])
  // Live while it is open and online: who is in, what sold, as the doors and members change it.
  useEffect(() => {
    const timer = setInterval(() => {
      if (navigator.onLine && document.visibilityState === 'visible') {
        loadGuestList(uid, eventId, date).catch(() => undefined)
      }
    }, LIVE_EVERY_MS)
    return () => clearInterval(timer)
  }, [uid, eventId, date])

  /**
   * Runs a host's change and says at the top of the page what it did (or why not); the list reloads.
   * Answers whether it went through, so a form keeps what was typed when it did not.
   */
  const attempt = async (change: () => Promise<string | undefined>) => {
    setNotice(undefined)
    try {
      setNotice(await change())
      reload()
      return true
    } catch (error) {
      setNotice(hostMessage(error))
      return false
    }
  }

  /** A date action: the date's new numbers replace the saved ones. */
  const act = (run: () => Promise<HostActionResult>, done: string, unchanged: string) =>
    attempt(async () => {
      const result = await run()
      if (list) await saveSummary(uid, { ...list, date: result.date })
      return result.changed ? done : unchanged
    })

  /** Moderates a guest (or, for an admin, lifts it). */
  const moderate = (request: RequestOf<typeof moderateMemberCall> | { action: 'lift'; uid: string; reason: string }) =>
    attempt(async () => {
      const result =
        request.action === 'lift'
          ? await call(liftModerationCall, { uid: request.uid, reason: request.reason })
          : await call(moderateMemberCall, request)
      return result.changed
        ? `${MODERATION_DONE[result.level]} The member is told by email.`
        : 'Nothing changed: that is already their standing.'
    })

  /** Marks a paid guest as come (or not) where the door was not used. */
  const markCame = (orderId: string, name: string, came: boolean) =>
    attempt(async () => {
      const result = await call(markAttendanceCall, { eventId, eventDate: date, orderId, came })
      if (!result.changed) return undefined
      return came ? `${name} is marked as come.` : `${name} is no longer marked as come.`
    })

  return { list, refresh, notice, setNotice, act, moderate, markCame }
}
