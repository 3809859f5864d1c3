/**
 * The profile's Notifications: which kinds of notification the member wants, on the phone and
 * under the bell (email is sent either way). The server keeps the kinds turned off, so a kind
 * added later is on until the member turns it off. The boxes start from the list this device holds
 * (member-data: the `off` that came with the notifications), refreshed when the page opens.
 */
import {
  NOTIFICATION_COPY,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '@yaari/domain/notifications'
import { type ReactNode, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { grid, visuallyHidden } from 'styled-system/patterns'
import { heading, text } from 'styled-system/recipes'
import { useAction } from '../../lib/call'
import { useMyNotifications } from '../../lib/member-data/hooks'
import { saveNotificationSettings } from '../../lib/member-data/refresh'
import { useOnline } from '../../lib/use-online'
import { Button } from '../../ui/button'
import { CheckboxField } from '../../ui/checkbox'
import { StatusNote } from '../../ui/status-note'

const WORDS = { offline: 'You’re offline: saving your notification settings needs a connection.' }

/** What a member may turn off: everything but a guest's alert, which reaches a coordinator always. */
const CHOOSABLE: readonly NotificationKind[] = NOTIFICATION_KINDS.filter((kind) => kind !== 'help')

function KindsForm({ off, verified }: { off: readonly NotificationKind[]; verified: boolean }) {
  const [on, setOn] = useState(() => new Set(CHOOSABLE.filter((kind) => !off.includes(kind))))
  const [saved, setSaved] = useState(false)
  const status = useRef<HTMLParagraphElement>(null)
  const saving = useAction(async (turnedOff: NotificationKind[]) => {
    await saveNotificationSettings(turnedOff)
    setSaved(true)
    // Keyboard focus stays where the answer is, not at the page's top (the button was busy).
    status.current?.focus()
  }, WORDS)
  const toggle = (kind: NotificationKind, checked: boolean) => {
    const next = new Set(on)
    if (checked) next.add(kind)
    else next.delete(kind)
    setOn(next)
    setSaved(false)
    saving.setError(undefined)
  }
  return (
    <div className={grid({ gap: '4', justifyItems: 'start' })}>
      <fieldset disabled={!verified} aria-describedby="notifications-quiet" className={grid({ gap: '3', minW: '0' })}>
        <legend className={css({ mb: '3' })}>{NOTIFICATION_COPY.settingsIntro}</legend>
        {CHOOSABLE.map((kind) => (
          <CheckboxField
            key={kind}
            label={NOTIFICATION_KIND_LABELS[kind]}
            checked={on.has(kind)}
            disabled={!verified}
            onChange={(checked) => toggle(kind, checked)}
          />
        ))}
      </fieldset>
      <p id="notifications-quiet" className={text({ size: 'sm', tone: 'muted' })}>
        {NOTIFICATION_COPY.quietHours}
      </p>
      <Button
        loading={saving.busy}
        loadingText="Saving…"
        disabled={!verified}
        onClick={() => void saving.run(CHOOSABLE.filter((kind) => !on.has(kind)))}
      >
        Save<span className={visuallyHidden()}> notification settings</span>
      </Button>
      <p ref={status} tabIndex={-1} role="status" className={text({ tone: 'success' })}>
        {saved ? NOTIFICATION_COPY.saved : null}
      </p>
      {saving.error ? (
        <p role="alert" className={text({ tone: 'error' })}>
          {saving.error}
        </p>
      ) : null}
    </div>
  )
}

/**
 * The Notifications section of the profile, for a signed-in member. `children` goes under its
 * heading, before the kinds: this device's own setting (push on this phone).
 */
export function NotificationSettings({ children }: { children?: ReactNode }) {
  const mine = useMyNotifications()
  const online = useOnline()
  const signedIn = mine.status === 'signed-in' ? mine : undefined
  const data = signedIn?.snapshot?.data
  const failed = signedIn?.snapshot && signedIn.refresh?.status === 'failed' ? signedIn.refresh : undefined
  let body: ReactNode
  if (signedIn && data) {
    body = <KindsForm key={signedIn.uid} off={data.off} verified={signedIn.verified} />
  } else if (signedIn?.snapshot && (!online || failed?.offline)) {
    body = <p role="alert">{NOTIFICATION_COPY.offline}</p>
  } else if (failed) {
    body = <p role="alert">We couldn’t load your notification settings. Please try again.</p>
  } else {
    body = <StatusNote>Loading your notification settings…</StatusNote>
  }
  return (
    <section
      id="notifications"
      aria-labelledby="notifications-heading"
      // Reached by /profile#notifications: clear of the sticky header.
      className={cx(grid({ gap: '4', mt: '8', justifyItems: 'start' }), css({ scrollMarginTop: '20' }))}
    >
      <h2 id="notifications-heading" className={heading({ level: 'section' })}>
        {NOTIFICATION_COPY.settingsHeading}
      </h2>
      {children}
      {body}
    </section>
  )
}
