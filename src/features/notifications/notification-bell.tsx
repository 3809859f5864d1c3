/**
 * The bell in the header: the way to a member's notifications, with how many are unread. It is on
 * every page, so it carries nothing heavy: the count comes from localStorage (member-data/unread.ts),
 * and the code that asks the server (Dexie, Firebase, the contracts) loads only once the page is
 * idle, to bring the count up to date.
 */
import { Link } from '@tanstack/react-router'
import { bellLabel } from '@yaari/domain/notification-copy'
import { useEffect, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { visuallyHidden } from 'styled-system/patterns'
import { badge } from 'styled-system/recipes'
import { clientConfig } from '../../lib/client-config'
import { logError } from '../../lib/log'
import { useUnread } from '../../lib/member-data/unread'
import { useKnownMember } from '../../lib/session/member-hint'
import { useIdleAfterMount } from '../../lib/use-idle'
import { usePushArrivals } from './push-arrivals'

/** Coming back to the app asks again only after this long (a push asks at once). */
const ASK_AGAIN_AFTER_MS = 60_000

/**
 * When this tab last asked, kept for the tab (sessionStorage): a reload or a page the server wrote
 * (the home page, an event) within the minute does not ask again; a new visit does.
 */
const ASKED_KEY = 'yaari:notices-asked'
function askedAt(): number {
  try {
    return Number(sessionStorage.getItem(ASKED_KEY)) || 0
  } catch {
    return 0
  }
}
function rememberAsked(at: number): void {
  try {
    sessionStorage.setItem(ASKED_KEY, String(at))
  } catch {
    // Not kept: the next page load asks again.
  }
}

const refreshNotifications = () =>
  void import('../../lib/member-data/refresh').then(({ refreshMemberData }) => refreshMemberData('notices'))

/**
 * Brings the count up to date when the app opens (once idle), when it comes back to the front, and
 * when the service worker says a push arrived.
 */
function useNotificationRefresh(uid: string | undefined) {
  const idle = useIdleAfterMount()
  // A push this page heard of, from its first moment (push-arrivals.ts), before the bell mounted
  // too: the next look asks at once.
  const pushes = usePushArrivals((state) => state.count)
  useEffect(() => {
    if (pushes > 0) rememberAsked(0)
  }, [pushes])
  // Once the page is idle: a device whose push was made with an earlier key (or lost its
  // subscription) subscribes again by itself; the code that subscribes loads only then.
  useEffect(() => {
    if (!idle || !uid) return
    void import('../../lib/push-device')
      .then(async ({ pushNeedsRenewal }) => {
        if (!(await pushNeedsRenewal(uid, clientConfig.vapidPublicKey))) return
        await (await import('./push')).renewPush(uid)
      })
      .catch((error: unknown) => logError('push-renewal', error))
  }, [idle, uid])
  // biome-ignore lint/correctness/useExhaustiveDependencies: a push (pushes) asks again.
  useEffect(() => {
    if (!idle || !uid) return
    const ask = () => {
      if (!navigator.onLine || document.visibilityState !== 'visible') return
      const since = Date.now() - askedAt()
      // (A clock set back since, and the wait would never end: then it asks.)
      if (since >= 0 && since < ASK_AGAIN_AFTER_MS) return
      rememberAsked(Date.now())
      refreshNotifications()
    }
    ask()
    document.addEventListener('visibilitychange', ask)
    return () => document.removeEventListener('visibilitychange', ask)
  }, [idle, uid, pushes])
}

/** The bell, for the member this device knows: a link to /notifications with the unread count. */
export default function NotificationBell() {
  const uid = useKnownMember()?.uid
  const unread = useUnread(uid)
  useNotificationRefresh(uid)
  // A screen reader hears of a new notification while the page is open (not of the count on arrival).
  const [news, setNews] = useState('')
  const before = useRef(unread)
  useEffect(() => {
    if (unread > before.current) setNews(bellLabel(unread))
    before.current = unread
  }, [unread])
  if (!uid) return null
  return (
    <>
      <Link
        to="/notifications"
        aria-label={bellLabel(unread)}
        className={css({
          position: 'relative',
          flexShrink: 0,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          minW: '11',
          minH: '11',
          borderRadius: 'full',
          color: 'inherit',
          _hover: { bg: 'rgba(127, 127, 127, 0.12)' },
          _focusVisible: { outline: '3px solid', outlineColor: 'focus.ring', outlineOffset: '2px' },
        })}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="24"
          height="24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className={cx(
              badge({ size: 'count' }),
              css({ position: 'absolute', top: '1', right: '0.5', boxShadow: '0 0 0 2px white' }),
            )}
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Link>
      <span role="status" className={visuallyHidden()}>
        {news}
      </span>
    </>
  )
}
