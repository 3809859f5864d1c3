import { formatIstClock, formatShortDate, istToday } from '@yaari/domain/schedule'
import { useEffect, useState } from 'react'
import { text } from 'styled-system/recipes'
import type { RefreshState } from '../lib/member-data/refresh-state'
import { useOnline } from '../lib/use-online'

/** "just now", "12 min ago", "at 2:05 PM", "on Tue, 24 Nov at 2:05 PM": the IST day and time, whatever the device's zone. */
function sinceText(at: number, now = Date.now()): string {
  const minutes = Math.floor((now - at) / 60_000)
  if (minutes < 1) return 'just now'
  if (minutes < 60) return `${minutes} min ago`
  const when = new Date(at)
  const time = formatIstClock(when)
  const day = istToday(when)
  if (istToday(new Date(now)) === day) return `at ${time}`
  return `on ${formatShortDate(day)} at ${time}`
}

/** What the small print says of where the data stands. */
function refreshedText({
  refreshedAt,
  refresh,
  online,
  now = Date.now(),
}: {
  refreshedAt: number | undefined
  refresh: RefreshState | undefined
  online: boolean
  now?: number
}): string {
  const saved = refreshedAt === undefined ? 'Not updated from Yaari yet' : `Updated ${sinceText(refreshedAt, now)}`
  if (!online || (refresh?.status === 'failed' && refresh.offline)) return `${saved} · you’re offline`
  if (refresh?.status === 'refreshing') return `${saved} · checking for changes…`
  if (refresh?.status === 'failed') return `${saved} · couldn’t check for changes`
  return saved
}

/** The small line that says when the member's data on this device was last refreshed from Yaari. */
export function RefreshedNote(props: { refreshedAt: number | undefined; refresh: RefreshState | undefined }) {
  const online = useOnline()
  // "12 min ago" moves on while the page stays open.
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000)
    return () => clearInterval(timer)
  }, [])
  return <p className={text({ size: 'sm', tone: 'muted' })}>{refreshedText({ ...props, online, now })}</p>
}
