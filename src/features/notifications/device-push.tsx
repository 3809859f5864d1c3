/**
 * The profile's "This device": whether this phone or browser gets the member's notifications, and
 * the one button that changes it. Each device says yes on its own (a subscription is per browser).
 */
import { NOTIFICATION_COPY } from '@yaari/domain/notification-copy'
import { type ReactNode, useReducer, useRef, useState } from 'react'
import { grid } from 'styled-system/patterns'
import { heading, text } from 'styled-system/recipes'
import { useAction } from '../../lib/call'
import { pushIsOn, pushSupport } from '../../lib/push-device'
import { useAuthStore } from '../../lib/session/auth-store'
import { Button } from '../../ui/button'
import { allowFromTap, PUSH_WORDS } from './notification-ask'
import { SupportNote } from './support-note'

const OFF = 'Notifications are off for this device.'
const OFF_WORDS = { offline: 'You’re offline: turning notifications off needs a connection.' }

export function DevicePush() {
  const uid = useAuthStore((state) => state.member?.uid)
  const [support, setSupport] = useState(pushSupport)
  // What the device remembers is read as the page renders; a change here renders it again.
  const [, changed] = useReducer((count: number) => count + 1, 0)
  const enable = useAction(allowFromTap, PUSH_WORDS)
  const disable = useAction(async () => {
    const { disablePush } = await import('./push')
    await disablePush()
  }, OFF_WORDS)
  const on = pushIsOn(uid)
  const error = enable.error ?? disable.error
  // The button changes with the answer: keyboard focus moves to the answer, not the page's top.
  const status = useRef<HTMLParagraphElement>(null)
  const answered = () => {
    changed()
    status.current?.focus()
  }

  let body: ReactNode
  if (support !== 'ready') body = <SupportNote support={support} />
  else {
    body = (
      <>
        <p ref={status} tabIndex={-1} role="status">
          {on ? NOTIFICATION_COPY.allowed : OFF}
        </p>
        {error ? (
          <p role="alert" className={text({ tone: 'error' })}>
            {error}
          </p>
        ) : null}
        {on ? (
          <Button
            variant="outline"
            loading={disable.busy}
            loadingText="Turning off…"
            onClick={() => void disable.run().then(answered)}
          >
            {NOTIFICATION_COPY.turnOff}
          </Button>
        ) : (
          <Button
            loading={enable.busy}
            loadingText="Allowing…"
            disabled={!uid}
            onClick={() => {
              if (!uid) return
              disable.setError(undefined)
              void enable.run(uid).then((outcome) => {
                if (outcome === 'blocked') setSupport('blocked')
                answered()
              })
            }}
          >
            {NOTIFICATION_COPY.allow}
          </Button>
        )}
      </>
    )
  }
  return (
    <div id="notifications-device" className={grid({ gap: '3', justifyItems: 'start' })}>
      <h3 className={heading({ level: 'sub' })}>{NOTIFICATION_COPY.onThisDevice}</h3>
      {body}
    </div>
  )
}
