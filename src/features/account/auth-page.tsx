import { Tabs } from '@ark-ui/react/tabs'
import { Link, useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState } from 'react'
import { container, flow, grid } from 'styled-system/patterns'
import { button, heading, tabs as tabsRecipe, text } from 'styled-system/recipes'
import { usePageMeta } from '../../lib/page-meta'
import { useAuthStore, watchAuth } from '../../lib/session/auth-store'
import { rememberReturnPath } from '../../lib/session/return-path'
import { Button } from '../../ui/button'
import { SignInForm, SignUpForm } from './auth-forms'
import { useAfterAuth } from './use-after-auth'

/** Only a host at the door ever sees it: its dialog loads then, not with every sign-in page. */
const UnsyncedCheckInsDialog = lazy(() =>
  import('./unsynced-check-ins-dialog').then((module) => ({ default: module.UnsyncedCheckInsDialog })),
)

/** Sign in or sign up: underlined tabs. */
const tabs = tabsRecipe({ variant: 'line' })

/**
 * /auth: Sign In and Sign Up tabs, or 'Welcome back' when already signed in. `next` is the page
 * to go back to afterwards (kept for this tab through onboarding; only an app path is followed).
 */
export function AuthPage({ next }: { next?: string }) {
  const { status, member } = useAuthStore()
  const navigate = useNavigate()
  const { afterSignIn, afterSignUp } = useAfterAuth()
  usePageMeta({ title: 'Sign in', description: 'Sign in to Yaari or create your account to book curated events.' })
  useEffect(() => void watchAuth(), [])
  useEffect(() => rememberReturnPath(next), [next])
  const [unsynced, setUnsynced] = useState<{ count: number; date?: string }>()
  const signOut = async () => {
    const { signOutAndForget } = await import('../../lib/session/sign-out')
    await signOutAndForget()
    await navigate({ to: '/' })
  }

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
            <Button
              size="lg"
              variant="outline"
              onClick={async () => {
                // A host at the door: check-ins this phone has not synced are said before they sign out.
                const { localDb, unsyncedCheckIns } = await import('../../lib/db')
                const waiting = await unsyncedCheckIns(localDb()).catch(() => ({ count: 0 }))
                if (waiting.count > 0) return setUnsynced(waiting)
                await signOut()
              }}
            >
              Sign Out
            </Button>
          </div>
          {unsynced ? (
            <Suspense fallback={null}>
              <UnsyncedCheckInsDialog
                waiting={unsynced}
                onClose={() => setUnsynced(undefined)}
                onSignOut={() => void signOut()}
              />
            </Suspense>
          ) : null}
        </section>
      ) : (
        <section className={flow({ gap: '4' })}>
          <h1 className={heading({ level: 'page' })}>Welcome to Yaari</h1>
          <p className={text({ tone: 'muted' })}>Sign in or create an account to book your seat.</p>
          {status === 'unknown' ? (
            <p role="status">Checking your session…</p>
          ) : (
            <Tabs.Root defaultValue="sign-in" className={tabs.root}>
              <Tabs.List className={tabs.list}>
                <Tabs.Trigger value="sign-in" className={tabs.trigger}>
                  Sign In
                </Tabs.Trigger>
                <Tabs.Trigger value="sign-up" className={tabs.trigger}>
                  Sign Up
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="sign-in" className={tabs.content}>
                <SignInForm onSignedIn={afterSignIn} />
              </Tabs.Content>
              <Tabs.Content value="sign-up" className={tabs.content}>
                <SignUpForm onSignedUp={afterSignUp} />
              </Tabs.Content>
            </Tabs.Root>
          )}
        </section>
      )}
    </div>
  )
}
