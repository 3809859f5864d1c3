/**
 * The one place Yaari asks to send notifications: a small card right after a member has something
 * to be told about (a confirmed booking, a place on a waitlist, a date a host coordinates), never on
 * a first visit. Nothing
 * leaves the device until Allow: the support check is local, and the subscribing code (push.ts)
 * loads with that tap. Not now is remembered on this device, for that ask.
 */
import { NOTIFICATION_COPY } from '@yaari/domain/notification-copy'
import { useEffect, useId, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { wrap } from 'styled-system/patterns'
import { card, text } from 'styled-system/recipes'
import { useAction } from '../../lib/call'
import { pushIsOn, pushSupport } from '../../lib/push-device'
import { useAuthStore } from '../../lib/session/auth-store'
import { Button } from '../../ui/button'
import { SupportNote } from './support-note'

/** Where a member may be asked: after a booking, after joining a waitlist, coordinating a date. */
type AskContext = 'booking' | 'waitlist' | 'coordinating'

const QUESTIONS: Record<AskContext, string> = {
  booking: NOTIFICATION_COPY.afterBooking,
  waitlist: NOTIFICATION_COPY.afterWaitlist,
  coordinating: NOTIFICATION_COPY.forCoordinator,
}

const NOT_NOW_KEY = 'yaari:notify-not-now:'

/** Whether the member said Not now to this ask on this device (storage may be blocked: then no). */
function saidNotNow(context: AskContext): boolean {
  try {
    return localStorage.getItem(NOT_NOW_KEY + context) === '1'
  } catch {
    return false
  }
}

function rememberNotNow(context: AskContext): void {
  try {
    localStorage.setItem(NOT_NOW_KEY + context, '1')
  } catch {
    // Not remembered: the ask comes again next time.
  }
}

export const PUSH_WORDS = { offline: 'You’re offline: turning notifications on needs a connection.' }

/**
 * Turns push on from a tap. The browser's question is asked before push.ts loads: Safari lets a
 * page ask only while it handles the tap, and the import may take longer than that allows.
 */
export async function allowFromTap(uid: string) {
  const permission = Notification.requestPermission()
  const { enablePush } = await import('./push')
  return enablePush(uid, permission)
}

export function NotificationAsk({ context }: { context: AskContext }) {
  const uid = useAuthStore((state) => state.member?.uid)
  const titleId = useId()
  // What the device says as the ask appears; a tap below changes it.
  const [support, setSupport] = useState(pushSupport)
  const [dismissed, setDismissed] = useState(() => saidNotNow(context))
  const [allowed, setAllowed] = useState(false)
  const enable = useAction(allowFromTap, PUSH_WORDS)
  // The buttons give way to the answer: keyboard focus moves to it, not the page's top.
  const answer = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (allowed) answer.current?.focus()
  }, [allowed])

  // Not asked again where push is on already (the answer stays on screen once given here).
  if (!uid || dismissed || (pushIsOn(uid) && !allowed)) return null
  const styles = card({ variant: 'outline', size: 'compact' })
  const allow = async () => {
    const outcome = await enable.run(uid)
    if (outcome === 'on') setAllowed(true)
    else if (outcome === 'blocked') setSupport('blocked')
  }
  return (
    <section aria-labelledby={titleId} className={cx(styles.root, css({ gap: '3', w: 'full', textAlign: 'start' }))}>
      <p id={titleId} className={text({ weight: 'semibold' })}>
        {QUESTIONS[context]}
      </p>
      {allowed ? (
        <p ref={answer} tabIndex={-1} role="status" className={text({ tone: 'success' })}>
          {NOTIFICATION_COPY.allowed}
        </p>
      ) : support === 'ready' ? (
        <>
          {enable.error ? (
            <p role="alert" className={text({ tone: 'error' })}>
              {enable.error}
            </p>
          ) : null}
          <div className={wrap({ gap: '3' })}>
            <Button size="sm" loading={enable.busy} loadingText="Allowing…" onClick={() => void allow()}>
              {NOTIFICATION_COPY.allow}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={enable.busy}
              onClick={() => {
                rememberNotNow(context)
                setDismissed(true)
              }}
            >
              {NOTIFICATION_COPY.notNow}
            </Button>
          </div>
        </>
      ) : (
        <SupportNote support={support} />
      )}
    </section>
  )
}
