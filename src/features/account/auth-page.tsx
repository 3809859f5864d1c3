import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { container, flow, grid } from 'styled-system/patterns'
import { button, heading, text } from 'styled-system/recipes'
import { usePageMeta } from '../../lib/page-meta'
import { useAuthStore, watchAuth } from '../../lib/session/auth-store'
import { rememberReturnPath } from '../../lib/session/return-path'
import { Tabs } from '../../ui/tabs'
import { SignInForm, SignUpForm } from './auth-forms'
import { SignOutButton } from './sign-out-button'
import { useAfterAuth } from './use-after-auth'

/**
 * /auth: Sign In and Sign Up tabs, or 'Welcome back' when already signed in. `next` is the page
 * to go back to afterwards (kept for this tab through onboarding; only an app path is followed).
 */
export function AuthPage({ next }: { next?: string }) {
  const { status, member } = useAuthStore()
  const { afterSignIn, afterSignUp } = useAfterAuth()
  usePageMeta({ title: 'Sign in', description: 'Sign in to Yaari or create your account to book curated events.' })
  useEffect(() => void watchAuth(), [])
  useEffect(() => rememberReturnPath(next), [next])

  return (
    <div className={container({ maxW: 'md', py: { base: '10', md: '16' } })}>
      {status === 'signed-in' && member ? (
        <section className={flow({ gap: '4' })}>
          <h1 className={heading({ level: 'page' })}>Welcome back</h1>
          <p className={text({ tone: 'muted' })}>Signed in as {member.name || member.email}.</p>
          <div className={grid({ gap: '3' })}>
            <Link to="/" className={button({ size: 'lg' })}>
              Go to Homepage
            </Link>
            <Link to="/my-bookings" className={button({ size: 'lg', variant: 'outline' })}>
              My bookings
            </Link>
            <SignOutButton size="lg" />
          </div>
        </section>
      ) : (
        <section className={flow({ gap: '4' })}>
          <h1 className={heading({ level: 'page' })}>Welcome to Yaari</h1>
          <p className={text({ tone: 'muted' })}>Sign in or create an account to book your seat.</p>
          {status === 'unknown' ? (
            <p role="status">Checking your session…</p>
          ) : (
            <Tabs
              look="line"
              panels={[
                { value: 'sign-in', label: 'Sign In', content: <SignInForm onSignedIn={afterSignIn} /> },
                { value: 'sign-up', label: 'Sign Up', content: <SignUpForm onSignedUp={afterSignUp} /> },
              ]}
            />
          )}
        </section>
      )}
    </div>
  )
}
