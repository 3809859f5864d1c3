/**
 * The onboarding wrapper: 'Step X of 8' progress, a back button and Logout around every
 * step. It waits for the member's session and draft; a visitor who is not signed in is sent
 * to /auth, and a step after the first with no draft sends the member to the first step.
 */
import { Progress } from '@ark-ui/react/progress'
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { css } from 'styled-system/css'
import { container, grid } from 'styled-system/patterns'
import { button, text } from 'styled-system/recipes'
import { useAuthStore, watchAuth } from '../../lib/session/auth-store'
import { Button } from '../../ui/button'
import { showToast } from '../../ui/toast'
import { draftStoreFor, OnboardingProvider, useDraft } from './onboarding-context'
import { ONBOARDING_MESSAGES, PROFILE_FORM_PATH, STEP_PATHS, stepInfo, TOTAL_STEPS } from './steps'

/** Set while Logout runs, so signing out is not mistaken for a lost session. */
let loggingOut = false

export function OnboardingLayout() {
  const { status, member } = useAuthStore()
  const navigate = useNavigate()
  useEffect(() => void watchAuth(), [])

  useEffect(() => {
    if (status !== 'signed-out' || loggingOut) return
    void showToast({ title: ONBOARDING_MESSAGES.authTitle, description: ONBOARDING_MESSAGES.authBody, type: 'error' })
    void navigate({ to: '/auth', replace: true })
  }, [status, navigate])

  if (status !== 'signed-in' || !member) return <Waiting />
  const store = draftStoreFor(member.uid)
  return (
    <OnboardingProvider value={{ uid: member.uid, email: member.email, name: member.name, store }}>
      <OnboardingFrame />
    </OnboardingProvider>
  )
}

function Waiting() {
  return (
    <p role="status" className={css({ p: '10', textAlign: 'center', color: 'fg.muted' })}>
      Loading your profile…
    </p>
  )
}

function OnboardingFrame() {
  // The step on screen: while the next step's code is still on its way, the address is already
  // the next one's but the page is still this one, and the progress, Back and Continue must agree
  // with the page (a Continue pressed then is this step's).
  const pathname = useRouterState({ select: (state) => (state.resolvedLocation ?? state.location).pathname })
  const navigate = useNavigate()
  const ready = useDraft((state) => state.status === 'ready')
  const hasDraft = useDraft((state) => Object.keys(state.draft).length > 0)
  const info = stepInfo(pathname)
  const mustStartOver = ready && info !== undefined && info.step > 1 && pathname !== PROFILE_FORM_PATH && !hasDraft
  const told = useRef(false)

  useEffect(() => {
    if (!mustStartOver) return
    if (!told.current) {
      told.current = true
      void showToast({
        title: ONBOARDING_MESSAGES.missingTitle,
        description: ONBOARDING_MESSAGES.missingBody,
        type: 'warning',
      })
    }
    void navigate({ to: STEP_PATHS[0], replace: true })
  }, [mustStartOver, navigate])

  if (!ready || mustStartOver) return <Waiting />
  return (
    <div className={container({ maxW: 'lg', py: { base: '4', md: '8' } })}>
      <header className={grid({ gap: '3' })}>
        <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', minH: '9' })}>
          {info?.back ? (
            <Link to={info.back} className={button({ variant: 'ghost', size: 'sm' })}>
              <span aria-hidden="true">←</span> Back
            </Link>
          ) : (
            <span />
          )}
          <LogoutButton />
        </div>
        {info ? (
          <Progress.Root
            value={info.step}
            min={0}
            max={TOTAL_STEPS}
            translations={{ value: () => info.label }}
            className={grid({ gap: '1.5' })}
          >
            <Progress.Label className={text({ tone: 'muted', size: 'sm', weight: 'semibold' })}>
              {info.label}
            </Progress.Label>
            <Progress.Track
              className={css({ w: 'full', h: '2', bg: 'bg.muted', borderRadius: 'full', overflow: 'hidden' })}
            >
              <Progress.Range className={css({ h: 'full', bg: 'accent.default', transition: 'width 0.3s' })} />
            </Progress.Track>
          </Progress.Root>
        ) : null}
      </header>
      <div className={css({ mt: { base: '6', md: '10' } })}>
        <Outlet />
      </div>
    </div>
  )
}

function LogoutButton() {
  const navigate = useNavigate()
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={async () => {
        loggingOut = true
        try {
          const { signOutAndForget } = await import('../../lib/session/sign-out')
          await signOutAndForget()
          await navigate({ to: '/auth' })
        } finally {
          loggingOut = false
        }
      }}
    >
      Logout
    </Button>
  )
}
