import { useNavigate, useRouter } from '@tanstack/react-router'
import { errorCode } from '@yaari/domain/error-code'
import { firstNameOf } from '@yaari/domain/names'
import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { heading, text } from 'styled-system/recipes'
import { localDb } from '../../lib/db'
import { usePageMeta } from '../../lib/page-meta'
import { takeReturnPath } from '../../lib/session/return-path'
import { Button } from '../../ui/button'
import { showToast } from '../../ui/toast'
import { useOnboarding } from './onboarding-context'
import { liveSyncDeps, startPendingSync } from './pending-sync'
import { payloadFromDraft } from './profile-payload'
import { completeProfile } from './profile-sync'
import { ONBOARDING_MESSAGES, PROFILE_SAVE_DELAY_MS } from './steps'

type Phase =
  | { kind: 'saving' }
  | { kind: 'welcome'; queued: boolean }
  | { kind: 'failed'; title: string; description: string; reason?: string }

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Step 8: saves the profile ('Creating your adventure profile...', then the fixed 1.5 s
 * pause), then welcomes the member. Offline, the profile waits in the outbox and the member
 * is told it will be sent when the connection returns.
 */
export function CompleteStep() {
  usePageMeta({ title: 'Welcome', description: 'Your Yaari profile is ready.' })
  const { uid, store } = useOnboarding()
  const navigate = useNavigate()
  const router = useRouter()
  const [phase, setPhase] = useState<Phase>({ kind: 'saving' })
  const started = useRef(false)

  const save = async () => {
    setPhase({ kind: 'saving' })
    const { draft } = store.getState()
    const result = payloadFromDraft(draft)
    if (!result.ok) {
      void showToast({
        title: ONBOARDING_MESSAGES.missingTitle,
        description: `${ONBOARDING_MESSAGES.missingBody} ${result.message}`,
        type: 'warning',
      })
      await navigate({ to: result.step, replace: true })
      return
    }
    try {
      const outcome = await completeProfile(localDb(), uid, result.payload, draft.photo, liveSyncDeps)
      if (outcome.kind === 'saved' && outcome.photoFailed) {
        void showToast({
          title: ONBOARDING_MESSAGES.uploadTitle,
          description: ONBOARDING_MESSAGES.uploadBody,
          type: 'error',
        })
      }
      await delay(PROFILE_SAVE_DELAY_MS)
      if (outcome.kind === 'saved') void showToast({ title: ONBOARDING_MESSAGES.created, type: 'success' })
      else startPendingSync()
      setPhase({ kind: 'welcome', queued: outcome.kind === 'queued' })
    } catch (error) {
      const code = errorCode(error)
      if (code === 'functions/unauthenticated') {
        void showToast({
          title: ONBOARDING_MESSAGES.authTitle,
          description: ONBOARDING_MESSAGES.authBody,
          type: 'error',
        })
        await navigate({ to: '/auth' })
        return
      }
      const failed =
        code === 'functions/invalid-argument'
          ? {
              title: ONBOARDING_MESSAGES.failedTitle,
              description: ONBOARDING_MESSAGES.failedBody,
              reason: error instanceof Error ? error.message : undefined,
            }
          : { title: ONBOARDING_MESSAGES.unexpectedTitle, description: ONBOARDING_MESSAGES.unexpectedBody }
      void showToast({ title: failed.title, description: failed.description, type: 'error' })
      setPhase({ kind: 'failed', ...failed })
    }
  }

  useEffect(() => {
    if (started.current) return
    started.current = true
    void save()
  })

  if (phase.kind === 'saving') {
    return (
      <div role="status" className={css({ display: 'grid', justifyItems: 'center', gap: '4', py: '16' })}>
        <span
          aria-hidden="true"
          className={css({
            w: '10',
            h: '10',
            borderWidth: '4px',
            borderColor: 'accent.subtle',
            borderTopColor: 'accent.default',
            borderRadius: 'full',
            animation: 'spin 1s linear infinite',
          })}
        />
        <p className={text({ size: 'lg', weight: 'semibold' })}>{ONBOARDING_MESSAGES.creating}</p>
      </div>
    )
  }

  if (phase.kind === 'failed') {
    return (
      <div className={css({ display: 'grid', gap: '4', py: '10', textAlign: 'center' })}>
        <div role="alert">
          <h1 className={heading({ level: 'section' })}>{phase.title}</h1>
          <p className={css({ mt: '2', color: 'fg.muted' })}>{phase.description}</p>
          {phase.reason ? <p className={css({ mt: '2', fontSize: 'sm' })}>{phase.reason}</p> : null}
        </div>
        <Button size="lg" onClick={() => void save()}>
          Try again
        </Button>
      </div>
    )
  }

  const name = firstNameOf(store.getState().draft.name)
  return (
    <div className={css({ display: 'grid', gap: '4', py: '10', textAlign: 'center' })}>
      <h1 className={heading({ level: 'page' })}>Welcome to Yaari{name ? `, ${name}` : ''}!</h1>
      <p className={text({ tone: 'muted' })}>
        Your profile is ready. Pick an event, book your seat, and meet your new people.
      </p>
      {phase.queued ? (
        <p role="status" className={css({ p: '3', bg: 'bg.muted', borderRadius: 'l2' })}>
          You’re offline, so your profile is saved on this device. We’ll send it as soon as you’re back online.
        </p>
      ) : null}
      <Button
        size="lg"
        onClick={async () => {
          // Back to the event they were booking before signing up, else to all events.
          const back = takeReturnPath()
          if (back) router.history.push(back)
          else await navigate({ to: '/events' })
          await store.getState().reset()
        }}
      >
        Start Your Adventure
      </Button>
    </div>
  )
}
