/**
 * /auth/action: where Firebase's account emails lead (the action URL of the Firebase console's
 * email templates). `mode=resetPassword`: checks the link, asks for the new password twice, sets
 * it and signs the member in. `mode=verifyEmail`: confirms the address. A used, expired or unknown
 * link says so and offers a new one.
 */
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { container } from 'styled-system/patterns'
import { button, heading, text } from 'styled-system/recipes'
import { usePageMeta } from '../../lib/page-meta'
import { AUTH_MESSAGES, authErrorMessage } from '../../lib/session/auth-errors'
import { StatusNote } from '../../ui/status-note'
import { showToast } from '../../ui/toast'
import { NewPasswordForm } from './auth-forms'
import { useAfterAuth } from './use-after-auth'

export interface AuthActionSearch {
  mode?: string
  oobCode?: string
}

type Phase =
  | { kind: 'checking' }
  | { kind: 'reset'; email: string }
  | { kind: 'confirmed' }
  | { kind: 'failed'; message: string }

export function AuthActionPage({ mode, oobCode }: AuthActionSearch) {
  const [phase, setPhase] = useState<Phase>({ kind: 'checking' })
  const { afterSignIn } = useAfterAuth()
  const resetting = mode === 'resetPassword'
  usePageMeta({
    title: resetting ? 'Set a new password' : 'Confirm your email',
    description: 'Set a new password or confirm your email for your Yaari account.',
  })

  useEffect(() => {
    if (!oobCode || (mode !== 'resetPassword' && mode !== 'verifyEmail')) {
      setPhase({ kind: 'failed', message: AUTH_MESSAGES.linkUnknown })
      return
    }
    let live = true
    void (async () => {
      try {
        const actions = await import('../../lib/session/auth-actions')
        if (mode === 'resetPassword') {
          const email = await actions.emailOfResetLink(oobCode)
          if (live) setPhase({ kind: 'reset', email })
        } else {
          await actions.confirmEmail(oobCode)
          if (live) setPhase({ kind: 'confirmed' })
        }
      } catch (error) {
        if (live) setPhase({ kind: 'failed', message: authErrorMessage(error) })
      }
    })()
    return () => {
      live = false
    }
  }, [mode, oobCode])

  return (
    <div className={container({ maxW: 'md', py: { base: '10', md: '16' } })}>
      <h1 className={heading({ level: 'page' })}>{resetting ? 'Set a new password' : 'Confirm your email'}</h1>
      {phase.kind === 'checking' ? (
        <StatusNote>Checking your link…</StatusNote>
      ) : phase.kind === 'reset' ? (
        <NewPasswordForm
          email={phase.email}
          onSubmit={async (password) => {
            const { resetPassword } = await import('../../lib/session/auth-actions')
            await resetPassword(oobCode ?? '', phase.email, password)
            void showToast({ title: AUTH_MESSAGES.passwordChanged, type: 'success' })
            await afterSignIn()
          }}
        />
      ) : phase.kind === 'confirmed' ? (
        <>
          <p role="status" className={text({ size: 'lg' })}>
            {AUTH_MESSAGES.emailConfirmed}
          </p>
          <Link to="/auth" className={button({ size: 'lg' })}>
            Sign In
          </Link>
        </>
      ) : (
        <>
          <p role="alert" className={text({ tone: 'error' })}>
            {phase.message}
          </p>
          <Link to="/auth" className={button({ size: 'lg', variant: 'outline' })}>
            Back to sign in
          </Link>
        </>
      )}
    </div>
  )
}
