/**
 * /notifications: everything Yaari told the member (a seat offered, the day-of reminder, a host's
 * message...), newest first, each opening where it is about. Read from the device, so what came
 * before opens offline; refreshed from the server when the page opens, and whenever a push arrives
 * (the bell asks). "Mark all as read" empties the bell's count.
 */
import { Link } from '@tanstack/react-router'
import { NOTIFICATION_COPY, type NotificationView } from '@yaari/domain/notifications'
import { formatIstClock, formatShortDate, istToday } from '@yaari/domain/schedule'
import { useRef } from 'react'
import { css, cx } from 'styled-system/css'
import { container, flow, grid } from 'styled-system/patterns'
import { card, chip, heading, link, notice, text } from 'styled-system/recipes'
import { useAction } from '../../lib/call'
import { type Snapshot, useMyNotifications } from '../../lib/member-data/hooks'
import type { MyNotifications } from '../../lib/member-data/records'
import { markAllNotificationsRead, markNotificationRead } from '../../lib/member-data/refresh'
import { usePageMeta } from '../../lib/page-meta'
import { useOnline } from '../../lib/use-online'
import { Button } from '../../ui/button'
import { RefreshedNote } from '../../ui/refreshed-note'
import { SignInPrompt } from '../../ui/sign-in'
import { StatusNote } from '../../ui/status-note'

const WORDS = { offline: 'You’re offline: marking them read needs a connection.' }

/** "Just now", "12 min ago", "Today, 6:12 PM", "Sat, 28 Nov, 6:12 PM": on an IST clock, whatever the device's zone. */
function notificationTime(at: string, now = Date.now()): string {
  const when = new Date(at)
  const minutes = Math.floor((now - when.getTime()) / 60_000)
  if (minutes < 1) return 'Just now'
  if (minutes < 60) return `${minutes} min ago`
  const day = istToday(when)
  return `${day === istToday(new Date(now)) ? 'Today' : formatShortDate(day)}, ${formatIstClock(when)}`
}

function NotificationItem({ notification: item }: { notification: NotificationView }) {
  const styles = card({ variant: 'outline' })
  return (
    <li
      className={cx(
        styles.root,
        styles.body,
        flow({ gap: '2' }),
        // The whole card opens the notification (the title's link covers it), a wide target on a phone.
        css({ position: 'relative' }),
        item.read ? undefined : css({ borderLeftWidth: '4px', borderLeftColor: 'accent.default' }),
      )}
    >
      {item.read ? null : (
        <span className={cx(chip({ variant: 'subtle', size: 'xs' }).root, css({ alignSelf: 'flex-start' }))}>
          Unread
        </span>
      )}
      <h2 className={heading({ level: 'card' })}>
        <Link
          to={item.url}
          // Opening it is reading it (the bell's count goes down); a failure leaves it unread, nothing more.
          onClick={item.read ? undefined : () => void markNotificationRead(item.id).catch(() => undefined)}
          className={css({
            _hover: { textDecoration: 'underline' },
            _before: { content: '""', position: 'absolute', inset: '0' },
            _focusVisible: {
              outline: 'none',
              // Drawn inside the card, which clips what overflows it.
              _before: {
                outline: '3px solid',
                outlineColor: 'focus.ring',
                outlineOffset: '-3px',
                borderRadius: 'inherit',
              },
            },
          })}
        >
          {item.title}
        </Link>
      </h2>
      <p>{item.body}</p>
      {item.detail ? <p className={cx(notice(), css({ whiteSpace: 'pre-line' }))}>{item.detail}</p> : null}
      <p className={text({ size: 'sm', tone: 'muted' })}>
        <time dateTime={item.at}>{notificationTime(item.at)}</time>
      </p>
    </li>
  )
}

function NotificationList({ data, verified }: { data: MyNotifications; verified: boolean }) {
  const status = useRef<HTMLParagraphElement>(null)
  const marking = useAction(async () => {
    await markAllNotificationsRead(data.notices)
    // The button goes with the last unread one: keyboard focus moves to what it changed, not the page's top.
    status.current?.focus()
  }, WORDS)
  if (!data.notices.length) return <p className={notice({ size: 'lg' })}>{NOTIFICATION_COPY.empty}</p>
  const unread = data.notices.filter((item) => !item.read).length
  return (
    <>
      <div className={grid({ gap: '2', justifyItems: 'start' })}>
        <p ref={status} tabIndex={-1} role="status" className={text({ weight: 'semibold' })}>
          {unread > 0 ? `${unread} unread` : 'All read'}
        </p>
        {unread > 0 ? (
          <Button variant="outline" loading={marking.busy} disabled={!verified} onClick={() => void marking.run()}>
            {NOTIFICATION_COPY.markRead}
          </Button>
        ) : null}
        {marking.error ? (
          <p role="alert" className={text({ tone: 'error' })}>
            {marking.error}
          </p>
        ) : null}
      </div>
      <ul className={grid({ gap: '3' })}>
        {data.notices.map((item) => (
          <NotificationItem key={item.id} notification={item} />
        ))}
      </ul>
    </>
  )
}

/** The member's notifications, newest first, read from the device. */
export function NotificationsPage({ initial }: { initial?: Snapshot<MyNotifications | undefined> | null }) {
  usePageMeta({
    title: NOTIFICATION_COPY.listTitle,
    description: 'What Yaari told you about your bookings, newest first.',
  })
  const mine = useMyNotifications(initial)
  const online = useOnline()
  const snapshot = mine.status === 'signed-in' ? mine.snapshot : undefined
  let body: React.ReactNode
  if (mine.status === 'signed-out') {
    body = <SignInPrompt>Sign in to see your notifications.</SignInPrompt>
  } else if (mine.status === 'signed-in' && snapshot?.data) {
    body = (
      <>
        <RefreshedNote refreshedAt={snapshot.refreshedAt} refresh={mine.refresh} />
        <NotificationList data={snapshot.data} verified={mine.verified} />
      </>
    )
  } else if (
    mine.status === 'signed-in' &&
    snapshot &&
    (!online || (mine.refresh?.status === 'failed' && mine.refresh.offline))
  ) {
    body = <p role="alert">{NOTIFICATION_COPY.offline}</p>
  } else if (mine.status === 'signed-in' && snapshot && mine.refresh?.status === 'failed') {
    body = <p role="alert">We couldn’t load your notifications. Please try again.</p>
  } else {
    body = <StatusNote>Loading your notifications…</StatusNote>
  }
  return (
    <section className={cx(container({ maxW: '2xl', py: { base: '10', md: '16' } }), flow({ gap: '6' }))}>
      <h1 className={heading({ level: 'page' })}>{NOTIFICATION_COPY.listTitle}</h1>
      <p className={text({ size: 'sm' })}>
        <Link to="/profile" hash="notifications" className={link()}>
          Choose what we tell you
        </Link>
      </p>
      {body}
    </section>
  )
}
